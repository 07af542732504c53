package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.unlisted.UnlistedPojo;
import io.httpjson.unlisted.UnlistedProvider;
import io.httpjson.unlisted.UnlistedService;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Requests that would make the provider spend far more than the caller did: each must be refused, or cost in
 * proportion, and the provider must go on serving others.
 */
class AbuseTest {

    static final String SVC = "/io.httpjson.protocol.api.TestService/";
    static final int THREADS = 4;

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("threads", Integer.toString(THREADS))
            .service(TestService.class, new TestServiceImpl())
            .build();

    static final PacedServiceImpl PACED = new PacedServiceImpl();

    /** A provider that decodes at most 4 KiB of bodies at once. */
    @RegisterExtension
    static DubboServer budgeted = DubboServer.builder()
            .param("httpjson.decode-budget", "4096")
            .service(PacedService.class, PACED)
            .build();

    /**
     * The decode budget bounds the heap decoded arguments hold: a body holds its bytes until its call is done with
     * them. A one-way call's arguments live on after its 202, until it has run; were the budget given back with the
     * 202, one caller could keep any number of decoded bodies alive in calls that wait (8 MiB of {@code {},...}
     * holds 173 MB decoded) while the budget shows nothing in use.
     */
    @Test
    void aOneWayCallHoldsItsDecodeBudgetUntilItHasRun() throws IOException {
        String path = "/" + PacedService.class.getName() + "/";
        String big = "[\"" + "x".repeat(3000) + "\"]";
        PACED.close();
        try {
            RawHttp.Response oneWay =
                    RawHttp.exchange(budgeted.port(), RawHttp.post(path + "gate", big, "Prefer: respond-async"));
            assertThat(oneWay.status()).as("%s", oneWay).isEqualTo(202);
            await().atMost(Duration.ofSeconds(10)).until(() -> PACED.waiting.get() == 1);
            RawHttp.Response other = RawHttp.exchange(budgeted.port(), RawHttp.post(path + "quick", big));
            assertThat(other.status())
                    .as("a second body beside the waiting call's: %s", other)
                    .isEqualTo(503);
            assertThat(other.text()).contains("OVERLOADED").contains("httpjson.decode-budget");
        } finally {
            PACED.open();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> PACED.waiting.get() == 0);
        await().atMost(Duration.ofSeconds(10))
                .until(() -> RawHttp.exchange(budgeted.port(), RawHttp.post(path + "quick", big))
                                .status()
                        == 200);
    }

