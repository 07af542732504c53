package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import io.httpjson.protocol.internal.server.HttpJsonServer;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The provider's bookkeeping on every way a request ends: after each kind of exit, repeated, no request is left
 * counted in flight (a graceful shutdown would wait for it), no decode budget is left held (bodies would be refused
 * 503), Dubbo's {@code executes} count is back (the next call is not refused), and the next ordinary call is
 * answered; in each dispatch mode.
 */
class ProviderAccountingTest {

    private static final int REPEATS = 6;
    private static final String SVC = "/" + LedgerService.class.getName() + "/";

    private LedgerServiceImpl impl;
    private DubboServer server;

    private DubboServer provider(String dispatch) {
        impl = new LedgerServiceImpl();
        return DubboServer.builder()
                .param("httpjson.dispatch", dispatch)
                .param("httpjson.idle-timeout", "3000")
                .service(LedgerService.class, impl, s -> {
                    s.setExecutes(1);
                    s.setParameters(new HashMap<>(Map.of("httpjson.get", "true")));
                })
                .build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"jetty", "pool", "direct"})
    void everyExitGivesBackWhatItTook(String dispatch) throws Exception {
        provider(dispatch).run(s -> {
            server = s;
            settled("start");

            repeat("ordinary call", () -> assertThat(call("quick", "[\"a\"]").status())
                    .isEqualTo(200));
            repeat(
                    "business exception",
                    () -> assertThat(call("fail", "[\"a\"]").status()).isEqualTo(500));
            repeat("malformed JSON", () -> assertThat(call("quick", "[\"a\"").status())
                    .isEqualTo(400));
            repeat("no such method", () -> assertThat(call("nope", "[]").status())
                    .isEqualTo(404));
            repeat("too large, announced", () -> assertThat(RawHttp.exchange(
                                    s.port(),
                                    RawHttp.request(
                                            "POST", SVC + "quick", "HTTP/1.1", null, "Content-Length: 999999999"))
                            .status())
                    .isEqualTo(413));
            repeat("bad gzip", () -> assertThat(RawHttp.exchange(
                                    s.port(), RawHttp.post(SVC + "quick", "not gzip at all", "Content-Encoding: gzip"))
                            .status())
                    .isEqualTo(400));
            repeat("gzip bomb", () -> assertThat(
                            RawHttp.exchange(s.port(), RawHttp.post(SVC + "quick", bomb(), "Content-Encoding: gzip"))
                                    .status())
                    .isIn(400, 413));
            repeat("argument class fails to initialize", () -> assertThat(
                            call("fragile", "[{\"name\":\"x\"}]").status())
                    .isEqualTo(500));
            repeat("GET, argument class fails to initialize", () -> assertThat(RawHttp.exchange(
                                    s.port(),
                                    RawHttp.request(
                                            "GET",
                                            SVC + "fragile?0="
                                                    + URLEncoder.encode("{\"name\":\"x\"}", StandardCharsets.UTF_8),
                                            "HTTP/1.1",
                                            null))
                            .status())
                    .isEqualTo(500));
            repeat("generic call, argument class fails to initialize", () -> assertThat(RawHttp.exchange(
                                    s.port(),
                                    RawHttp.post(
                                            SVC + "$invoke",
                                            "[\"fragile\", [\"" + Fragile.class.getName() + "\"], [{\"name\":\"x\"}]]",
                                            "Dubbo-Attachments: generic=true"))
                            .status())
                    .isEqualTo(500));
            repeat("one-way call", () -> {
                int before = impl.oneWays.get();
                assertThat(call("oneWay", "[\"a\"]", "Prefer: respond-async").status())
                        .isEqualTo(202);
                await().atMost(Duration.ofSeconds(10)).until(() -> impl.oneWays.get() == before + 1);
            });
            repeat("one-way call that fails", () -> assertThat(
                            call("fail", "[\"a\"]", "Prefer: respond-async").status())
                    .isEqualTo(202));
            repeat("reset after the head", () -> reset(head("quick", 100), false));
            repeat("reset mid-body", () -> reset(concat(head("quick", 100), "[\"abc".getBytes()), false));
            repeat("half-close mid-body", () -> reset(concat(head("quick", 100), "[\"abc".getBytes()), true));
            repeat("reset while the call runs", () -> {
                try (Socket c = enterHeld()) {
                    c.setSoLinger(true, 0);
                }
                impl.gate.release();
            });
            repeat("reset while a one-way call runs", () -> {
                try (Socket c = enterHeld("Prefer: respond-async")) {
                    c.setSoLinger(true, 0);
                }
                impl.gate.release();
            });
            repeat("reset while the answer is written", () -> {
                byte[] big = ("[\"" + "x".repeat(2_000_000) + "\"]").getBytes(StandardCharsets.UTF_8);
                try (Socket c = RawHttp.connect(s.port())) {
                    c.getOutputStream().write(RawHttp.post(SVC + "quick", big));
                    c.getOutputStream().flush();
                    c.setSoLinger(true, 0);
                }
            });
            repeat("refused by executes", () -> {
                try (Socket first = enterHeld()) {
                    RawHttp.Response refused = call("held", "[\"b\"]");
                    assertThat(refused.status()).as(refused.toString()).isEqualTo(429);
                    impl.gate.release();
                    assertThat(RawHttp.read(first.getInputStream()).status()).isEqualTo(200);
                }
            });
            repeat(
                    "idle timeout mid-body",
                    () -> {
                        try (Socket c = RawHttp.connect(s.port())) {
                            c.getOutputStream().write(concat(head("quick", 100), "[\"abc".getBytes()));
                            c.getOutputStream().flush();
                            assertThat(RawHttp.read(c.getInputStream()).status())
                                    .isEqualTo(408);
                        }
                    },
                    2);
        });
    }

    @FunctionalInterface
    interface Exit {
        void run() throws Exception;
    }

    private void repeat(String what, Exit exit) throws Exception {
        repeat(what, exit, REPEATS);
    }

    private void repeat(String what, Exit exit, int times) throws Exception {
        for (int i = 0; i < times; i++) {
            exit.run();
        }
        settled(what);
    }

    /** Nothing held after {@code what}, and an ordinary call is served (not refused by a leaked executes count). */
    private void settled(String what) throws IOException {
        HttpJsonServer http = server.httpJsonServer();
        await(what).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(http.inFlight()).as(what + ": in flight").isZero();
            assertThat(http.decodeBudgetInUse())
                    .as(what + ": decode budget held")
                    .isZero();
        });
        RawHttp.Response r = call("quick", "[\"ok\"]");
        assertThat(r.status()).as(what + ": next call " + r).isEqualTo(200);
        // Dubbo's executes count for held is given back too (just after a call returns: retried meanwhile)
        impl.gate.release();
        await(what + ": executes").atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(
                        call("held", "[\"ok\"]").status())
                .isEqualTo(200));
        impl.entered.drainPermits();
        impl.gate.drainPermits();
    }

    /**
     * A connection whose call of held has entered the method; sent again while the previous held call, returned,
     * still counts against executes = 1 for a moment.
     */
    private Socket enterHeld(String... headers) {
        Socket[] entered = new Socket[1];
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            Socket c = RawHttp.connect(server.port());
            c.getOutputStream().write(RawHttp.post(SVC + "held", "[\"a\"]", headers));
            c.getOutputStream().flush();
            if (!impl.entered.tryAcquire(1, TimeUnit.SECONDS)) {
                c.close();
                throw new AssertionError("held was not entered (refused by executes?)");
            }
            entered[0] = c;
        });
        return entered[0];
    }

    private RawHttp.Response call(String method, String body, String... headers) throws IOException {
        return RawHttp.exchange(server.port(), RawHttp.post(SVC + method, body, headers));
    }

    private static byte[] head(String method, int length) {
        return RawHttp.request("POST", SVC + method, "HTTP/1.1", null, "Content-Length: " + length);
    }

    /** Sends {@code bytes}, then resets the connection (or half-closes it and reads what comes). */
    private void reset(byte[] bytes, boolean halfClose) throws IOException {
        try (Socket c = RawHttp.connect(server.port())) {
            c.getOutputStream().write(bytes);
            c.getOutputStream().flush();
            if (halfClose) {
                c.shutdownOutput();
                InputStream in = c.getInputStream();
                in.readAllBytes();
            } else {
                c.setSoLinger(true, 0);
            }
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = new byte[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static byte[] bomb() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write('[');
            z.write('"');
            z.write(new byte[20 * 1024 * 1024]);
        }
        return out.toByteArray();
    }
}
