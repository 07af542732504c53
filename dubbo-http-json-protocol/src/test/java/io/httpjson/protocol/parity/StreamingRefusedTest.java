package io.httpjson.protocol.parity;

import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;

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
}
