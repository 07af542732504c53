package io.httpjson.protocol.reliability;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.httpjson.protocol.reliability.AdmissionTest.SVC;
import static io.httpjson.protocol.reliability.AdmissionTest.assertErrorBody;
import static io.httpjson.protocol.reliability.AdmissionTest.assertNextCallSucceeds;
import static io.httpjson.protocol.reliability.AdmissionTest.raw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The provider's admission limits, over raw sockets against real providers: how long a request's head and body
 * may take, how many connections it keeps, how many body bytes it decodes at once, and the {@code Keep-Alive}
 * header that tells consumers how long it keeps an idle connection.
 */
class AdmissionLimitsTest {

    /** Holds {@link #slow} calls at a gate, so that a request is known to be in flight without timing. */
    static final class Gate extends TestServiceImpl {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch open = new CountDownLatch(1);

        @Override
        public String slow(int millis) {
            entered.countDown();
            try {
                open.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "done " + millis;
        }
    }

    static final Gate FASTJSON_GATE = new Gate();
    static final Gate GSON_GATE = new Gate();

    /** A decode budget of 1 KB: two bodies of 600 bytes do not fit at once. */
    @RegisterExtension
    static DubboServer fastjson = DubboServer.builder()
            .param("httpjson.decode-budget", "1024")
            .service(TestService.class, FASTJSON_GATE)
            .build();

    @RegisterExtension
    static DubboServer gson = DubboServer.builder()
            .param("httpjson.decode-budget", "1024")
            .param("serialization", "gson-text")
            .service(TestService.class, GSON_GATE)
            .build();

    /** Impatient with slow clients, well within its idle timeout. */
    @RegisterExtension
    static DubboServer strict = DubboServer.builder()
            .param("httpjson.header-timeout", "400")
            .param("httpjson.min-body-rate", "1000")
            .param("httpjson.idle-timeout", "10500")
            .service(TestService.class, new TestServiceImpl())
            .build();

    @RegisterExtension
    static DubboServer capped = DubboServer.builder()
            .param("accepts", "2")
            .service(TestService.class, new TestServiceImpl())
            .build();

    /** Reads what the provider sends until it closes the connection (or 15 s pass). */
    static String readToClose(Socket s) {
        try {
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return e.toString();
        }
    }

