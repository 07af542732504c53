package io.httpjson.protocol.parity;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static io.httpjson.protocol.testing.RegistryApps.app;
import static io.httpjson.protocol.testing.RegistryApps.registry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Triple's streaming methods ({@code StreamObserver} parameters or results) cannot work over HTTP/1.1. A service with
 * one was exported all the same: Java callers of it failed with a JSON error about an interface type, and an HTTP
 * caller ran the method with a {@code null} stream (a NullPointerException as a business exception, or {@code 200
 * {}} for the provider's own StreamObserver). As for parameter callbacks, exporting or referring such a service over
 * httpjson fails at once, naming the methods; such a service is exported over Triple, which streams.
 */
class StreamingRefusedTest {

    @Test
    void exportingAServiceWithStreamingMethodsFailsAndNamesThem() throws Exception {
        DubboServer server = DubboServer.builder()
                .service(StreamingService.class, new StreamingService.Impl())
                .build();
        try {
            assertThatThrownBy(server::start)
                    .hasStackTraceContaining("bidi(StreamObserver), serverStream(String, StreamObserver) stream")
                    .hasStackTraceContaining("protocol=\"tri\"");
        } finally {
            server.stop();
        }
    }

    @Test
    void referringAServiceWithStreamingMethodsFailsAndNamesThem() throws Exception {
        DubboServer.builder()
                .service(ParityService.class, new ParityServiceImpl())
                .build()
                .run(server -> {
                    assertThatThrownBy(() -> server.reference(StreamingService.class))
                            .hasStackTraceContaining("cannot refer")
                            .hasStackTraceContaining("bidi(StreamObserver), serverStream(String, StreamObserver)");
                    assertThat(server.reference(ParityService.class).reply("k", "v"))
                            .isEqualTo("ok");
                });
    }

    /**
     * Through a registry, a reference that asks for httpjson is refused when it is made, as with a direct URL: it was
     * made, and each provider address was left out with the reason in a log line, so calls failed with "No provider
     * available".
     */
    @Test
    void aReferenceThroughARegistryIsRefusedWhenItIsMade() {
        assertThatThrownBy(() -> registryReference(StreamingService.class, r -> {}))
                .hasStackTraceContaining("cannot refer")
                .hasStackTraceContaining("bidi(StreamObserver), serverStream(String, StreamObserver)");
    }

    /** A reference of {@code type} through the test registry, {@code protocol="httpjson"}, in a framework of its own. */
    static <T> void registryReference(Class<T> type, Consumer<ReferenceConfig<T>> custom) {
        FrameworkModel model = new FrameworkModel();
        try {
            DubboBootstrap consumer = DubboBootstrap.newInstance(model)
                    .application(app("refused-consumer"))
                    .registry(registry())
                    .start();
            ReferenceConfig<T> ref =
                    new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
            ref.setInterface(type);
            ref.setProtocol("httpjson");
            ref.setCheck(false);
            ref.setScope("remote");
            ref.setParameters(new HashMap<>(Map.of("migration.step", "FORCE_INTERFACE")));
            custom.accept(ref);
            ref.get();
        } finally {
            model.destroy();
        }
    }
}
