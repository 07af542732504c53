package io.httpjson.protocol.reliability;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.httpjson.protocol.HttpJsonProtocol;
import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.internal.client.HttpJsonInvoker;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.AbstractProtocol;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import static org.awaitility.Awaitility.await;

/**
 * A real Dubbo consumer in its own framework model, apart from any provider, so providers can be stopped and
 * started under it. References take direct URLs ({@code httpjson://127.0.0.1:p1;httpjson://127.0.0.1:p2}).
 * Registered as an extension ({@code @RegisterExtension static final Consumer consumer = new Consumer();}) it is
 * closed after the class's tests, after its {@code @AfterAll} methods; otherwise close it yourself.
 */
final class Consumer implements AutoCloseable, AfterAllCallback {

    private final FrameworkModel framework = new FrameworkModel();
    private final DubboBootstrap bootstrap;

    Consumer() {
        this(null);
    }

    /**
     * With Dubbo's graceful-shutdown wait ({@code dubbo.service.shutdown.wait}, a system property: it holds for the
     * whole JVM until something sets it again), or the one in force if null.
     */
    Consumer(Duration shutdownWait) {
        ApplicationConfig app = new ApplicationConfig("httpjson-reliability-consumer");
        app.setQosEnable(false);
        if (shutdownWait != null) {
            app.setShutwait(Long.toString(shutdownWait.toMillis()));
        }
        bootstrap = DubboBootstrap.newInstance(framework)
                .application(app)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        bootstrap.start();
    }

    <T> T reference(Class<T> type, String url, java.util.function.Consumer<ReferenceConfig<T>> custom) {
        ReferenceConfig<T> ref =
                new ReferenceConfig<>(bootstrap.getApplicationModel().getDefaultModule());
        ref.setInterface(type);
        ref.setUrl(url);
        ref.setTimeout(5000);
        ref.setRetries(0);
        ref.setCheck(false);
        custom.accept(ref);
        return ref.get();
    }

    /** The httpjson protocol of this consumer, unwrapped. */
    HttpJsonProtocol protocol() {
        return (HttpJsonProtocol)
                framework.getExtensionLoader(Protocol.class).getExtension(HttpJsonProtocol.NAME, false);
    }

    /** The pooled clients of this consumer's live httpjson invokers, one per provider address. */
    Set<HttpJsonClient> clients() {
        Map<HttpJsonClient, Boolean> out = new IdentityHashMap<>();
        for (Invoker<?> i : invokers(protocol())) {
            if (i instanceof HttpJsonInvoker && !((HttpJsonInvoker<?>) i).isDestroyed()) {
                out.put(((HttpJsonInvoker<?>) i).client(), true);
            }
        }
        return out.keySet();
    }

    /**
     * The httpjson invoker this consumer's protocol makes for the provider at {@code port}, as a registry directory
     * makes one per provider address ({@code query}: URL parameters, or empty).
     */
    @SuppressWarnings("unchecked")
    <T> HttpJsonInvoker<T> refer(Class<T> type, int port, String query) {
        URL url = URL.valueOf("httpjson://127.0.0.1:" + port + "/" + type.getName() + "?interface=" + type.getName()
                        + (query.isEmpty() ? "" : "&" + query))
                .setScopeModel(bootstrap.getApplicationModel().getDefaultModule());
        return (HttpJsonInvoker<T>) protocol().refer(type, url);
    }

    /** Whether this consumer's live httpjson invokers of the provider at {@code port} say they are available. */
    boolean available(int port) {
        return invokers(protocol()).stream()
                .filter(i -> i instanceof HttpJsonInvoker
                        && i.getUrl().getPort() == port
                        && !((HttpJsonInvoker<?>) i).isDestroyed())
                .allMatch(Invoker::isAvailable);
    }

    /** Connections open (or being opened) from this consumer, over all providers. */
    int openConnections() {
        return clients().stream().mapToInt(HttpJsonClient::openConnections).sum();
    }

    /** Connections open (or being opened) from this consumer to the provider on {@code port}. */
    int openConnectionsTo(int port) {
        return clients().stream()
                .filter(c -> c.remote().getPort() == port)
                .mapToInt(HttpJsonClient::openConnections)
                .sum();
    }

    /**
     * Once the client of the provider at {@code port} is {@code ready}, destroys this consumer's httpjson invokers
     * of that provider, as Dubbo's registry directory does when the provider's address is removed; returns the
     * client.
     */
    HttpJsonClient dropProviderWhen(int port, Predicate<HttpJsonClient> ready) {
        List<HttpJsonInvoker<?>> of = new ArrayList<>();
        for (Invoker<?> i : invokers(protocol())) {
            if (i instanceof HttpJsonInvoker
                    && i.getUrl().getPort() == port
                    && !((HttpJsonInvoker<?>) i).isDestroyed()) {
                of.add((HttpJsonInvoker<?>) i);
            }
        }
        if (of.isEmpty()) {
            throw new AssertionError("no httpjson invoker of port " + port);
        }
        HttpJsonClient client = of.get(0).client();
        await().atMost(Duration.ofSeconds(10)).until(() -> ready.test(client));
        of.forEach(Invoker::destroy);
        return client;
    }

    @SuppressWarnings("unchecked")
    private static Set<Invoker<?>> invokers(AbstractProtocol protocol) {
        try {
            Field f = AbstractProtocol.class.getDeclaredField("invokers");
            f.setAccessible(true);
            synchronized (f.get(protocol)) {
                return Set.copyOf((Set<Invoker<?>>) f.get(protocol));
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        bootstrap.destroy();
        framework.destroy();
    }
}
