package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Providers killed, shut down and restarted under a live consumer with failover: callers see no error where a
 * healthy provider remains, and only retryable errors while none does.
 */
class ClusterFaultsTest {

    static final String SECTION = ConnectionFaultsTest.SECTION;
    static final AtomicLong CALLS = ConnectionFaultsTest.CALLS;
    static final AtomicLong LOST = ConnectionFaultsTest.LOST;

    /** A provider that counts what it runs and how many calls are inside {@code slow} right now. */
    static class CountingService extends TestServiceImpl {
        final AtomicInteger slowStarted = new AtomicInteger();
        final AtomicInteger slowFinished = new AtomicInteger();
        volatile CountDownLatch busy = new CountDownLatch(0);

        @Override
        public String slow(int millis) {
            slowStarted.incrementAndGet();
            busy.countDown();
            try {
                return super.slow(millis);
            } finally {
                slowFinished.incrementAndGet();
            }
        }
    }

    final List<DubboServer> providers = new ArrayList<>();
    Consumer consumer;

    @BeforeEach
    void consumer() {
        consumer = new Consumer();
    }

    @AfterEach
    void stopAll() {
        consumer.close();
        providers.forEach(DubboServer::stop);
    }

    DubboServer provider(CountingService impl, int port) {
        DubboServer s = DubboServer.builder()
                .port(port)
                .service(TestService.class, impl)
                .shutdownWait(DubboServer.DUBBO_SHUTDOWN_WAIT)
                .build();
        s.start();
        providers.add(s);
        return s;
    }

    TestService failover(DubboServer... ps) {
        StringBuilder url = new StringBuilder();
        for (DubboServer p : ps) {
            url.append(url.length() == 0 ? "" : ";")
                    .append("httpjson://127.0.0.1:")
                    .append(p.port());
        }
        return consumer.reference(TestService.class, url.toString(), r -> {
            r.setCluster("failover");
            r.setRetries(2);
            r.setLoadbalance("roundrobin");
            r.setTimeout(5000);
        });
    }

    /** Runs {@code threads} callers of {@code calls} calls each; returns the failures. */
    static List<Throwable> load(int threads, int calls, AtomicInteger done, java.util.function.IntConsumer call)
            throws Exception {
        return load(threads, calls, () -> false, done, call);
    }

