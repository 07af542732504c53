package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Which calls share a connection (HTTP/1.1 pipelining, on by default): only calls of methods the provider's
 * {@code Server-Timing} shows to be short, within the budget, and never behind a call that is not known to be
 * short. Real Jetty provider, real Netty consumer; the provider's method holds each call at a gate the test
 * opens, so what is in flight is known without timing.
 */
class AdaptivePipeliningTest {

    static final PacedServiceImpl IMPL = new PacedServiceImpl();

    @RegisterExtension
    static DubboServer server =
            DubboServer.builder().service(PacedService.class, IMPL).build();

    private Consumer consumer;
    private ExecutorService callers;

    @BeforeEach
    void start() {
        consumer = new Consumer();
        callers = Executors.newFixedThreadPool(16);
        IMPL.open();
    }

    @AfterEach
    void stop() {
        IMPL.open();
        callers.shutdownNow();
        consumer.close();
    }

    private PacedService reference(Map<String, String> params) {
        return consumer.reference(PacedService.class, "httpjson://127.0.0.1:" + server.port() + "?p=" + params, r -> {
            r.setTimeout(20_000);
            r.setParameters(new HashMap<>(params));
        });
    }

    private HttpJsonClient client() {
        assertThat(consumer.clients()).hasSize(1);
        return consumer.clients().iterator().next();
    }

    private List<CompletableFuture<String>> gateCalls(PacedService s, int n) {
        List<CompletableFuture<String>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name = "g" + i;
            out.add(CompletableFuture.supplyAsync(() -> s.gate(name), callers));
        }
        return out;
    }

    private static void assertOwnAnswers(List<CompletableFuture<String>> calls, String prefix) throws Exception {
        for (int i = 0; i < calls.size(); i++) {
            assertThat(calls.get(i).get(20, TimeUnit.SECONDS)).isEqualTo(prefix + i);
        }
    }

    /** Every connection is back in the pool once nothing is in flight: the pool's counts balance. */
    private void awaitAllIdle(HttpJsonClient c) {
        await().atMost(Duration.ofSeconds(10)).until(() -> c.idleConnections() == c.openConnections());
    }

    @Test
    void shortCallsShareOneConnection() throws Exception {
        callsHeldAtTheGate(Map.of("httpjson.pipelining-budget-micros", "2000000"), 5, 10, c -> {
            // the provider answers a connection's requests in order: one call at the gate, nine queued behind it
            await().atMost(Duration.ofSeconds(10)).until(() -> c.pipelinedCalls() == 9);
            assertThat(IMPL.waiting.get()).isEqualTo(1);
            assertThat(c.openConnections()).isEqualTo(1);
        });
    }

    @Test
    void aConnectionCarriesAtMostThePipeliningDepth() throws Exception {
        callsHeldAtTheGate(
                Map.of("httpjson.pipelining-budget-micros", "2000000", "httpjson.pipelining", "4"), 1, 10, c -> {
                    // at most 4 per connection: at least 3 connections, each with its first call at the gate
                    await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() >= 3);
                    assertThat(c.openConnections()).isBetween(3, 10);
                    assertThat(c.pipelinedCalls()).isBetween(3L, 7L);
                });
    }

    @Test
    void pipeliningOneSendsOneRequestAtATime() throws Exception {
        callsHeldAtTheGate(
                Map.of("httpjson.pipelining", "1", "httpjson.pipelining-budget-micros", "2000000"), 1, 6, c -> {
                    // each call on its own connection, all six at the gate at once
                    await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 6);
                    assertThat(c.pipelinedCalls()).isZero();
                });
    }

    interface WhileHeld {
        void check(HttpJsonClient client) throws Exception;
    }

    /**
     * Warms the gate method up with {@code warm} calls one after another (so its pace is known and nothing was
     * pipelined), closes the gate, sends {@code n} calls at once, runs {@code whileHeld}, opens the gate, and checks
     * that every caller got its own answer and every connection went back to the pool.
     */
    private void callsHeldAtTheGate(Map<String, String> params, int warm, int n, WhileHeld whileHeld) throws Exception {
        PacedService s = reference(params);
        for (int i = 0; i < warm; i++) {
            assertThat(s.gate("warm" + i)).isEqualTo("gate warm" + i);
        }
        HttpJsonClient c = client();
        assertThat(c.pipelinedCalls()).isZero();
        IMPL.close();
        List<CompletableFuture<String>> calls = gateCalls(s, n);
        whileHeld.check(c);
        IMPL.open();
        assertOwnAnswers(calls, "gate g");
        awaitAllIdle(c);
    }

    @Test
    void shortCallsNeverWaitBehindACallNotKnownToBeShort() throws Exception {
        PacedService s = reference(Map.of("httpjson.pipelining-budget-micros", "2000000"));
        assertThat(s.quick("warm")).isEqualTo("quick warm");
        // never answered before: the consumer does not know how long it takes
        shortCallsPass(s, () -> s.hold("h"), "hold h");
    }

    @Test
    void shortCallsNeverWaitBehindACallKnownToBeSlow() throws Exception {
        PacedService s = reference(Map.of());
        assertThat(s.quick("warm")).isEqualTo("quick warm");
        // 50 ms or more: far over the default budget of 2 ms
        assertThat(s.slowGate("learn")).isEqualTo("slow learn");
        shortCallsPass(s, () -> s.slowGate("h"), "slow h");
    }

    /** While {@code heldCall} waits at the gate, short calls complete on connections of their own. */
    private void shortCallsPass(PacedService s, java.util.function.Supplier<String> heldCall, String answer)
            throws Exception {
        HttpJsonClient c = client();
        IMPL.close();
        CompletableFuture<String> held = CompletableFuture.supplyAsync(heldCall, callers);
        await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
        for (int i = 0; i < 20; i++) {
            assertThat(s.quick("q" + i)).isEqualTo("quick q" + i);
        }
        assertThat(held).isNotDone();
        assertThat(c.pipelinedCalls()).isZero();
        IMPL.open();
        assertThat(held.get(20, TimeUnit.SECONDS)).isEqualTo(answer);
        awaitAllIdle(c);
    }

    @Test
    void callsLongerThanTheBudgetAreNotPipelined() throws Exception {
        // the default budget is 2 ms; these calls take at least 30
        PacedService s = reference(Map.of());
        assertThat(s.sleep(30)).isEqualTo("slept 30");
        assertThat(s.sleep(30)).isEqualTo("slept 30");
        HttpJsonClient c = client();
        List<CompletableFuture<String>> calls = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            calls.add(CompletableFuture.supplyAsync(() -> s.sleep(30), callers));
        }
        for (CompletableFuture<String> f : calls) {
            assertThat(f.get(20, TimeUnit.SECONDS)).isEqualTo("slept 30");
        }
        assertThat(c.pipelinedCalls()).isZero();
        awaitAllIdle(c);
    }
}
