package io.httpjson.protocol.internal.server;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.RpcException;
import org.eclipse.jetty.server.DetectorConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import static org.apache.dubbo.common.constants.CommonConstants.ANYHOST_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.ANYHOST_VALUE;
import static org.apache.dubbo.common.constants.LoggerCodeConstants.TRANSPORT_FAILED_CLOSE;
import static org.apache.dubbo.remoting.Constants.BIND_IP_KEY;
import static org.apache.dubbo.remoting.Constants.BIND_PORT_KEY;

/**
 * One Jetty server per host:port, shared by every service exported on it. Requests in flight are counted so
 * that {@link #close(long)} can let them finish while new ones get a retryable 503.
 */
public final class HttpJsonServer implements ProtocolServer {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(HttpJsonServer.class);

    private final URL url;
    private final HttpJsonConfig config;
    private final JsonCodec defaultCodec;
    private final Routes routes = new Routes();
    private final Responder responder;
    private final Server jetty;
    private final ServerConnector connector;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong gzippedRequests = new AtomicLong();
    private final DecodeBudget decodeBudget;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private volatile boolean closing;
    private final boolean tls;
    private final boolean tlsRequired;
    private String address;

    public HttpJsonServer(URL url, JsonCodec defaultCodec) {
        this.url = url;
        this.config = HttpJsonConfig.of(url);
        this.defaultCodec = defaultCodec;
        this.responder = new Responder(config);
        this.decodeBudget = new DecodeBudget(config.decodeBudget());
        int ioThreads = config.ioThreads();
        int extra = config.dispatch() == HttpJsonConfig.Dispatch.POOL ? 8 : config.threads();
        QueuedThreadPool pool = new QueuedThreadPool(Math.max(ioThreads + 4, ioThreads + 2 + extra), 2);
        pool.setName("httpjson-server-" + url.getPort());
        pool.setDaemon(true);
        this.jetty = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(config.maxHeaderBytes());
        http.setResponseHeaderSize(config.maxHeaderBytes());
        HttpConnectionFactory httpFactory = new HeadTimeoutConnectionFactory(http, config.headerTimeoutMillis());
        ServerTls serverTls;
        try {
            serverTls = ServerTls.of(url);
        } catch (IllegalStateException e) {
            throw new RpcException(
                    "httpjson: cannot start the server on port " + url.getPort() + ": " + e.getMessage(), e);
        }
        this.tlsRequired = serverTls != null && serverTls.required;
        this.tls = serverTls != null;
        if (serverTls == null) {
            this.connector = new ServerConnector(jetty, 1, ioThreads, httpFactory);
        } else {
            // one port for both: a TLS handshake goes to TLS, anything else to plain HTTP, where RequestHandler
            // turns it away with a 400 unless the policy allows plain text
            http.addCustomizer(new SecureRequestCustomizer(false, false, -1, false));
            SslConnectionFactory ssl = new SslConnectionFactory(serverTls.factory, httpFactory.getProtocol());
            this.connector = new ServerConnector(jetty, 1, ioThreads, new DetectorConnectionFactory(ssl), httpFactory);
        }
        connector.setHost(bindHost(url));
        connector.setPort(url.getParameter(BIND_PORT_KEY, url.getPort()));
        connector.setIdleTimeout(config.serverIdleTimeoutMillis());
        connector.setAcceptQueueSize(config.backlog());
        jetty.addConnector(connector);
        if (config.accepts() > 0) {
            // beyond it, connections wait in the accept queue until one closes
            jetty.addBean(new NetworkConnectionLimit(config.accepts(), connector));
        }
        jetty.setHandler(new RequestHandler(this, config, HttpFeatures.of(url), responder));
        jetty.setErrorHandler(new JsonErrorHandler(config, defaultCodec, responder));
        jetty.setStopTimeout(0);
        try {
            jetty.start();
        } catch (Exception e) {
            try {
                jetty.stop();
            } catch (Exception ignored) {
                // nothing more to release
            }
            throw new RpcException(
                    "httpjson: cannot start the server on " + connector.getHost() + ":"
                            + connector.getPort() + ": " + e.getMessage() + ". Is the port already in use? Set another"
                            + " port on the protocol (port=...)",
                    e);
        }
        this.address = url.getAddress();
    }

