package io.httpjson.protocol.internal.server;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.RpcException;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.TRANSPORT_FAILED_CLOSE;

/**
 * One Jetty server per host:port, shared by every service exported on it. Requests in flight are counted so
 * that {@link #close(long)} can let them finish while new ones get a retryable 503.
 */
public final class HttpJsonServer implements ProtocolServer {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(HttpJsonServer.class);

    private final URL url;
    private final PortSettings portSettings;
    private final HttpJsonConfig config;
    private final JsonCodec defaultCodec;
    private final Routes routes = new Routes();
    private final Catalog catalog;
    private final Responder responder;
    private final Server jetty;
    private final ServerConnector connector;
    private final InFlight inFlight = new InFlight();
    final PoolJobs poolJobs = new PoolJobs();
    private final AtomicLong gzippedRequests = new AtomicLong();
    private final DecodeBudget decodeBudget;
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private volatile boolean closing;
    private volatile boolean readOnly;
    private final boolean tls;
    /** Null for plain HTTP; its policy may change as its certificate is reloaded. */
    private final ServerTls serverTls;

    private String address;

    public HttpJsonServer(URL url, JsonCodec defaultCodec, HttpFeatures features) {
        this.url = url;
        this.portSettings = new PortSettings(url);
        this.config = HttpJsonConfig.of(url);
        this.defaultCodec = defaultCodec;
        this.catalog = new Catalog(this, features);
        this.responder = new Responder(config, () -> closing || readOnly, () -> readOnly);
        this.decodeBudget = new DecodeBudget(config.decodeBudget());
        ServerTls serverTls;
        try {
            serverTls = ServerTls.of(url, this::liveUrl);
        } catch (IllegalStateException e) {
            throw new RpcException(
                    "httpjson: cannot start the server on port " + url.getPort() + ": " + e.getMessage(), e);
        }
        this.serverTls = serverTls;
        this.tls = serverTls != null;
        this.connector = JettyAssembly.build(url, config, serverTls);
        this.jetty = connector.getServer();
        jetty.setHandler(new RequestHandler(this, config, features, responder));
        jetty.setErrorHandler(new JsonErrorHandler(config, defaultCodec, responder));
        JettyAssembly.start(connector);
        this.address = url.getAddress();
    }

    /**
     * Null if {@code service} (a URL to export on this server) may be served with the port's settings; else why not,
     * as {@code name: value (expected: ...)} ({@link PortSettings}; who may call over TLS, {@link
     * ServerTls#differs}). Called under the protocol's lock on its servers.
     */
    public String portSettingsDiffer(URL service) {
        String tlsDiffers = ServerTls.differs(serverTls, service);
        return tlsDiffers != null ? tlsDiffers : portSettings.check(service, hasServices(), address);
    }

    /**
     * The URL of an application serving on the port: the first service's, or, once its application has stopped
     * (several applications of one framework share a port), a service's whose application still runs, so that what
     * the server asks Dubbo later (a rotated certificate) is asked of an application that is there.
     */
    private URL liveUrl() {
        if (!url.getOrDefaultApplicationModel().isDestroyed()) {
            return url;
        }
        for (ServiceRoute r : routes.all()) {
            if (!r.url.getOrDefaultApplicationModel().isDestroyed()) {
                return r.url;
            }
        }
        return url;
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

    /** The OpenAPI document and catalog page of the port ({@code httpjson.openapi}). */
    Catalog catalog() {
        return catalog;
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
        return serverTls != null && serverTls.required();
    }

    /** True once the server turns new calls away (its last service was unexported, or it is closing). */
    public boolean isClosing() {
        return closing;
    }

    /**
     * True while Dubbo's graceful shutdown has begun ({@code GracefulShutdown.readonly}) and not been undone: health
     * is DOWN and each answer closes its connection, calls are still served.
     */
    public boolean isReadOnly() {
        return readOnly;
    }

    public void readOnly(boolean readOnly) {
        this.readOnly = readOnly;
    }

    /**
     * Adds a service, with the methods it lets callers use GET for; the returned handle removes it. A server draining
     * after its last service left takes calls again (callers hold the protocol's lock on its servers).
     */
    public Runnable export(Invoker<?> invoker, JsonCodec codec, Executor executor, Set<String> getMethods) {
        ServiceRoute route = new ServiceRoute(invoker, codec, executor, getMethods);
        routes.add(route);
        closing = false;
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
        return inFlight.track(callback);
    }

    /**
     * Counts a one-way call as in flight while it runs after its answer went out, until the returned action runs;
     * null if the server holds {@code threads} one-way calls already (the call is refused, not answered 202).
     */
    Runnable holdOneWay() {
        return inFlight.holdOneWay(config.threads());
    }

    /** The accept queue the listening socket was opened with ({@code backlog}). */
    public int acceptQueueSize() {
        return connector.getAcceptQueueSize();
    }

    /** Jetty selector threads of the port. */
    public int selectors() {
        return connector.getSelectorManager().getSelectorCount();
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
        return inFlight.count();
    }

    /** Bytes of the decode budget requests hold now (for tests and metrics). */
    public long decodeBudgetInUse() {
        return decodeBudget.inUse();
    }

    /**
     * Stops taking new calls (they get 503 SHUTTING_DOWN with {@code Connection: close}, which a Dubbo consumer
     * retries on another provider), waits up to {@code timeoutMillis} for calls in flight, then stops Jetty.
     */
    public void close(long timeoutMillis) {
        drain(timeoutMillis);
        stop();
    }

    /** Turns new calls away and waits up to {@code timeoutMillis} for calls in flight; Jetty keeps running. */
    public void drain(long timeoutMillis) {
        closing = true;
        awaitInFlight(timeoutMillis);
    }

    /**
     * Waits up to {@code timeoutMillis} for calls in flight, new ones turned away already (its last service left);
     * it leaves {@code closing} alone, which a service exported meanwhile has cleared.
     */
    public void awaitInFlight(long timeoutMillis) {
        poolJobs.answerDropped();
        int left = inFlight.awaitNone(timeoutMillis);
        if (left > 0) {
            LOG.warn(
                    TRANSPORT_FAILED_CLOSE,
                    "",
                    "",
                    "httpjson: closing " + address + " with " + left + " calls still in flight after " + timeoutMillis
                            + " ms");
        }
    }

    /** Answers 503 the calls that Dubbo's pools dropped as they were shut down (an application stopped). */
    public void answerDroppedCalls() {
        poolJobs.answerDropped();
    }

    /** Stops Jetty, closing every connection and the port. */
    public void stop() {
        closing = true;
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
