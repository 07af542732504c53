package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.GZIPOutputStream;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A hostile or broken provider cannot hurt the consumer: each fake (a raw socket, {@link FakeProvider}) gets calls
 * that must fail within their timeout with a clear RpcException, never return a wrong value as a success, leave no
 * connection behind, and leave the consumer working for the next good provider.
 */
class HostileProviderTest {

    static final int TIMEOUT = 1000;
    /** What "within its timeout" allows on a busy 2-core machine: the timer's tick, a GC, a scheduling delay. */
    static final long SLACK_MILLIS = 2000;

    @RegisterExtension
    static DubboServer good = DubboServer.builder()
            .service(OnceService.class, new OnceServiceImpl())
            .build();

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    /** The value a well-behaved provider would answer for an echo request body {@code ["v",0]}. */
    static String value(String body) {
        int start = body.indexOf('"') + 1;
        return body.substring(start, body.indexOf('"', start));
    }

    static void write(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Calls the fake {@code calls} times at once on one connection; checks every outcome; returns the failures. */
    private List<Throwable> against(FakeProvider.Script script, int calls, String... params) throws Exception {
        try (FakeProvider fake = new FakeProvider(script)) {
            StringBuilder url = new StringBuilder("httpjson://127.0.0.1:" + fake.port() + "?payload=1048576");
            for (String p : params) {
                url.append('&').append(p);
            }
            OnceService s = consumer.reference(OnceService.class, url.toString(), r -> r.setTimeout(TIMEOUT));
            List<CompletableFuture<String>> futures = new ArrayList<>();
            List<Long> started = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                String v = "v" + i + "-" + fake.port();
                started.add(System.nanoTime());
                futures.add(CompletableFuture.supplyAsync(() -> s.echo(v, 0)));
            }
            List<Throwable> failures = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                try {
                    String answer = futures.get(i).get(TIMEOUT + SLACK_MILLIS, TimeUnit.MILLISECONDS);
                    assertThat(answer).as("a success carries its own value").isEqualTo("v" + i + "-" + fake.port());
                } catch (ExecutionException e) {
                    failures.add(e.getCause());
                }
                long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started.get(i));
                assertThat(took).as("call %d ended within its timeout", i).isLessThan(TIMEOUT + SLACK_MILLIS);
            }
            assertThat(fake.bodies.size()).as("no request was sent twice").isLessThanOrEqualTo(calls);
            // a connection that framed its answers well may stay for the next call; every other one is closed
            await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnectionsTo(fake.port()) <= 1);
            OnceService ok = consumer.reference(OnceService.class, "httpjson://127.0.0.1:" + good.port(), r -> {});
            assertThat(ok.echo("fine", 0)).isEqualTo("fine");
            return failures;
        }
    }

    /** Every call failed with an RpcException whose message (or its cause's) names the problem. */
    private static void failsWith(List<Throwable> failures, int calls, String fragment) {
        assertThat(failures).hasSize(calls);
        assertThat(failures).allSatisfy(f -> {
            assertThat(f).isInstanceOf(RpcException.class);
            assertThat(f.toString() + f.getCause()).contains(fragment);
        });
    }

    /** Every call that did not succeed failed with a network error or a timeout, which the cluster may retry. */
    private static void retryable(List<Throwable> failures) {
        assertThat(failures).allSatisfy(f -> assertThat(
                        f instanceof RpcException && (((RpcException) f).isNetwork() || ((RpcException) f).isTimeout()))
                .as("%s", f)
                .isTrue());
    }

    @Test
    void garbageInsteadOfHttp() throws Exception {
        failsWith(
                against((n, id, body, out) -> write(out, "hello, this is not HTTP at all\r\n\r\n"), 1),
                1,
                "closed before the response");
    }

    @Test
    void switchingProtocols() throws Exception {
        failsWith(
                against(
                        (n, id, body, out) -> write(
                                out,
                                "HTTP/1.1 101 Switching Protocols\r\nDubbo-Request-Id: " + id
                                        + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n\u0081\u0005hello"),
                        1),
                1,
                "HTTP 101");
    }

    @Test
    void twoGigabytesAnnounced() throws Exception {
        failsWith(
                against(
                        (n, id, body, out) -> write(
                                out,
                                "HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + id
                                        + "\r\nContent-Length: 2147483648\r\n\r\n\"x"),
                        1),
                1,
                "payload limit");
    }

    @Test
    void gzipBomb() throws Exception {
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(zipped)) {
            gz.write(new byte[32 * 1024 * 1024]);
        }
        byte[] bomb = zipped.toByteArray();
        failsWith(
                against(
                        (n, id, body, out) -> {
                            write(
                                    out,
                                    "HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + id
                                            + "\r\nContent-Encoding: gzip\r\nContent-Length: " + bomb.length
                                            + "\r\n\r\n");
                            out.write(bomb);
                        },
                        1),
                1,
                "gzip");
    }

    @Test
    void endlessChunkedBody() throws Exception {
        byte[] chunk = ("4000\r\n" + "[".repeat(0x4000) + "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        failsWith(
                against(
                        (n, id, body, out) -> {
                            write(
                                    out,
                                    "HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + id
                                            + "\r\nTransfer-Encoding: chunked\r\n\r\n");
                            for (int i = 0; i < 4096; i++) {
                                // 64 MiB at most: the consumer hangs up long before
                                out.write(chunk);
                            }
                        },
                        1),
                1,
                "payload limit");
    }

    @Test
    void bodyTrickledOneByteAtATime() throws Exception {
        failsWith(
                against(
                        (n, id, body, out) -> {
                            write(
                                    out,
                                    "HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + id + "\r\nContent-Length: 1000\r\n\r\n");
                            for (int i = 0; i < 1000; i++) {
                                // the hostile pace itself (a byte every 200 ms), bounded: ends when the consumer hangs
                                // up
                                out.write(' ');
                                out.flush();
                                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
                            }
                        },
                        1),
                1,
                "imeout");
    }

    @Test
    void closeMidPipeline() throws Exception {
        retryable(against(
                (n, id, body, out) -> {
                    out.write(FakeProvider.response(200, id, "\"" + value(body) + "\""));
                    out.flush();
                    throw new IOException("hang up after the first answer");
                },
                4,
                "httpjson.max-connections=1"));
    }

    @Test
    void unsolicitedExtraResponses() throws Exception {
        retryable(against(
                (n, id, body, out) -> {
                    out.write(FakeProvider.response(200, id, "\"" + value(body) + "\""));
                    // the same answer again, and one for a request that was never made: no caller may take them
                    out.write(FakeProvider.response(200, id, "\"extra\""));
                    out.write(FakeProvider.response(200, String.valueOf(Long.parseLong(id) + 1_000_000), "\"forged\""));
                },
                4,
                "httpjson.max-connections=1"));
    }

    @Test
    void responsesWithoutTheRequestId() throws Exception {
        failsWith(
                against(
                        (n, id, body, out) -> out.write(FakeProvider.response(200, null, "\"" + value(body) + "\"")),
                        1),
                1,
                "Dubbo-Request-Id");
    }

    @Test
    void deeplyNestedArrays() throws Exception {
        String nested = "[".repeat(100_000) + "]".repeat(100_000);
        failsWith(
                against((n, id, body, out) -> out.write(FakeProvider.response(200, id, nested)), 1),
                1,
                "could not be read");
    }

    /** An overlong '/' (C0 AF): the engines would read it as '/' or U+FFFD; the consumer refuses the answer. */
    @Test
    void bodyThatIsNotUtf8() throws Exception {
        byte[] json = {'"', 'v', (byte) 0xC0, (byte) 0xAF, 'x', '"'};
        failsWith(
                against((n, id, body, out) -> out.write(FakeProvider.response(200, id, json)), 1),
                1,
                "not valid UTF-8 at byte 2");
    }

    /** A proxy's error page in Latin-1 is reported as the page it is, not as a UTF-8 error. */
    @Test
    void errorPageThatIsNotUtf8() throws Exception {
        String page = "<h1>Passerelle d\u00e9faillante</h1>";
        failsWith(
                against(
                        (n, id, body, out) -> write(
                                out,
                                "HTTP/1.1 502 Bad Gateway\r\nDubbo-Request-Id: " + id
                                        + "\r\nContent-Type: text/html\r\nContent-Length: " + page.length()
                                        + "\r\n\r\n" + page),
                        1),
                1,
                "HTTP 502 from");
    }

    @Test
    void oneMebibyteHeader() throws Exception {
        String big = "X-Big: " + "a".repeat(1024 * 1024);
        failsWith(
                against((n, id, body, out) -> out.write(FakeProvider.response(200, id, "\"x\"", big)), 1),
                1,
                "closed before the response");
    }

    @Test
    void errorBodyNamingClassesOutsideTheAllowList() throws Exception {
        String body = "{\"code\":\"BUSINESS_EXCEPTION\",\"status\":500,\"message\":\"boom\",\"exception\":\""
                + GadgetException.class.getName() + "\",\"cause\":{\"exception\":\"java.lang.ProcessBuilder\"}}";
        List<Throwable> failures = against((n, id, b, out) -> out.write(FakeProvider.response(500, id, body)), 1);
        assertThat(GadgetFlag.initialized)
                .as("the named class was never initialized")
                .isFalse();
        assertThat(GadgetFlag.constructed).isFalse();
        assertThat(failures).hasSize(1);
        assertThat(failures.get(0)).isNotInstanceOf(GadgetException.class).hasMessageContaining("boom");
    }
}
