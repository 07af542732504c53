package io.httpjson.protocol.reliability;

import java.time.Duration;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A one-way call ({@code Prefer: respond-async}) is answered {@code 202} before it runs, on Jetty's threads (the
 * default dispatch). Its 202 may be out, and Jetty done with the exchange, before the call is handed on: every call
 * answered 202 still runs once, and ends (no call is left in flight for a graceful shutdown to wait out, nor held
 * against the provider's limit of one-way calls).
 */
class OneWayAnsweredFirstTest {

    private static final TestServiceImpl IMPL = new TestServiceImpl();

    @RegisterExtension
    static final DubboServer provider =
            DubboServer.builder().service(TestService.class, IMPL).build();

    @Test
    void everyOneWayCallAnswered202Runs() {
        String ping = provider.baseUrl() + "/" + TestService.class.getName() + "/ping";
        int calls = 300;
        for (int i = 0; i < calls; i++) {
            assertThat(Http.post(ping, "[]", "Prefer", "respond-async").statusCode())
                    .isEqualTo(202);
        }
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            assertThat(IMPL.count()).isEqualTo(calls);
            assertThat(provider.httpJsonServer().inFlight()).isZero();
        });
    }
}
