package io.httpjson.protocol.registry;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.protocol.HttpJsonProtocol;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.internal.client.HttpJsonInvoker;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.AbstractProtocol;

import static io.httpjson.protocol.testing.RegistryApps.app;
import static io.httpjson.protocol.testing.RegistryApps.registry;

/**
 * A provider of {@link TestService} and {@link EchoService} on one loopback port, and a consumer that finds them
 * through {@link MemoryRegistry} (interface-level addresses, handed over as ZooKeeper's and Nacos's registries do),
 * each in its own framework model, as two JVMs would be.
 */
final class RegistryPair implements AutoCloseable {

    private final FrameworkModel providerModel = new FrameworkModel();
    private final FrameworkModel consumerModel = new FrameworkModel();
    private final DubboBootstrap provider;
    private final DubboBootstrap consumer;
    final int port = DubboServer.freePort();

    RegistryPair(Map<String, String> protocolParams) {
        this(protocolParams, Map.of());
    }

    /** With these parameters on the protocol, and these on the service TestService alone. */
    RegistryPair(Map<String, String> protocolParams, Map<String, String> testServiceParams) {
        ProtocolConfig pc = new ProtocolConfig("httpjson", port);
        pc.setHost("127.0.0.1");
        pc.setParameters(new HashMap<>(protocolParams));
        provider = DubboBootstrap.newInstance(providerModel)
                .application(app("registry-test-provider"))
                .registry(registry())
                .protocol(pc);
        ServiceConfig<TestService> test = service(TestService.class, new TestServiceImpl());
        test.setParameters(new HashMap<>(testServiceParams));
        provider.service(test);
        provider.service(service(EchoService.class, new EchoService.Impl()));
        provider.start();
        consumer = DubboBootstrap.newInstance(consumerModel)
                .application(app("registry-test-consumer"))
                .registry(registry())
                .start();
    }

    private <T> ServiceConfig<T> service(Class<T> type, T impl) {
        ServiceConfig<T> svc =
                new ServiceConfig<>(provider.getApplicationModel().getDefaultModule());
        svc.setInterface(type);
        svc.setRef(impl);
        return svc;
    }

    /** A consumer of {@code type} found through the registry, with these reference parameters. */
    <T> T reference(Class<T> type, Map<String, String> params) {
        ReferenceConfig<T> ref =
                new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
        ref.setInterface(type);
        ref.setProtocol("httpjson");
        ref.setCheck(false);
        ref.setRetries(0);
        ref.setTimeout(5000);
        ref.setScope("remote");
        Map<String, String> all = new HashMap<>(params);
        all.put("migration.step", "FORCE_INTERFACE");
        ref.setParameters(all);
        return ref.get();
    }

    /** The consumer's live httpjson invokers: one per service and provider address it accepted. */
    List<HttpJsonInvoker<?>> invokers() {
        AbstractProtocol p = (AbstractProtocol)
                consumerModel.getExtensionLoader(Protocol.class).getExtension(HttpJsonProtocol.NAME, false);
        List<HttpJsonInvoker<?>> out = new ArrayList<>();
        try {
            Field f = AbstractProtocol.class.getDeclaredField("invokers");
            f.setAccessible(true);
            for (Object i : List.copyOf((java.util.Set<?>) f.get(p))) {
                HttpJsonInvoker<?> invoker = (HttpJsonInvoker<?>) i;
                if (!invoker.isDestroyed()) {
                    out.add(invoker);
                }
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    /** The pooled client the consumer's invoker of {@code type} calls through. */
    HttpJsonClient client(Class<?> type) {
        return invokers().stream()
                .filter(i -> i.getInterface() == type)
                .findFirst()
                .orElseThrow(() -> new AssertionError("no invoker of " + type.getName()))
                .client();
    }

    @Override
    public void close() {
        consumer.destroy();
        provider.destroy();
        consumerModel.destroy();
        providerModel.destroy();
        MemoryRegistry.reset();
    }
}
