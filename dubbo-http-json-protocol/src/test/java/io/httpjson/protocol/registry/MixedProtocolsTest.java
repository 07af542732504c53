package io.httpjson.protocol.registry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

import io.httpjson.protocol.parity.FeatureService;
import io.httpjson.protocol.parity.FeatureServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.httpjson.protocol.testing.RegistryApps.app;
import static io.httpjson.protocol.testing.RegistryApps.registry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An application that runs httpjson beside the dubbo protocol: its providers register both, and a reference that sets
 * no protocol gets the providers of both in one cluster, as it would two dubbo providers.
 */
class MixedProtocolsTest {

    private final List<FrameworkModel> models = new ArrayList<>();

    @AfterEach
    void close() {
        for (FrameworkModel m : models) {
            m.destroy();
        }
        MemoryRegistry.reset();
    }

    /** A provider application exporting FeatureService over each of {@code protocols}, through the test registry. */
    private void provider(String name, String... protocols) {
        FrameworkModel model = new FrameworkModel();
        models.add(model);
        List<ProtocolConfig> configs = new ArrayList<>();
        for (String p : protocols) {
            ProtocolConfig pc = new ProtocolConfig(p, DubboServer.freePort());
            pc.setHost("127.0.0.1");
            configs.add(pc);
        }
        ServiceConfig<FeatureService> svc = new ServiceConfig<>();
        svc.setInterface(FeatureService.class);
        svc.setRef(new FeatureServiceImpl());
        // no warm-up: its weight grows with a provider's age (one step per 6 s of Dubbo's 10 minutes), which would
        // tip the round robin's counts on a slow machine
        svc.setWarmup(0);
        DubboBootstrap.newInstance(model)
                .application(app(name))
                .registry(registry())
                .protocols(configs)
                .service(svc)
                .start();
    }

    private FeatureService reference(Consumer<ReferenceConfig<FeatureService>> custom) {
        FrameworkModel model = new FrameworkModel();
        models.add(model);
        DubboBootstrap consumer = DubboBootstrap.newInstance(model)
                .application(app("mixed-consumer"))
                .registry(registry())
                .start();
        ReferenceConfig<FeatureService> ref =
                new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
        ref.setInterface(FeatureService.class);
        ref.setCheck(false);
        ref.setRetries(0);
        ref.setTimeout(5000);
        ref.setScope("remote");
        ref.setLoadbalance("roundrobin");
        ref.setParameters(new HashMap<>(Map.of("migration.step", "FORCE_INTERFACE")));
        custom.accept(ref);
        return ref.get();
    }

    /** How many of {@code n} calls each protocol served. */
    private static Map<String, Integer> served(FeatureService service, int n) {
        Map<String, Integer> by = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            by.merge(service.context("x").get("urlProtocol"), 1, Integer::sum);
        }
        return by;
    }

    @Test
    void aReferenceWithoutProtocolBalancesOverTheProvidersOfBoth() {
        provider("both", "dubbo", "httpjson");
        assertThat(served(reference(r -> {}), 10)).isEqualTo(Map.of("dubbo", 5, "httpjson", 5));
        assertThat(served(reference(r -> r.setProtocol("httpjson")), 4)).isEqualTo(Map.of("httpjson", 4));
        assertThat(served(reference(r -> r.setProtocol("dubbo")), 4)).isEqualTo(Map.of("dubbo", 4));
    }

    /**
     * {@code serialization=hessian2} on a reference that takes every protocol (often {@code dubbo.consumer}'s default)
     * is for its dubbo providers: its httpjson providers are still called, with JSON, as two dubbo providers would
     * be. They were left out of the cluster: a service that moved to httpjson had "No provider available".
     */
    @Test
    void aDubboSerializationOfAReferenceWithoutProtocolDoesNotCostItTheHttpJsonProviders() {
        provider("moved", "httpjson");
        FeatureService moved = reference(r -> r.getParameters().put("serialization", "hessian2"));
        assertThat(served(moved, 2)).isEqualTo(Map.of("httpjson", 2));

        provider("both", "dubbo", "httpjson");
        FeatureService all = reference(r -> r.getParameters().put("serialization", "hessian2"));
        assertThat(served(all, 9)).isEqualTo(Map.of("dubbo", 3, "httpjson", 6));
    }

    /** A reference that asks for httpjson and names another serialization is wrong, and fails, naming it. */
    @Test
    void aReferenceForHttpJsonWithAnotherSerializationStillFails() {
        provider("moved", "httpjson");
        assertThatThrownBy(() -> reference(r -> {
                    r.setProtocol("httpjson");
                    r.getParameters().put("serialization", "hessian2");
                }))
                .hasStackTraceContaining("serialization: hessian2 (expected");
    }
}
