package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.client.HttpJsonClient;
import org.apache.dubbo.config.MethodConfig;
import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * The edges of {@link RemovedProviderTest}: a waiter of a closed pool that times out, and calls that went back to the
 * pool after the close because they provably did not run.
 */
class RemovedProviderEdgesTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    private final CountDownLatch releaseFirst = new CountDownLatch(1);
    private final CountDownLatch releaseSecond = new CountDownLatch(1);
    private final ExecutorService callers = Executors.newFixedThreadPool(6);

    @AfterEach
    void stop() {
        releaseFirst.countDown();
        releaseSecond.countDown();
        callers.shutdownNow();
    }

    private static void hold(CountDownLatch l) {
        try {
            l.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static MethodConfig method(String name, int timeout) {
        MethodConfig m = new MethodConfig();
        m.setName(name);
        m.setTimeout(timeout);
        return m;
    }

    /**
     * The provider is removed while it hangs (the usual reason a registry session expires): the waiter, never sent,
     * times out, and its error says it did not run (what a caller deciding about a non-idempotent call needs), not
     * that all connections were busy.
     */
    @Test
    void aWaiterOfAClosedPoolThatTimesOutIsToldItDidNotRun() throws Exception {
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {
            if (body.contains("stuck")) {
                hold(releaseFirst);
            }
            out.write(FakeProvider.response(200, id, "\"" + HostileProviderTest.value(body) + "\""));
        })) {
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1&httpjson.pipelining=1",
                    r -> {
                        r.setTimeout(1500);
                        r.setMethods(List.of(method("held", 15_000)));
                    });
            CompletableFuture.supplyAsync(() -> s.held("stuck"), callers);
            await().atMost(Duration.ofSeconds(10)).until(() -> fake.bodies.size() == 1);
            // asynchronous, so that the pool's own error reaches the caller (a synchronous caller's own wait, of the
            // same length, may end first with Dubbo's bare "Timeout after 1500ms waiting for result")
            CompletableFuture<String> waiting = RpcContext.getServiceContext().asyncCall(() -> s.echo("waiting", 0));
            HttpJsonClient client = consumer.dropProviderWhen(fake.port(), c -> c.waitingCalls() == 1);
            Throwable t = catchThrowable(() -> waiting.get(10, TimeUnit.SECONDS));
            assertThat(client.isClosed()).isTrue();
            assertThat(fake.bodies).as("the waiter was never sent").hasSize(1);
            assertThat(t).isInstanceOf(ExecutionException.class);
            assertThat(t.getCause().getMessage())
                    .as("the error of a waiter that timed out in a closed pool")
                    .doesNotContain("see httpjson.max-connections")
                    .contains("did not run");
        }
    }

    /**
     * Two connections, each with a held call and one more pipelined behind it, and one call waiting. The provider is
     * removed. The first connection's answer announces the close, so the call pipelined behind it provably did not
     * run and goes back to the pool: like the waiter, it runs when the second connection frees up.
     */
    @Test
    void aCallPutBackAfterTheCloseIsServedLikeAWaiter() throws Exception {
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {
            String v = HostileProviderTest.value(body);
            if (v.equals("h1")) {
                hold(releaseFirst);
                out.write(FakeProvider.response(200, id, "\"h1\"", "Connection: close"));
                out.flush();
                // a server that announced the close processes nothing more on the connection (RFC 9112, 9.6)
                throw new IOException("closed as announced");
            }
            if (v.equals("h2")) {
                hold(releaseSecond);
            }
            out.write(FakeProvider.response(200, id, "\"" + v + "\""));
        })) {
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=2&httpjson.pipelining=2",
                    r -> r.setTimeout(15_000));
            CompletableFuture<String> h1 = CompletableFuture.supplyAsync(() -> s.held("h1"), callers);
            await().atMost(Duration.ofSeconds(10)).until(() -> fake.bodies.size() == 1);
            CompletableFuture<String> h2 = CompletableFuture.supplyAsync(() -> s.held("h2"), callers);
            await().atMost(Duration.ofSeconds(10)).until(() -> fake.bodies.size() == 2);
            // each joins the least busy connection, behind a held call: one behind h1, one behind h2
            CompletableFuture<String> r1 = CompletableFuture.supplyAsync(() -> s.echo("r1", 0), callers);
            CompletableFuture<String> r2 = CompletableFuture.supplyAsync(() -> s.echo("r2", 0), callers);
            CompletableFuture<String> waiting = CompletableFuture.supplyAsync(() -> s.echo("waiting", 0), callers);
            HttpJsonClient client = consumer.dropProviderWhen(fake.port(), c -> c.waitingCalls() == 1);
            assertThat(client.isClosed()).isTrue();

            releaseFirst.countDown();
            assertThat(h1.get(10, TimeUnit.SECONDS)).isEqualTo("h1");
            await().atMost(Duration.ofSeconds(10)).until(() -> client.openConnections() == 1);
            releaseSecond.countDown();
            assertThat(h2.get(10, TimeUnit.SECONDS)).isEqualTo("h2");
            assertThat(waiting.get(10, TimeUnit.SECONDS))
                    .as("the waiter, which came last, runs")
                    .isEqualTo("waiting");
            for (CompletableFuture<String> r : List.of(r1, r2)) {
                Throwable t = catchThrowable(() -> r.get(10, TimeUnit.SECONDS));
                assertThat(t)
                        .as("a call taken before the close, put back as it did not run, is served like the waiter")
                        .isNull();
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> client.openConnections() == 0);
        }
    }
}
