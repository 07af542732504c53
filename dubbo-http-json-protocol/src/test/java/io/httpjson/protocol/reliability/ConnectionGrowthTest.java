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
 * cores can do (the suite runs another test class beside this one), and more connections make more.
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
        Callers.concurrently(CALLERS, caller -> {
            while (!stop.get()) {
                int millis = 100 + ThreadLocalRandom.current().nextInt(201);
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
}
