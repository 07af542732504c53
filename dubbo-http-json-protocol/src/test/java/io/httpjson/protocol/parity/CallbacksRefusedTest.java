package io.httpjson.protocol.parity;

import java.util.List;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ArgumentConfig;
import org.apache.dubbo.config.MethodConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Parameter callbacks ({@code <dubbo:argument callback="true"/>}) cannot work over HTTP/1.1: exporting or referring
 * such a service over httpjson fails at once and says so, instead of each call failing later with a JSON error.
 */
class CallbacksRefusedTest {

    private static MethodConfig subscribeWithCallback() {
        ArgumentConfig a = new ArgumentConfig();
        a.setIndex(1);
        a.setCallback(true);
        MethodConfig m = new MethodConfig();
        m.setName("subscribe");
        m.setArguments(List.of(a));
        return m;
    }

    @Test
    void exportingAServiceWithACallbackArgumentFailsAndSaysWhy() {
        DubboServer server = DubboServer.builder()
                .service(
                        CallbackService.class,
                        (key, listener) -> {},
                        s -> s.setMethods(List.of(subscribeWithCallback())))
                .build();
        try {
            assertThatThrownBy(server::start)
                    .hasStackTraceContaining("callback")
                    .hasStackTraceContaining("subscribe");
        } finally {
            server.stop();
        }
    }

    @Test
    void referringWithACallbackArgumentFailsAndSaysWhy() throws Exception {
        DubboServer.builder()
                .service(ParityService.class, new ParityServiceImpl())
                .build()
                .run(server -> {
                    String url = "httpjson://127.0.0.1:" + server.port() + "?subscribe.1.callback=true";
                    assertThatThrownBy(() -> server.reference(CallbackService.class, r -> r.setUrl(url)))
                            .hasStackTraceContaining("callback")
                            .hasStackTraceContaining("subscribe");
                    // a service without callbacks is still referred and called as before
                    assertThat(server.reference(ParityService.class).reply("k", "v"))
                            .isEqualTo("ok");
                });
    }
}