    /**
     * A one-way call is answered 202 before it runs, so the connection is free for the next: without a bound, one
     * connection pipelining a few KB of them would queue calls without end, each taking a thread in turn, while
     * other callers wait behind them. The provider holds at most {@code threads} one-way calls; beyond, 503.
     */
    @Test
    void oneConnectionCannotQueueOneWayCallsWithoutEnd() throws IOException {
        int sent = 40;
        ByteArrayOutputStream burst = new ByteArrayOutputStream();
        for (int i = 0; i < sent; i++) {
            burst.writeBytes(RawHttp.post(SVC + "slow", "[3000]", "Prefer: respond-async"));
        }
        int accepted = 0;
        int overloaded = 0;
        try (Socket s = RawHttp.connect(server.port())) {
            s.setSoTimeout(5_000);
            s.getOutputStream().write(burst.toByteArray());
            s.getOutputStream().flush();
            try {
                for (int i = 0; i < sent; i++) {
                    RawHttp.Response r = RawHttp.read(s.getInputStream());
                    if (r.status() == 202) {
                        accepted++;
                    } else if (r.status() == 503) {
                        assertThat(r.text()).contains("OVERLOADED").contains("one-way");
                        overloaded++;
                    }
                }
            } catch (SocketTimeoutException stalled) {
                // counted below: the provider stopped answering the burst
            }
            int held = server.httpJsonServer().inFlight();
            assertThat(accepted)
                    .as("one-way calls taken (%d refused)", overloaded)
                    .isLessThanOrEqualTo(THREADS);
            assertThat(accepted + overloaded).as("answers to the burst").isEqualTo(sent);
            assertThat(held).as("calls the provider holds").isLessThanOrEqualTo(THREADS + 1);
        }
        RawHttp.Response other = RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", "[\"x\"]"));
        assertThat(other.status()).as("%s", other).isEqualTo(200);
    }

    /**
     * An error answer names what was wrong without repeating all of it: a name the caller made megabytes long (a
     * few KB of gzip, any service) would otherwise come back whole, a thousand times what was sent.
     */
    @Test
    void anErrorDoesNotEchoAHugeNameBack() throws IOException {
        String huge = "Q".repeat(4 << 20);
        String[][] cases = {
            {"concat", "{\"a\":\"1\",\"" + huge + "\":\"2\"}", "unknown argument"},
            {"$invoke", "[\"" + huge + "\", null, []]", "no method"},
            {"$invoke", "[\"hello\", [\"" + huge + "\"], [\"x\"]]", "no method"},
        };
        for (String[] c : cases) {
            byte[] zipped = BadInputTest.gzip(c[1].getBytes(StandardCharsets.US_ASCII));
            RawHttp.Response r =
                    RawHttp.exchange(server.port(), RawHttp.post(SVC + c[0], zipped, "Content-Encoding: gzip"));
            assertThat(r.status()).as("%s", r).isBetween(400, 404);
            assertThat(r.text()).contains(c[2]);
            assertThat(r.body().length)
                    .as("error bytes for %d bytes of gzip: %s", zipped.length, r)
                    .isLessThan(4096);
        }
    }

    /**
     * Bodies that stop coming hold no thread: more callers than the provider has threads each send a head and part
     * of a body, then nothing; another caller is still served (a thread per waiting body would leave it none).
     */
    @Test
    void bodiesThatStopComingTakeNoThread() throws IOException {
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < 4 * THREADS + 8; i++) {
                Socket s = RawHttp.connect(server.port());
                stalled.add(s);
                byte[] head = RawHttp.post(SVC + "hello", (byte[]) null, "Content-Length: 1000");
                s.getOutputStream().write(head);
                s.getOutputStream().write("[\"abc".getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
            }
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> server.httpJsonServer().inFlight() >= stalled.size());
            RawHttp.Response other = RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", "[\"x\"]"));
            assertThat(other.status()).as("%s", other).isEqualTo(200);
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
    }

    /**
     * A generic call ({@code $invoke}) names one of the service's own methods, and its arguments are made as that
     * method's parameter types: those must pass Dubbo's serialize allow-list as in a call of the method itself,
     * whatever the generic mode ({@code true} re-reads them with the codec, {@code gson} has GenericFilter make them
     * with Gson). Here the parameter class is on no allow-list (STRICT, interface classes not auto-trusted).
     */
    @ParameterizedTest(name = "generic={0}")
    @CsvSource(
            delimiter = '|',
            value = {"true|{\"name\":\"x\"}", "gson|\"{\\\"name\\\":\\\"x\\\"}\""})
    void aGenericCallMakesNoClassTheAllowListRefuses(String mode, String argument) throws IOException {
        FrameworkModel framework = new FrameworkModel();
        try {
            int port = UnlistedProvider.start(framework, "abuse-unlisted-provider", "STRICT");
            String path = "/" + UnlistedService.class.getName() + "/";
            RawHttp.Response direct = RawHttp.exchange(port, RawHttp.post(path + "take", "[{\"name\":\"x\"}]"));
            assertThat(direct.status()).as("the method itself: %s", direct).isEqualTo(400);
            int before = UnlistedPojo.MADE.get();
            String body = "[\"take\", [\"" + UnlistedPojo.class.getName() + "\"], [" + argument + "]]";
            RawHttp.Response generic =
                    RawHttp.exchange(port, RawHttp.post(path + "$invoke", body, "Dubbo-Attachments: generic=" + mode));
            assertThat(UnlistedPojo.MADE.get() - before)
                    .as("UnlistedPojo made (%s)", generic)
                    .isZero();
            assertThat(generic.status()).as("%s", generic).isEqualTo(400);
            assertThat(generic.text()).contains(UnlistedPojo.class.getName()).contains("allow");
        } finally {
            framework.destroy();
        }
    }
}