    /** As above, each caller stopping early once {@code enough} says so. */
    static List<Throwable> load(
            int threads,
            int calls,
            java.util.function.BooleanSupplier enough,
            AtomicInteger done,
            java.util.function.IntConsumer call)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        try {
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < calls && !enough.getAsBoolean(); i++) {
                        CALLS.incrementAndGet();
                        try {
                            call.accept(i);
                        } catch (Throwable e) {
                            LOST.incrementAndGet();
                            failures.add(e);
                        }
                        done.incrementAndGet();
                    }
                }));
            }
            for (Future<?> f : fs) {
                f.get(3, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        return failures;
    }

    /**
     * Provider A's server is closed at once under load (no grace period: connections are cut, calls in flight on
     * it lose their responses): the idempotent calls fail over to B, and no caller sees an error.
     */
    @Test
    void oneOfTwoProvidersKilledUnderLoadLosesNoCall() throws Exception {
        CountingService a = new CountingService();
        CountingService b = new CountingService();
        DubboServer pa = provider(a, 0);
        DubboServer pb = provider(b, 0);
        TestService s = failover(pa, pb);
        AtomicInteger done = new AtomicInteger();
        int threads = 8;
        int calls = 2500;
        Map<String, Integer> atKill = new ConcurrentHashMap<>();
        Thread killer = new Thread(
                () -> {
                    await().atMost(Duration.ofMinutes(1)).until(() -> done.get() >= 500);
                    atKill.put("a", a.calls.get());
                    atKill.put("b", b.calls.get());
                    long t0 = System.nanoTime();
                    pa.httpJsonServer().close(0);
                    atKill.put("stop-ms", (int) TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0));
                    atKill.put("done-after-stop", done.get());
                    atKill.put("a-after-stop", a.calls.get());
                    atKill.put("b-after-stop", b.calls.get());
                },
                "killer");
        killer.start();
        // callers go on until 800 calls after the provider has stopped (Dubbo's own shutdown takes seconds)
        List<Throwable> failures = load(
                threads,
                calls,
                () -> atKill.containsKey("done-after-stop") && done.get() >= atKill.get("done-after-stop") + 800,
                done,
                i -> assertThat(s.hello("x")).isEqualTo("Hello, x"));
        killer.join(60_000);
        int total = done.get();
        assertThat(failures).as("failed calls").isEmpty();
        assertThat(atKill.get("a")).as("provider A served before the kill").isPositive();
        assertThat(atKill.get("b")).as("provider B served before the kill").isPositive();
        // calls already handed to A's Dubbo executor may still run (their responses are lost and they are retried)
        assertThat(a.calls.get() - atKill.get("a-after-stop"))
                .as("nothing new reached A after it was killed")
                .isLessThanOrEqualTo(threads);
        assertThat(b.calls.get()).as("B served the rest %s", atKill).isGreaterThan(atKill.get("b-after-stop"));
        assertThat(a.calls.get() + b.calls.get()).as("every call ran").isGreaterThanOrEqualTo(total);
        Figures.put(
                SECTION,
                "failover, one of two providers killed under load (8 threads): calls / failed",
                total + " / " + failures.size());
        Figures.put(
                SECTION,
                "failover: provider A before kill / provider B before kill / B after kill",
                atKill.get("a") + " / " + atKill.get("b") + " / " + (b.calls.get() - atKill.get("b-after-stop")));
        Figures.put(
                SECTION,
                "failover: calls run twice (ran on A, response lost, retried on B)",
                a.calls.get() + b.calls.get() - total);
        Figures.put(SECTION, "failover: time to kill provider A's server under load (ms)", atKill.get("stop-ms"));
    }

    @Test
    void gracefulShutdownUnderLoadFinishesCallsInFlight() throws Exception {
        CountingService a = new CountingService();
        CountingService b = new CountingService();
        a.busy = new CountDownLatch(4);
        DubboServer pa = provider(a, 0);
        DubboServer pb = provider(b, 0);
        TestService s = failover(pa, pb);
        AtomicInteger done = new AtomicInteger();
        AtomicInteger inFlightAtStop = new AtomicInteger(-1);
        Thread stopper = new Thread(
                () -> {
                    try {
                        // a few slow calls are inside provider A right now
                        if (a.busy.await(60, TimeUnit.SECONDS)) {
                            inFlightAtStop.set(a.slowStarted.get() - a.slowFinished.get());
                            pa.stop();
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "stopper");
        stopper.start();
        int threads = 8;
        int calls = 30;
        List<Throwable> failures =
                load(threads, calls, done, i -> assertThat(s.slow(150)).isEqualTo("slept 150"));
        stopper.join(60_000);
        assertThat(failures).as("failed calls").isEmpty();
        assertThat(inFlightAtStop.get())
                .as("calls in flight on A when it was stopped")
                .isPositive();
        assertThat(a.slowFinished.get()).as("every call A started, A finished").isEqualTo(a.slowStarted.get());
        assertThat(a.slowStarted.get() + b.slowStarted.get()).isGreaterThanOrEqualTo(threads * calls);
        Figures.put(
                SECTION,
                "graceful shutdown under load: calls / failed / in flight on the stopped provider",
                threads * calls + " / " + failures.size() + " / " + inFlightAtStop.get());
    }

    @Test
    void providerRestartedOnTheSamePortIsUsedAgain() throws Exception {
        CountingService impl = new CountingService();
        int port = DubboServer.freePort();
        DubboServer p = provider(impl, port);
        TestService s = consumer.reference(TestService.class, "httpjson://127.0.0.1:" + port, r -> r.setTimeout(2000));
        for (int i = 0; i < 20; i++) {
            ConnectionFaultsTest.call(() -> assertThat(s.hello("up")).isEqualTo("Hello, up"));
        }
        p.stop();
        // while it is down: only retryable failures (network, timeout), never a wrong answer or a business error
        int downFailures = 0;
        for (int i = 0; i < 10; i++) {
            CALLS.incrementAndGet();
            try {
                s.hello("down");
                throw new AssertionError("a call succeeded with no provider running");
            } catch (RpcException e) {
                // or, once a connect failed, the invoker is unavailable and the directory has no other provider: "No
                // provider available", as over the dubbo protocol while its client is disconnected
                assertThat(e.isNetwork()
                                || e.isTimeout()
                                || e.getCode() == RpcException.NO_INVOKER_AVAILABLE_AFTER_FILTER)
                        .as(e.toString())
                        .isTrue();
                downFailures++;
            }
        }
        p.start();
        AtomicInteger recoveryFailures = new AtomicInteger();
        java.util.concurrent.atomic.AtomicReference<RpcException> last =
                new java.util.concurrent.atomic.AtomicReference<>();
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                CALLS.incrementAndGet();
                try {
                    return "Hello, back".equals(s.hello("back"));
                } catch (RpcException e) {
                    last.set(e);
                    assertThat(e.isNetwork()
                                    || e.isTimeout()
                                    || e.getCode() == RpcException.NO_INVOKER_AVAILABLE_AFTER_FILTER)
                            .as(e.toString())
                            .isTrue();
                    recoveryFailures.incrementAndGet();
                    return false;
                }
            });
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new AssertionError(
                    "no recovery after " + recoveryFailures + " failures; open connections "
                            + consumer.openConnections() + "; last: " + last.get(),
                    last.get());
        }
        for (int i = 0; i < 20; i++) {
            ConnectionFaultsTest.call(() -> assertThat(s.hello("again")).isEqualTo("Hello, again"));
        }
        Figures.put(
                SECTION,
                "restart on the same port: retryable failures while down / while recovering",
                downFailures + " / " + recoveryFailures.get());
    }
}