    /**
     * The address to bind: Dubbo's {@code bind.ip}. A loopback address stays loopback (Dubbo widens it to all
     * interfaces for its own servers; we don't); a non-loopback host with {@code anyhost=true} binds all.
     */
    static String bindHost(URL url) {
        String bind = url.getParameter(BIND_IP_KEY, url.getHost());
        if (bind != null && (bind.startsWith("127.") || bind.equals("localhost") || bind.equals("::1"))) {
            return bind;
        }
        if (url.getParameter(ANYHOST_KEY, false) || NetUtils.isInvalidLocalHost(bind)) {
            return ANYHOST_VALUE;
        }
        return bind;
    }

    /** The port actually bound (useful when the URL asked for port 0). */
    public int localPort() {
        return connector.getLocalPort();
    }

    DecodeBudget decodeBudget() {
        return decodeBudget;
    }

    Routes routes() {
        return routes;
    }

    JsonCodec defaultCodec() {
        return defaultCodec;
    }

    /** True if the server speaks TLS (Dubbo gave it a certificate). */
    public boolean isTls() {
        return tls;
    }

    /** True if plain-text requests are turned away (TLS with any policy but {@code NONE}). */
    boolean tlsRequired() {
        return tlsRequired;
    }

    /** True once the server turns new calls away (its last service was unexported, or it is closing). */
    public boolean isClosing() {
        return closing;
    }

    /** Adds a service; the returned handle removes it. */
    public Runnable export(Invoker<?> invoker, JsonCodec codec, Executor executor) {
        ServiceRoute route = new ServiceRoute(invoker, codec, executor);
        routes.add(route);
        return () -> {
            routes.remove(route);
            if (routes.isEmpty()) {
                // the last service is going: answer new calls with a retryable 503 while calls in flight finish
                closing = true;
            }
        };
    }

    public boolean hasServices() {
        return !routes.isEmpty();
    }

    /** Counts the request as in flight until its callback completes. */
    Callback track(Callback callback) {
        inFlight.incrementAndGet();
        return new Callback() {
            @Override
            public void succeeded() {
                done();
                callback.succeeded();
            }

            @Override
            public void failed(Throwable x) {
                done();
                callback.failed(x);
            }

            @Override
            public InvocationType getInvocationType() {
                return callback.getInvocationType();
            }
        };
    }

    private void done() {
        if (inFlight.decrementAndGet() == 0 && closing) {
            synchronized (inFlight) {
                inFlight.notifyAll();
            }
        }
    }

    /** The accept queue the listening socket was opened with ({@code backlog}). */
    public int acceptQueueSize() {
        return connector.getAcceptQueueSize();
    }

    /** Connections open to this server now. */
    public int connections() {
        return connector.getConnectedEndPoints().size();
    }

    /** Requests that arrived gzipped (for tests and metrics). */
    public long gzippedRequests() {
        return gzippedRequests.get();
    }

    void countGzipped() {
        gzippedRequests.incrementAndGet();
    }

    public int inFlight() {
        return inFlight.get();
    }

    /**
     * Stops taking new calls (they get 503 SHUTTING_DOWN with {@code Connection: close}, which a Dubbo consumer
     * retries on another provider), waits up to {@code timeoutMillis} for calls in flight, then stops Jetty.
     */
    public void close(long timeoutMillis) {
        closing = true;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (inFlight) {
            long left;
            while (inFlight.get() > 0 && (left = deadline - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(inFlight, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (inFlight.get() > 0) {
            LOG.warn(
                    TRANSPORT_FAILED_CLOSE,
                    "",
                    "",
                    "httpjson: closing " + address + " with " + inFlight.get() + " calls still in flight after "
                            + timeoutMillis + " ms");
        }
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn(TRANSPORT_FAILED_CLOSE, "", "", "httpjson: stopping " + address + " failed", e);
        }
    }

    @Override
    public void close() {
        close(0);
    }

    @Override
    public String getAddress() {
        return address;
    }

    @Override
    public void setAddress(String address) {
        this.address = address;
    }

    @Override
    public URL getUrl() {
        return url;
    }

    @Override
    public Map<String, Object> getAttributes() {
        return attributes;
    }

    public InetSocketAddress localAddress() {
        return new InetSocketAddress(connector.getHost() == null ? "0.0.0.0" : connector.getHost(), localPort());
    }
}
