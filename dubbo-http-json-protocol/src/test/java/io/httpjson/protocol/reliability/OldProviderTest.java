package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.httpjson.protocol.reliability.HostileProviderTest.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A rolling upgrade's new consumer calling a provider of httpjson 0.1.0, spoken by hand as 0.1.0 answers (captured
 * from one): no {@code Dubbo-Request-Id}, and {@code Server-Timing: dubbo;dur=...} on every answer to a call it
 * read. Its answers reach their own callers in the order HTTP/1.1 gives them, its business exceptions arrive as
 * such, and failover never runs a call again that the provider answered; an answer that carries an id must still
 * carry the oldest call's.
 */
class OldProviderTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    /** A 0.1.0 provider's answer, as it writes one (no id). */
    static void answer010(OutputStream out, int status, String reason, String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.1 " + status + " " + reason + "\r\nContent-Type: application/json; charset=utf-8\r\n"
                + "Server-Timing: dubbo;dur=0.318\r\nContent-Length: " + body.length + "\r\n\r\n";
        out.write(head.getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
    }

    static OnceService reference(FakeProvider fake) {
        // Dubbo's default retries: a call the provider answered must not be sent again
        return consumer.reference(
                OnceService.class, "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1", r -> {
                    r.setRetries(2);
                    r.setTimeout(5000);
                });
    }

    @Test
    void answersReachTheirOwnCallers() throws Exception {
        try (FakeProvider fake =
                new FakeProvider((n, id, body, out) -> answer010(out, 200, "OK", "\"" + value(body) + "\""))) {
            OnceService s = reference(fake);
            assertThat(s.echo("first", 0)).isEqualTo("first");
            List<CompletableFuture<String>> calls = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                String v = "v" + i;
                calls.add(CompletableFuture.supplyAsync(() -> s.echo(v, 0)));
            }
            for (int i = 0; i < 16; i++) {
                assertThat(calls.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("v" + i);
            }
            assertThat(fake.bodies).as("each request sent once").hasSize(17);
        }
    }

    @Test
    void aBusinessExceptionArrivesAndRunsOnce() throws Exception {
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> answer010(
                out,
                500,
                "Server Error",
                "{\"code\":\"BUSINESS_EXCEPTION\",\"status\":500,\"message\":\"boom\","
                        + "\"help\":\"docs/troubleshooting.md#business-exception\","
                        + "\"exception\":\"java.lang.IllegalStateException\"}"))) {
            OnceService s = reference(fake);
            Throwable e = catchThrowable(() -> s.echo("x", 0));
            assertThat(e).isInstanceOf(IllegalStateException.class).hasMessage("boom");
            assertThat(fake.bodies).as("failover did not run it again").hasSize(1);
        }
    }

    /**
     * Behind a gateway that keeps one connection to the consumer, old and new providers answer in turn: each answer
     * reaches its caller, and one with an id must still be the oldest call's.
     */
    @Test
    void oldAndNewProvidersBehindOneConnection() throws Exception {
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {
            if (n == 2) {
                // an id that is not the request's: out of step, whoever sent it
                out.write(FakeProvider.response(
                        200, id + "7", "\"" + value(body) + "\"", "Server-Timing: dubbo;dur=0.1"));
            } else if (n % 2 == 0) {
                out.write(FakeProvider.response(200, id, "\"" + value(body) + "\"", "Server-Timing: dubbo;dur=0.1"));
            } else {
                answer010(out, 200, "OK", "\"" + value(body) + "\"");
            }
        })) {
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1",
                    r -> r.setTimeout(5000));
            assertThat(s.echo("new", 0)).isEqualTo("new");
            assertThat(s.echo("old", 0)).isEqualTo("old");
            RpcException e = catchThrowableOfType(() -> s.echo("wrong", 0), RpcException.class);
            assertThat(e.isNetwork()).as("%s", e).isTrue();
            assertThat(e.getMessage()).contains("Dubbo-Request-Id");
            assertThat(s.echo("old again", 0)).isEqualTo("old again");
        }
    }
}
