package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.client.HttpJsonClient;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * A provider's address is removed from the registry (or the reference destroyed) while calls wait in line for one
 * of its connections, all of them busy. With the dubbo protocol such calls were already written on its one shared
 * connection and complete; here they take the busy connections as these free up, and fail, unsent, with an error
 * that says so only when none is left to take.
 */
class RemovedProviderTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    private final CountDownLatch release = new CountDownLatch(1);
    private final ExecutorService callers = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        release.countDown();
        callers.shutdownNow();
    }

    /** Answers each request with its value; "held" only once the test releases it, with these headers. */
    private FakeProvider provider(String... heldHeaders) throws IOException {
        return new FakeProvider((n, id, body, out) -> {
            if (body.contains("held")) {
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            answer(body, id, out, heldHeaders);
        });
    }

    private static void answer(String body, String id, OutputStream out, String... headers) throws IOException {
        out.write(FakeProvider.response(200, id, "\"" + HostileProviderTest.value(body) + "\"", headers));
    }

    /** The call waiting in line, and the client of the dropped provider. */
    private record Dropped(CompletableFuture<String> waiting, HttpJsonClient client) {}

    /** One call held on the one connection allowed, one more waiting for it; then the provider is dropped. */
    private Dropped waitingWhenDropped(FakeProvider fake) {
        OnceService s = consumer.reference(
                OnceService.class,
                "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1&httpjson.pipelining=1",
                r -> r.setTimeout(15_000));
        CompletableFuture.supplyAsync(() -> s.echo("held", 0), callers);
        await().atMost(Duration.ofSeconds(10)).until(() -> fake.bodies.size() == 1);
        CompletableFuture<String> waiting = CompletableFuture.supplyAsync(() -> s.echo("waiting", 0), callers);
        HttpJsonClient client = consumer.dropProviderWhen(fake.port(), c -> c.waitingCalls() == 1);
        assertThat(client.isClosed())
                .as("the last invoker of the address closed its client")
                .isTrue();
        assertThat(waiting)
                .as("the waiting call is not failed when its pool closes")
                .isNotDone();
        return new Dropped(waiting, client);
    }

    @Test
    void aCallWaitingForABusyConnectionRunsOnItWhenItFreesUp() throws Exception {
        try (FakeProvider fake = provider()) {
            Dropped dropped = waitingWhenDropped(fake);
            release.countDown();
            assertThat(dropped.waiting().get(10, TimeUnit.SECONDS)).isEqualTo("waiting");
            assertThat(fake.bodies).hasSize(2);
            await().atMost(Duration.ofSeconds(10))
                    .alias("then the dropped provider's connection closes")
                    .until(() -> dropped.client().openConnections() == 0);
        }
    }

    @Test
    void aWaitingCallFailsUnsentWhenTheLastConnectionCloses() throws Exception {
        try (FakeProvider fake = provider("Connection: close")) {
            Dropped dropped = waitingWhenDropped(fake);
            release.countDown();
            Throwable t = catchThrowable(() -> dropped.waiting().get(10, TimeUnit.SECONDS));
            assertThat(t).isInstanceOf(ExecutionException.class);
            assertThat(t.getCause())
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("was closed")
                    .hasMessageContaining("did not run");
            assertThat(fake.bodies)
                    .as("only the held call reached the provider")
                    .hasSize(1);
            assertThat(dropped.client().openConnections()).isZero();
        }
    }
}
