package io.httpjson.protocol.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.SslConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A JUnit 5 extension that exports services over a real protocol (httpjson by default) on a free loopback port
 * in its own Dubbo framework model, and hands out real consumers of them. Nothing is mocked: calls go through
 * Dubbo's proxies and filters, the Netty client, a socket, Jetty, and the provider's filters.
 *
 * <pre>
 * &#64;RegisterExtension
 * static DubboServer server = DubboServer.builder().service(Greeter.class, new GreeterImpl()).build();
 * ...
 * Greeter g = server.reference(Greeter.class);
 * </pre>
 */
public final class DubboServer implements BeforeAllCallback, AfterAllCallback {

    private final String protocol;
    private final Map<String, String> protocolParams;
    /** Fresh ServiceConfigs for every start: one that was exported and destroyed can't be exported again. */
    private final List<java.util.function.Supplier<ServiceConfig<?>>> services;

    private final int fixedPort;
    private final SslConfig providerSsl;
    private final SslConfig consumerSsl;
    private final Duration shutdownWait;
    private FrameworkModel framework;
    private DubboBootstrap provider;
    private DubboBootstrap consumer;
    private int port;

    /** See {@link Builder#shutdownWait}. */
    public static final Duration SHORT_SHUTDOWN_WAIT = Duration.ofSeconds(1);

    /** Dubbo's own default graceful-shutdown wait, for the tests of graceful shutdown. */
    public static final Duration DUBBO_SHUTDOWN_WAIT = Duration.ofSeconds(10);

    private DubboServer(Builder b) {
        this.protocol = b.protocol;
        this.protocolParams = b.protocolParams;
        this.services = b.services;
        this.fixedPort = b.port;
        this.providerSsl = b.providerSsl;
        this.consumerSsl = b.consumerSsl;
        this.shutdownWait = b.shutdownWait;
    }

    public static Builder builder() {
        return new Builder();
    }

    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop();
    }

    public synchronized void start() {
        framework = new FrameworkModel();
        port = fixedPort > 0 ? fixedPort : freePort();
        ProtocolConfig pc = new ProtocolConfig(protocol, port);
        pc.setHost("127.0.0.1");
        pc.setParameters(new LinkedHashMap<>(protocolParams));
        ApplicationConfig app = new ApplicationConfig("httpjson-test-provider");
        app.setQosEnable(false);
        app.setShutwait(Long.toString(shutdownWait.toMillis()));
        provider = DubboBootstrap.newInstance(framework)
                .application(app)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(pc);
        if (providerSsl != null) {
            provider.ssl(providerSsl);
        }
        for (java.util.function.Supplier<ServiceConfig<?>> s : services) {
            provider.service(s.get());
        }
        provider.start();
    }

    /**
     * Stops the provider (graceful: in-flight calls finish) and any consumer made by this extension. {@link #start()}
     * may follow: it exports the same services again (on the same port if the builder fixed one).
     */
    public synchronized void stop() {
        if (provider != null) {
            provider.destroy();
            provider = null;
        }
        if (consumer != null) {
            consumer.destroy();
            consumer = null;
        }
        if (framework != null) {
            framework.destroy();
            framework = null;
        }
    }

    /** What a test does with a started server. */
    @FunctionalInterface
    public interface Session {
        void accept(DubboServer server) throws Exception;
    }

    /** Starts the server, runs the session against it, and stops it whatever happened. */
    public void run(Session session) throws Exception {
        start();
        try {
            session.accept(this);
        } finally {
            stop();
        }
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return (providerSsl != null ? "https" : "http") + "://127.0.0.1:" + port;
    }

    public <T> T reference(Class<T> type) {
        return reference(type, r -> {});
    }

    /** A consumer of {@code type} on a direct {@code protocol://127.0.0.1:port} URL, configured by {@code custom}. */
    public synchronized <T> T reference(Class<T> type, java.util.function.Consumer<ReferenceConfig<T>> custom) {
        if (consumer == null) {
            ApplicationConfig app = new ApplicationConfig("httpjson-test-consumer");
            app.setQosEnable(false);
            app.setShutwait(Long.toString(shutdownWait.toMillis()));
            consumer = DubboBootstrap.newInstance(framework)
                    .application(app)
                    .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
            if (consumerSsl != null) {
                consumer.ssl(consumerSsl);
            }
            consumer.start();
        }
        ReferenceConfig<T> ref =
                new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
        ref.setInterface(type);
        ref.setUrl(protocol + "://127.0.0.1:" + port);
        ref.setTimeout(5000);
        ref.setRetries(0);
        custom.accept(ref);
        return ref.get();
    }

    /** The running httpjson server, to look at its connections and calls in flight. */
    public io.httpjson.protocol.internal.server.HttpJsonServer httpJsonServer() {
        io.httpjson.protocol.HttpJsonProtocol p = (io.httpjson.protocol.HttpJsonProtocol) framework
                .getExtensionLoader(org.apache.dubbo.rpc.Protocol.class)
                .getExtension("httpjson", false);
        return (io.httpjson.protocol.internal.server.HttpJsonServer)
                p.servers().values().iterator().next();
    }

    public FrameworkModel framework() {
        return framework;
    }

    public static final class Builder {
        private String protocol = "httpjson";
        private final Map<String, String> protocolParams = new LinkedHashMap<>();
        private final List<java.util.function.Supplier<ServiceConfig<?>>> services = new ArrayList<>();
        private int port;
        private SslConfig providerSsl;
        private SslConfig consumerSsl;
        private Duration shutdownWait = SHORT_SHUTDOWN_WAIT;

        public Builder protocol(String protocol) {
            this.protocol = protocol;
            return this;
        }

        public Builder param(String key, String value) {
            protocolParams.put(key, value);
            return this;
        }

        /** The provider application's {@code dubbo.ssl} (its server-* settings make the server speak TLS). */
        public Builder providerSsl(SslConfig ssl) {
            this.providerSsl = ssl;
            return this;
        }

        /** The consumer application's {@code dubbo.ssl} (its client-* settings make calls go over TLS). */
        public Builder consumerSsl(SslConfig ssl) {
            this.consumerSsl = ssl;
            return this;
        }

        /**
         * Dubbo's graceful-shutdown wait ({@code dubbo.service.shutdown.wait}): how long a stop waits for calls in
         * flight, a third of it first for the service to go idle. Dubbo's default is 10 s; the tests default to 1 s,
         * since most have nothing in flight when they stop. A test of graceful shutdown asks for Dubbo's default.
         */
        public Builder shutdownWait(Duration wait) {
            this.shutdownWait = wait;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public <T> Builder service(Class<T> type, T impl) {
            return service(type, impl, s -> {});
        }

        public <T> Builder service(Class<T> type, T impl, java.util.function.Consumer<ServiceConfig<T>> custom) {
            services.add(() -> {
                ServiceConfig<T> s = new ServiceConfig<>();
                s.setInterface(type);
                s.setRef(impl);
                custom.accept(s);
                return s;
            });
            return this;
        }

        public DubboServer build() {
            return new DubboServer(this);
        }
    }
}
