package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.Callers;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * {@code httpjson.pipelining}: several requests in flight on one connection, answered in order. Real Jetty
 * provider, real Netty consumer.
 */
class PipeliningTest {

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .service(TestService.class, new TestServiceImpl())
            .build();

    /** Each test its own consumer, so that the connections it counts are its own. */
    private Consumer consumer;

    @BeforeEach
    void start() {
        consumer = new Consumer();
    }

    @AfterEach
    void stop() {
        consumer.close();
    }

    private TestService reference(int connections, int depth, int timeout) {
        return consumer.reference(
                TestService.class, "httpjson://127.0.0.1:" + server.port() + "?c=" + connections + "&d=" + depth, r -> {
                    r.setTimeout(timeout);
                    r.setParameters(Map.of(
                            "httpjson.max-connections",
                            String.valueOf(connections),
                            "httpjson.pipelining",
                            String.valueOf(depth)));
                });
    }

    /** Many callers over two connections: every caller gets its own answer, no connection beyond the two. */
    @Test
    void everyCallerGetsItsOwnAnswerOverFewConnections() throws Exception {
        TestService s = reference(2, 16, 10_000);
        Callers.concurrently(32, caller -> {
            for (int i = 0; i < 300; i++) {
                String name = caller + "-" + i;
                assertThat(s.hello(name)).isEqualTo("Hello, " + name);
                assertThat(consumer.openConnections()).isLessThanOrEqualTo(2);
            }
        });
        assertThat(consumer.openConnections()).isBetween(1, 2);
    }

    /** Async calls sent at once all land on one connection and still complete in full. */
    @Test
    void asyncBurstOnOneConnection() throws Exception {
        TestService s = reference(1, 64, 10_000);
        List<CompletableFuture<String>> futures = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            futures.add(s.helloAsync("a" + i));
        }
        for (int i = 0; i < 200; i++) {
            assertThat(futures.get(i).get(30, TimeUnit.SECONDS)).isEqualTo("Hello async, a" + i);
        }
        assertThat(consumer.openConnections()).isEqualTo(1);
    }

    /**
     * A call that times out on a pipelined connection closes it; the calls queued behind it fail fast with a
     * connection error (not a hang), and the next calls work on a fresh connection.
     */
    @Test
    void aTimeoutClosesTheConnectionAndTheCallsBehindItFailFast() throws Exception {
        TestService s = reference(1, 8, 1_000);
        assertThat(s.hello("warm")).isEqualTo("Hello, warm");
        ExecutorService callers = Executors.newFixedThreadPool(5);
        try {
            queueBehindATimeout(s, callers);
        } finally {
            callers.shutdownNow();
        }
        assertThat(s.hello("after")).isEqualTo("Hello, after");
    }

    private void queueBehindATimeout(TestService s, ExecutorService callers) throws Exception {
        CompletableFuture<String> stuck = CompletableFuture.supplyAsync(() -> s.slow(5_000), callers);
        // wait until the slow call is on the wire, then queue calls behind it on the same connection
        await().atMost(Duration.ofSeconds(5)).until(() -> consumer.openConnections() == 1);
        List<CompletableFuture<String>> behind = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String name = "behind" + i;
            behind.add(CompletableFuture.supplyAsync(() -> s.hello(name), callers));
        }
        Throwable slowFailure = catchThrowableOfType(
                        java.util.concurrent.ExecutionException.class, () -> stuck.get(10, TimeUnit.SECONDS))
                .getCause();
        assertThat(slowFailure).isInstanceOf(RpcException.class);
        assertThat(((RpcException) slowFailure).isTimeout())
                .as(slowFailure.toString())
                .isTrue();
        for (CompletableFuture<String> f : behind) {
            // each either completed (sent after the close, on a new connection) or failed, within its timeout
            try {
                assertThat(f.get(10, TimeUnit.SECONDS)).startsWith("Hello, behind");
            } catch (java.util.concurrent.ExecutionException e) {
                assertThat(e.getCause()).isInstanceOf(RpcException.class);
            }
        }
    }
}
