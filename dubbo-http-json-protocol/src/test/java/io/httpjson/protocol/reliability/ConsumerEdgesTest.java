package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.dubbo.config.MethodConfig;
import org.apache.dubbo.remoting.TimeoutException;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The consumer where a provider's answer is unusual but not hostile: an interim response it does not know, a
 * one-way call whose {@code 202} never comes, an answer whose class cannot be initialised on the consumer. Each
 * ends every call (none waits for ever) and keeps the connections usable or lets them go.
 */
class ConsumerEdgesTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    private static void echo(String body, String id, OutputStream out) throws IOException {
        out.write(FakeProvider.response(200, id, "\"" + HostileProviderTest.value(body) + "\""));
    }

    /** {@link OnceService#fire} as a one-way method ({@code return=false}). */
    private static MethodConfig oneWayFire() {
        MethodConfig fire = new MethodConfig();
        fire.setName("fire");
        fire.setReturn(false);
        return fire;
    }

    /** RFC 9110 15.2: a client must take a 1xx it does not know as interim, like 100 and 103. */
    @Test
    void anUnknownInterimResponseIsSkipped() throws Exception {
        Set<String> connections = ConcurrentHashMap.newKeySet();
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {
            connections.add(Thread.currentThread().getName() + "@" + System.identityHashCode(Thread.currentThread()));
            if (n == 0) {
                out.write("HTTP/1.1 104 Upload Resumption Supported\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            }
            echo(body, id, out);
        })) {
            OnceService s = consumer.reference(
                    OnceService.class, "httpjson://127.0.0.1:" + fake.port(), r -> r.setTimeout(5000));
            assertThat(s.echo("a", 0)).isEqualTo("a");
            assertThat(s.echo("b", 0)).isEqualTo("b");
            assertThat(connections).as("the 104 did not cost the connection").hasSize(1);
        }
    }

    /**
     * A one-way call ends for its caller once written, but its connection waits for the provider's 202. If that
     * never comes (a stalled provider, a half-open connection), the call's timeout gives the connection up as for
     * a two-way call: later calls get a fresh connection instead of queueing behind it until TCP gives up.
     */
    @Test
    void aOneWayCallWhose202NeverComesLetsItsConnectionGo() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {
            if (body.contains("stuck")) {
                try {
                    never.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            echo(body, id, out);
        })) {
            OnceService s = consumer.reference(
                    OnceService.class, "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1", r -> {
                        r.setTimeout(300);
                        r.setMethods(List.of(oneWayFire()));
                    });
            try {
                s.fire("stuck");
                await().atMost(Duration.ofSeconds(10)).until(() -> fake.bodies.size() == 1);
                // the one connection allowed is held by the one-way call until its timeout lets it go
                await().atMost(Duration.ofSeconds(10))
                        .pollInterval(Duration.ofMillis(50))
                        .ignoreException(RpcException.class)
                        .until(() -> "after".equals(s.echo("after", 0)));
                assertThat(fake.bodies.stream().filter(b -> b.contains("stuck")))
                        .as("the one-way request went out once")
                        .hasSize(1);
            } finally {
                never.countDown();
            }
        }
    }

    /**
     * A one-way request pipelined behind an answer that announces the close provably does not run there (RFC 9112,
     * 9.6), so it goes out again on another connection, as a two-way call's would; its caller was told it went out.
     */
    @Test
    void aOneWayCallBehindAnAnnouncedCloseIsSentAgain() throws Exception {
        CountDownLatch queued = new CountDownLatch(1);
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {
            if (n == 0) {
                try {
                    queued.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                out.write(FakeProvider.response(200, id, "\"first\"", "Connection: close"));
                out.flush();
                throw new IOException("closed as announced, the one-way request behind it unread");
            }
            out.write(FakeProvider.response(
                    body.contains("behind") ? 202 : 200, id, "\"" + HostileProviderTest.value(body) + "\""));
        })) {
            OnceService s = consumer.reference(
                    OnceService.class, "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1", r -> {
                        r.setTimeout(5000);
                        r.setMethods(List.of(oneWayFire()));
                    });
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> s.echo("first", 0));
            await().atMost(Duration.ofSeconds(10)).until(() -> fake.bodies.size() == 1);
            s.fire("behind"); // returns once its request is written, behind "first"
            queued.countDown();
            assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> fake.bodies.stream().anyMatch(b -> b.contains("behind")));
            assertThat(fake.bodies.stream().filter(b -> b.contains("behind")))
                    .as("read once, on the second connection")
                    .hasSize(1);
            assertThat(s.echo("after", 0)).isEqualTo("after");
        }
    }

    /** A call that times out while its connection is still being opened says so, not that the pool was full. */
    @Test
    void aTimeoutWhileTheConnectionOpensSaysSo() throws Exception {
        List<Socket> queued = new ArrayList<>();
        try (ServerSocket full = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            // never accepted: once its accept queue is full, the kernel drops further SYNs and a connect hangs
            boolean hangs = false;
            for (int i = 0; i < 16 && !hangs; i++) {
                Socket s = new Socket();
                queued.add(s);
                try {
                    s.connect(full.getLocalSocketAddress(), 200);
                } catch (SocketTimeoutException e) {
                    hangs = true;
                }
            }
            assumeTrue(hangs, "this kernel completed every connect to a full accept queue");
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + full.getLocalPort() + "?connect.timeout=5000",
                    r -> r.setTimeout(300));
            // asynchronously, so that the timeout is the client's own (a sync caller's wait may end first)
            CompletableFuture<String> call = RpcContext.getContext().asyncCall(() -> s.echo("x", 0));
            Throwable t = catchThrowable(() -> call.get(10, TimeUnit.SECONDS));
            assertThat(t).isInstanceOf(ExecutionException.class);
            assertThat(t.getCause())
                    .isInstanceOf(TimeoutException.class)
                    .hasMessageContaining("within 300 ms")
                    .hasMessageContaining("its connection was still being opened")
                    .hasMessageNotContaining("no connection was free");
        } finally {
            for (Socket q : queued) {
                q.close();
            }
        }
    }

    /** A result type whose class cannot be initialised on the consumer. */
    public static class Unloadable {
        static final Object CONFIG = load();
        public String x;

        static Object load() {
            throw new IllegalStateException("cannot load the configuration");
        }
    }

    public interface UnloadableService {
        Unloadable get();
    }

    /** An Error while the answer is decoded ends the call with it; the caller's timer had already stopped. */
    @Test
    void anErrorWhileTheAnswerIsDecodedEndsTheCall() throws Exception {
        try (FakeProvider fake =
                new FakeProvider((n, id, body, out) -> out.write(FakeProvider.response(200, id, "{\"x\":\"y\"}")))) {
            UnloadableService s = consumer.reference(
                    UnloadableService.class, "httpjson://127.0.0.1:" + fake.port(), r -> r.setTimeout(60_000));
            CompletableFuture<Unloadable> call = RpcContext.getContext().asyncCall(() -> s.get());
            Throwable t = catchThrowable(() -> call.get(30, TimeUnit.SECONDS));
            assertThat(t).isInstanceOf(ExecutionException.class);
            assertThat(t.getCause())
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("could not be read")
                    .hasMessageContaining("ExceptionInInitializerError");
        }
    }
}
