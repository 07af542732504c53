package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.netty.handler.ssl.SslContext;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.config.ConfigurationUtils;

import static org.apache.dubbo.common.constants.CommonConstants.DEFAULT_SERVER_SHUTDOWN_TIMEOUT;

/**
 * Everything a consumer holds for one provider address: its connection pool, shared by every service referenced
 * at that address, and counted so that the last invoker to go closes it.
 */
public final class HttpJsonClient {

    final HttpJsonConfig config;
    final ClientResources resources;
    final ConnectionPool pool;
    final String hostHeader;
    /** Dubbo's shutdown wait, read when the client is made, as DubboInvoker reads it. */
    private final int shutdownWaitMillis;

    private int references = 1;
    /** Written under this client's lock; read on every call without it. */
    private volatile boolean closed;

    public HttpJsonClient(URL url) {
        this(url, HttpJsonConfig.forConsumer(url));
    }

    /** A client for {@code url} with the consumer's config of it ({@code ConsumerView}). */
    public HttpJsonClient(URL url, HttpJsonConfig config) {
        this.config = config;
        SslContext tls = ClientTls.forConsumer(url);
        // before the IO threads are taken: a port above 65535 fails here, and a client that fails holds no share
        InetSocketAddress remote = new InetSocketAddress(url.getHost(), url.getPort());
        this.hostHeader = hostHeader(url.getHost(), url.getPort());
        this.shutdownWaitMillis = url.getScopeModel() != null
                ? ConfigurationUtils.getServerShutdownTimeout(url.getScopeModel())
                : DEFAULT_SERVER_SHUTDOWN_TIMEOUT;
        this.resources = ClientResources.acquire(config.ioThreads());
        try {
            this.pool = new ConnectionPool(remote, config, resources, tls);
        } catch (RuntimeException | Error e) {
            resources.release();
            throw e;
        }
    }

    /** The Host header of {@code host} and {@code port}: an IPv6 address in brackets (RFC 9110, section 7.2). */
    static String hostHeader(String host, int port) {
        return (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

    /** Another invoker shares this client; false if it was closed meanwhile (make a new one). */
    public synchronized boolean retain() {
        if (closed) {
            return false;
        }
        references++;
        return true;
    }

    /**
     * One invoker is done with it; the last one closes the pool. As over the dubbo protocol, calls still in flight
     * then get Dubbo's shutdown wait to end (cut short by a shutdown hook's deadline); then those left fail, and the
     * IO threads may stop.
     */
    public void release() {
        synchronized (this) {
            if (closed || --references > 0) {
                return;
            }
            closed = true;
        }
        // the IO threads stay until the calls still in flight on this client's connections have ended, or failed
        pool.close(resources::release, ConfigurationUtils.reCalShutdownTime(shutdownWaitMillis));
    }

    /** The provider address this client calls. */
    public InetSocketAddress remote() {
        return pool.remote();
    }

    /** True if calls go over TLS. */
    public boolean isTls() {
        return pool.dialer.isTls();
    }

    /** False while the provider is known to be out: it refused a connect, or said it shuts down. */
    public boolean isReachable() {
        return pool.dialer.reachability.available();
    }

    public boolean isClosed() {
        return closed;
    }

    /** Connections open or being opened (for tests and metrics). */
    public int openConnections() {
        return pool.openConnections();
    }

    /** How many connections may be open for now: grows by itself unless httpjson.max-connections is set. */
    public int connectionLimit() {
        return pool.connectionLimit();
    }

    /**
     * From now on at most {@code limit} connections, as if {@code httpjson.max-connections} were set so; those above
     * it close as their calls end (for tests of a pool that shrinks, as it does after a trial of more connections).
     */
    public void fixConnectionLimit(int limit) {
        pool.fixConnectionLimit(limit);
    }

    public int idleConnections() {
        return pool.idleConnections();
    }

    /** Calls waiting for one of this client's connections (for tests and metrics). */
    public int waitingCalls() {
        return pool.waitingCalls();
    }

    /** Calls sent on a connection that had others in flight (pipelined), since the client was made. */
    public long pipelinedCalls() {
        return pool.pipelinedCalls();
    }
}
