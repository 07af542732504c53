package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.testing.Callers;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A pool whose {@code httpjson.max-connections} is not set opens more connections than its default 200 when calls
 * are slow and many (a connection carries one slow call at a time, so the connections bound the calls in flight),
 * and one whose key is set never does. Real Jetty provider with 1,000 threads, real Netty consumer; 500 callers of
 * a method that takes 100 to 300 ms, so that 200 connections make about 1,000 calls a second, a fraction of what two
 * cores can do (the suite runs another test class beside this one), and more connections make more. A pool whose
 * limit falls closes the connections above it and does not open others in their place for the callers waiting.
 */
class ConnectionGrowthTest {

    private static final int CALLERS = 500;

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("threads", "1000")
            .service(PacedService.class, new PacedServiceImpl())
            .build();

    /** Runs the callers until {@code enough} holds; the largest pool seen and the calls that failed. */
    private static int[] load(Consumer consumer, Map<String, String> params, Enough enough) throws Exception {
        return load(consumer, params, CALLERS, 100, enough);
    }

    /** {@code callers} callers of calls that take {@code fastest} to 3 times that. */
    private static int[] load(Consumer consumer, Map<String, String> params, int callers, int fastest, Enough enough)
            throws Exception {
        PacedService s =
                consumer.reference(PacedService.class, "httpjson://127.0.0.1:" + server.port() + "?p=" + params, r -> {
                    r.setTimeout(20_000);
                    r.setParameters(new HashMap<>(params));
                });
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong calls = new AtomicLong();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        AtomicInteger most = new AtomicInteger();
        Thread watcher = new Thread(() -> {
            try {
                await().atMost(Duration.ofSeconds(50))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> {
                            most.accumulateAndGet(consumer.openConnections(), Math::max);
                            return enough.reached(consumer, calls.get());
                        });
            } finally {
                stop.set(true);
            }
        });
        watcher.start();
        Callers.concurrently(callers, caller -> {
            while (!stop.get()) {
                int millis = fastest + ThreadLocalRandom.current().nextInt(2 * fastest + 1);
                try {
                    assertThat(s.sleep(millis)).isEqualTo("slept " + millis);
                } catch (RuntimeException | AssertionError e) {
                    failed.incrementAndGet();
                    firstFailure.compareAndSet(null, e);
                }
                calls.incrementAndGet();
            }
        });
        watcher.join();
        assertThat(firstFailure.get()).as("the first failed call").isNull();
        return new int[] {most.get(), failed.get()};
    }

    private interface Enough {
        boolean reached(Consumer consumer, long calls);
    }

    private static HttpJsonClient client(Consumer consumer) {
        assertThat(consumer.clients()).hasSize(1);
        return consumer.clients().iterator().next();
    }

    @Test
    void slowCallsGetMoreConnectionsThanTheDefault() throws Exception {
        try (Consumer consumer = new Consumer()) {
            int[] seen = load(consumer, Map.of(), (c, calls) -> c.openConnections() > 250);
            assertThat(seen[0]).isGreaterThan(250);
            assertThat(client(consumer).connectionLimit()).isGreaterThan(250);
        }
    }

    @Test
    void aSetMaxConnectionsIsKept() throws Exception {
        try (Consumer consumer = new Consumer()) {
            // about 5 s of calls: twice what the pool above takes to pass 250 connections from a cold start
            int[] seen = load(consumer, Map.of("httpjson.max-connections", "200"), (c, calls) -> calls >= 5_000);
            assertThat(seen[0]).isBetween(150, 200);
            assertThat(client(consumer).connectionLimit()).isEqualTo(200);
        }
    }

    @Test
    void aPoolThatShrinksDoesNotReplaceTheConnectionsItCloses() throws Exception {
        try (Consumer consumer = new Consumer()) {
            // without pipelining every call waits for a connection of its own: 60 callers, 60 connections, until
            // the limit falls to 40 (as after a trial of more connections); then 20 close and are not replaced
            AtomicLong settledAt = new AtomicLong(-1);
            AtomicInteger mostAfter = new AtomicInteger();
            int[] seen = load(consumer, Map.of("httpjson.pipelining", "1"), 60, 10, (c, calls) -> {
                if (client(c).connectionLimit() > 40 && c.openConnections() >= 60) {
                    client(c).fixConnectionLimit(40);
                } else if (client(c).connectionLimit() == 40) {
                    if (settledAt.get() < 0 && c.openConnections() <= 40) {
                        settledAt.set(calls);
                    } else if (settledAt.get() >= 0) {
                        mostAfter.accumulateAndGet(c.openConnections(), Math::max);
                    }
                }
                return settledAt.get() >= 0 && calls >= settledAt.get() + 2_000;
            });
            assertThat(seen[0]).isEqualTo(60);
            assertThat(settledAt.get())
                    .as("calls when 40 connections were left")
                    .isPositive();
            assertThat(mostAfter.get()).isBetween(30, 40);
            assertThat(seen[1]).isZero();
        }
    }
}
