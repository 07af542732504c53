package io.httpjson.protocol.reliability;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the provider logs for one-way calls ({@code Prefer: respond-async}), which anyone who can reach the port may
 * send: the dubbo protocol writes nothing when a one-way call ends in its method's own exception (the caller wanted
 * no answer), so neither does httpjson at WARN, however many such calls come; a call Dubbo itself failed (a filter's
 * refusal) is still logged, as the dubbo protocol does, but once per method and kind, since any caller may repeat it.
 * A generic call whose argument class fails to initialize is answered 500 without a WARN.
 */
class OneWayLogTest {

    private static final String PATH = "/" + TestService.class.getName() + "/fail";

    @RegisterExtension
    static final DubboServer provider = DubboServer.builder()
            .service(TestService.class, new TestServiceImpl(), s -> s.setFilter("admission-refusal"))
            .service(LedgerService.class, new LedgerServiceImpl())
            .build();

    /** What httpjson logs at WARN or above (Dubbo's logger writes to java.util.logging in these tests). */
    private final List<LogRecord> warnings = new CopyOnWriteArrayList<>();

    private final Handler log = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                warnings.add(r);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void watch() {
        Logger.getLogger("io.httpjson").addHandler(log);
    }

    @AfterEach
    void unwatch() {
        Logger.getLogger("io.httpjson").removeHandler(log);
    }

    @Test
    void oneWayCallsThatEndInTheirMethodsExceptionWriteNoWarning() {
        for (int i = 0; i < 20; i++) {
            // the caller's text in the exception's message would reach the log unescaped with the stack trace
            assertThat(Http.post(
                                    provider.baseUrl() + PATH,
                                    "[\"no\\r\\nFORGED line\"," + i + "]",
                                    "Prefer",
                                    "respond-async")
                            .statusCode())
                    .isEqualTo(202);
        }
        provider.httpJsonServer().awaitInFlight(10_000);
        assertThat(warnings).extracting(LogRecord::getMessage).isEmpty();
    }

    @Test
    void aOneWayCallDubboFailedIsLoggedOncePerKind() {
        for (int i = 0; i < 5; i++) {
            assertThat(Http.post(
                                    provider.baseUrl() + PATH,
                                    "[\"x\"," + i + "]",
                                    "Prefer",
                                    "respond-async",
                                    "Dubbo-Attachments",
                                    "refuse=forbidden")
                            .statusCode())
                    .isEqualTo(202);
        }
        provider.httpJsonServer().awaitInFlight(10_000);
        // said once: any caller may send refused one-way calls again and again
        assertThat(warnings).singleElement().satisfies(r -> assertThat(r.getThrown())
                .hasMessageContaining("refused by RefusingFilter"));
    }

    @Test
    void aGenericCallWhoseArgumentClassFailsWritesNoWarning() {
        for (int i = 0; i < 5; i++) {
            assertThat(Http.post(
                                    provider.baseUrl() + "/" + LedgerService.class.getName() + "/$invoke",
                                    "[\"fragile\", [\"" + Fragile.class.getName() + "\"], [{\"name\":\"x\"}]]",
                                    "Dubbo-Attachments",
                                    "generic=true")
                            .statusCode())
                    .isEqualTo(500);
        }
        provider.httpJsonServer().awaitInFlight(10_000);
        assertThat(warnings).extracting(LogRecord::getMessage).isEmpty();
    }
}