    /**
     * Writes {@code piece} every {@code pauseMillis} (pacing, not synchronisation), at most {@code max} times,
     * until the provider has answered and closed: a client trickling bytes within the idle timeout.
     */
    static int trickle(Socket s, String piece, int pauseMillis, int max, AtomicBoolean closed) {
        int sent = 0;
        try {
            OutputStream out = s.getOutputStream();
            while (sent < max && !closed.get()) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pauseMillis));
                out.write(piece.getBytes(StandardCharsets.US_ASCII));
                out.flush();
                sent++;
            }
        } catch (IOException closedByTheProvider) {
            // the provider gave up on us
        }
        return sent;
    }

    static RawHttp.Response slowClient(String head, String piece) throws Exception {
        try (Socket s = RawHttp.connect(strict.port())) {
            s.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            AtomicBoolean closed = new AtomicBoolean();
            CompletableFuture<String> answer = CompletableFuture.supplyAsync(() -> {
                String a = readToClose(s);
                closed.set(true);
                return a;
            });
            // 100 pieces at 100 ms would take 10 s, within the 10.5 s idle timeout: only the new limits end it
            int sent = trickle(s, piece, 100, 100, closed);
            String text = answer.get(20, TimeUnit.SECONDS);
            assertThat(sent).as("pieces sent before the provider closed").isLessThan(100);
            return RawHttp.read(new java.io.ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        }
    }

    @Test
    void aHeadTrickledLineByLineGets408AndIsClosed() throws Exception {
        RawHttp.Response r = slowClient("POST " + SVC + "hello HTTP/1.1\r\nHost: 127.0.0.1\r\n", "X-Slow: a\r\n");
        assertErrorBody(r, 408, "REQUEST_TIMEOUT", "httpjson.header-timeout", "400 ms");
        assertThat(r.header("Connection")).isEqualTo("close");
        assertNextCallSucceeds(strict);
    }

    @Test
    void aBodyTrickledByteByByteGets408AndIsClosed() throws Exception {
        String head = new String(
                        raw(
                                "POST " + SVC + "nullable HTTP/1.1",
                                null,
                                "Host: 127.0.0.1",
                                "Content-Type: application/json",
                                "Content-Length: 1000"),
                        StandardCharsets.US_ASCII)
                + "[\"";
        RawHttp.Response r = slowClient(head, "z");
        assertErrorBody(r, 408, "REQUEST_TIMEOUT", "httpjson.min-body-rate", "1000 bytes/s");
        assertThat(r.header("Connection")).isEqualTo("close");
        assertNextCallSucceeds(strict);
    }

    /** A request refused from its headers has its body read and dropped, but not at any pace. */
    @Test
    void aTrickledBodyOfARefusedRequestIsNotWaitedFor() throws Exception {
        String head = new String(
                        raw(
                                "POST " + SVC + "nope HTTP/1.1",
                                null,
                                "Host: 127.0.0.1",
                                "Content-Type: application/json",
                                "Content-Length: 1000"),
                        StandardCharsets.US_ASCII)
                + "[\"";
        RawHttp.Response r = slowClient(head, "z");
        assertErrorBody(r, 404, "METHOD_NOT_FOUND", "nope");
        assertThat(r.header("Connection")).isEqualTo("close");
        assertNextCallSucceeds(strict);
    }

    /** Beyond {@code accepts}, a connection waits in the accept queue until one of the others closes. */
    @Test
    void connectionsBeyondAcceptsWaitForOneToClose() throws Exception {
        int port = capped.port();
        byte[] call = RawHttp.post(SVC + "hello", "[\"c\"]");
        List<Socket> open = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Socket s = RawHttp.connect(port);
                open.add(s);
                s.getOutputStream().write(call);
                assertThat(RawHttp.read(s.getInputStream()).text()).isEqualTo("\"Hello, c\"");
            }
            Socket third = RawHttp.connect(port);
            open.add(third);
            third.getOutputStream().write(call);
            third.getOutputStream().flush();
            BufferedInputStream in = new BufferedInputStream(third.getInputStream());
            third.setSoTimeout(500);
            in.mark(1);
            boolean answered;
            try {
                answered = in.read() >= 0;
            } catch (SocketTimeoutException notYet) {
                answered = false;
            }
            assertThat(answered).as("answered while 2 connections are open").isFalse();
            assertThat(capped.httpJsonServer().connections()).isEqualTo(2);
            in.reset();
            third.setSoTimeout(15_000);
            open.remove(0).close();
            assertThat(RawHttp.read(in).text()).isEqualTo("\"Hello, c\"");
        } finally {
            for (Socket s : open) {
                s.close();
            }
        }
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertNextCallSucceeds(capped));
    }

    /**
     * A call held in its method keeps the body bytes it decoded: another body that would pass the budget with it
     * is answered 503 OVERLOADED without being decoded, and goes through once the first has been answered.
     */
    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"fastjson2", "gson"})
    void bodiesBeyondTheDecodeBudgetAre503UntilItFrees(String engine) throws Exception {
        DubboServer server = engine.equals("gson") ? gson : fastjson;
        Gate gate = engine.equals("gson") ? GSON_GATE : FASTJSON_GATE;
        String padding = " ".repeat(600);
        CompletableFuture<RawHttp.Response> held = CompletableFuture.supplyAsync(() -> {
            try {
                return RawHttp.exchange(server.port(), RawHttp.post(SVC + "slow", "[5" + padding + "]"));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(gate.entered.await(15, TimeUnit.SECONDS)).isTrue();
        RawHttp.Response refused =
                RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", "[\"b\"" + padding + "]"));
        assertErrorBody(refused, 503, "OVERLOADED", "httpjson.decode-budget", "1024");
        assertThat(refused.header("Connection")).isNull();
        // a small body still fits beside the held one
        assertNextCallSucceeds(server);
        gate.open.countDown();
        assertThat(held.get(15, TimeUnit.SECONDS).text()).isEqualTo("\"done 5\"");
        RawHttp.Response again = RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", "[\"b\"" + padding + "]"));
        assertThat(again.text()).as(again.toString()).isEqualTo("\"Hello, b\"");
    }

    /**
     * A body on its way holds the decode budget for the buffer it fills: bodies that stop coming short of their end
     * (a client that sends all but the last bytes, then one byte a minute) held their buffers outside any limit, so
     * enough of them ran a provider out of heap. Another body that does not fit beside it is refused (503); once the
     * stalled body's connection closes, its bytes are free again.
     */
    @ParameterizedTest
    @ValueSource(strings = {"fastjson2", "gson"})
    void aBodyStillArrivingHoldsTheDecodeBudget(String engine) throws Exception {
        DubboServer server = engine.equals("gson") ? gson : fastjson;
        byte[] other = RawHttp.post(SVC + "hello", "[\"b\"" + " ".repeat(600) + "]");
        try (Socket stalled = RawHttp.connect(server.port())) {
            OutputStream out = stalled.getOutputStream();
            out.write(("POST " + SVC + "hello HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                            + "Content-Length: 100000\r\n\r\n[\"" + "x".repeat(5000))
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // the 5,000 bytes are read as soon as they arrive, and held from then on
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> RawHttp.exchange(server.port(), other).status() == 503);
            assertErrorBody(RawHttp.exchange(server.port(), other), 503, "OVERLOADED", "httpjson.decode-budget");
        }
        await().atMost(Duration.ofSeconds(10))
                .until(() -> RawHttp.exchange(server.port(), other).status() == 200);
    }

    /** Many large bodies at once: each is answered, or refused with 503 while others are decoded; none fails. */
    @Test
    void aBurstOfLargeBodiesIsDecodedWithinTheBudget() throws Exception {
        StringBuilder objects = new StringBuilder("[[");
        while (objects.length() < 900_000) {
            objects.append("{},");
        }
        objects.append("{}]]");
        byte[] call = RawHttp.post("/io.httpjson.protocol.api.TestService/$echo", objects.toString());
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger overloaded = new AtomicInteger();
        List<CompletableFuture<Void>> calls = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            calls.add(CompletableFuture.runAsync(() -> {
                try {
                    RawHttp.Response r = RawHttp.exchange(fastjson.port(), call);
                    if (r.status() == 503) {
                        assertErrorBody(r, 503, "OVERLOADED", "httpjson.decode-budget");
                        overloaded.incrementAndGet();
                    } else {
                        assertThat(r.status()).as(r.toString()).isEqualTo(200);
                        assertThat(r.body().length).isEqualTo(objects.length() - 2);
                        ok.incrementAndGet();
                    }
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        CompletableFuture.allOf(calls.toArray(new CompletableFuture[0])).get(60, TimeUnit.SECONDS);
        assertThat(ok.get() + overloaded.get()).isEqualTo(8);
        assertThat(ok.get()).isPositive();
        assertNextCallSucceeds(fastjson);
    }

    /** Consumers retire pooled connections before the provider closes them: it says when, in whole seconds. */
    @Test
    void everyKeptAliveAnswerSaysTheIdleTimeout() throws IOException {
        RawHttp.Response def = RawHttp.exchange(capped.port(), RawHttp.post(SVC + "hello", "[\"k\"]"));
        assertThat(def.header("Keep-Alive")).isEqualTo("timeout=60");
        RawHttp.Response ok = RawHttp.exchange(strict.port(), RawHttp.post(SVC + "hello", "[\"k\"]"));
        assertThat(ok.header("Keep-Alive")).isEqualTo("timeout=10");
        RawHttp.Response error = RawHttp.exchange(strict.port(), RawHttp.post(SVC + "nope", "[]"));
        assertThat(error.status()).isEqualTo(404);
        assertThat(error.header("Keep-Alive")).isEqualTo("timeout=10");
        RawHttp.Response jettyError = RawHttp.exchange(
                strict.port(), "GET /%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        assertThat(jettyError.header("Keep-Alive")).isNull();
        RawHttp.Response closing =
                RawHttp.exchange(strict.port(), RawHttp.post(SVC + "hello", "[\"k\"]", "Connection: close"));
        assertThat(closing.text()).isEqualTo("\"Hello, k\"");
        assertThat(closing.header("Keep-Alive")).isNull();
        RawHttp.Response old = RawHttp.exchange(
                strict.port(),
                RawHttp.request("POST", SVC + "hello", "HTTP/1.0", "[\"k\"]".getBytes(StandardCharsets.UTF_8)));
        assertThat(old.header("Keep-Alive")).isNull();
    }
}
