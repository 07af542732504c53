package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.httpjson.protocol.testing.RegistryApps.app;
import static io.httpjson.protocol.testing.RegistryApps.registry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Dubbo's tag routing over the dubbo protocol and over httpjson, through the test registry: a provider's {@code tag}
 * reaches the consumer with its URL, a call's {@code dubbo.tag} attachment picks the tagged provider (an unknown tag
 * the untagged ones, unless {@code dubbo.force.tag}), and, as Dubbo's ContextFilter drops it, the tag does not follow
 * the call into the calls its provider makes, whoever sent it (an HTTP caller too).
 */
class TagRoutingParityTest {

    private final List<FrameworkModel> models = new ArrayList<>();

    @AfterEach
    void close() {
        models.forEach(FrameworkModel::destroy);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void tagsRouteAsOverDubbo(String protocol) throws Exception {
        String group = "tag-parity-" + protocol;
        int gray = provider(protocol, FeatureService.class, new FeatureServiceImpl(), s -> {
            s.setGroup(group);
            s.setTag("gray");
        });
        int plain = provider(protocol, FeatureService.class, new FeatureServiceImpl(), s -> s.setGroup(group));
        AtomicReference<FeatureService> downstream = new AtomicReference<>();
        Relay relay =
                () -> "saw " + RpcContext.getServiceContext().getInvocation().getAttachment("dubbo.tag") + ", reached "
                        + downstream.get().context("r").get("localPort");
        DubboBootstrap relayApp = bootstrap(protocol, Relay.class, relay, s -> s.setGroup(group));
        downstream.set(reference(relayApp, protocol, FeatureService.class, group));
        FeatureService s = reference(consumer(), protocol, FeatureService.class, group);

        for (int i = 0; i < 3; i++) {
            assertThat(portOf(s, null, null)).isEqualTo(plain);
            assertThat(portOf(s, "gray", null)).isEqualTo(gray);
            assertThat(portOf(s, "gray", "true")).isEqualTo(gray);
            assertThat(portOf(s, "blue", null))
                    .as("no provider has it: the untagged")
                    .isEqualTo(plain);
        }
        RpcException forced = catchThrowableOfType(() -> portOf(s, "blue", "true"), RpcException.class);
        assertThat(forced.isNoInvokerAvailableAfterFilter()).isTrue();

        Relay a = reference(consumer(), protocol, Relay.class, group);
        RpcContext.getClientAttachment().setAttachment("dubbo.tag", "gray");
        assertThat(a.relay()).isEqualTo("saw gray, reached " + plain);
        if (protocol.equals("httpjson")) {
            int port = relayApp.getApplicationModel()
                    .getApplicationConfigManager()
                    .getProtocols()
                    .iterator()
                    .next()
                    .getPort();
            HttpResponse<String> r = Http.post(
                    "http://127.0.0.1:" + port + "/" + Relay.class.getName() + "/relay",
                    "[]",
                    "Dubbo-Attachments",
                    "dubbo.tag=gray",
                    "Dubbo-Service-Group",
                    group);
            assertThat(r.body()).isEqualTo("\"saw gray, reached " + plain + "\"");
        }
    }

    private static int portOf(FeatureService s, String tag, String force) {
        if (tag != null) {
            RpcContext.getClientAttachment().setAttachment("dubbo.tag", tag);
        }
        if (force != null) {
            RpcContext.getClientAttachment().setAttachment("dubbo.force.tag", force);
        }
        return Integer.parseInt(s.context("x").get("localPort"));
    }

    private <T> int provider(String protocol, Class<T> type, T impl, Consumer<ServiceConfig<T>> c) {
        return bootstrap(protocol, type, impl, c)
                .getApplicationModel()
                .getApplicationConfigManager()
                .getProtocols()
                .iterator()
                .next()
                .getPort();
    }

    private <T> DubboBootstrap bootstrap(String protocol, Class<T> type, T impl, Consumer<ServiceConfig<T>> c) {
        FrameworkModel model = new FrameworkModel();
        models.add(model);
        ProtocolConfig pc = new ProtocolConfig(protocol, DubboServer.freePort());
        pc.setHost("127.0.0.1");
        ServiceConfig<T> svc = new ServiceConfig<>();
        svc.setInterface(type);
        svc.setRef(impl);
        c.accept(svc);
        return DubboBootstrap.newInstance(model)
                .application(app("tag-provider"))
                .registry(registry())
                .protocol(pc)
                .service(svc)
                .start();
    }

    private DubboBootstrap consumer() {
        FrameworkModel model = new FrameworkModel();
        models.add(model);
        return DubboBootstrap.newInstance(model)
                .application(app("tag-consumer"))
                .registry(registry())
                .start();
    }

    private static <T> T reference(DubboBootstrap app, String protocol, Class<T> type, String group) {
        ReferenceConfig<T> ref = new ReferenceConfig<>(app.getApplicationModel().getDefaultModule());
        ref.setInterface(type);
        ref.setGroup(group);
        ref.setProtocol(protocol);
        ref.setCheck(false);
        ref.setRetries(0);
        ref.setTimeout(5000);
        ref.setScope("remote");
        ref.setParameters(new HashMap<>(Map.of("migration.step", "FORCE_INTERFACE")));
        return ref.get();
    }
}
