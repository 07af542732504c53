package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/** Connection-level faults between one real consumer and real (or deliberately broken) providers. */
class ConnectionFaultsTest {

    static final String SECTION = "Faults (client and cluster)";
    static final AtomicLong CALLS = Figures.counter(SECTION, "calls made under faults");
    static final AtomicLong LOST = Figures.counter(SECTION, "calls lost (failed where they must not)");

    /** Remote ports the provider saw: one per connection the consumer opened. */
    static final Set<Integer> SEEN_PORTS = ConcurrentHashMap.newKeySet();

    static volatile CountDownLatch release = new CountDownLatch(1);
    static final AtomicInteger STALLED = new AtomicInteger();
    static volatile int lastHelloPort;
    static volatile int lastStalledPort;

    @RegisterExtension
    static DubboServer closesIdle = DubboServer.builder()
            .param("httpjson.idle-timeout", "200")
            .service(TestService.class, new TestServiceImpl() {
                @Override
                public String hello(String name) {
                    lastHelloPort =
                            RpcContext.getServiceContext().getRemoteAddress().getPort();
                    SEEN_PORTS.add(lastHelloPort);
                    return super.hello(name);
                }

                @Override
                public String slow(int millis) {
                    lastStalledPort =
                            RpcContext.getServiceContext().getRemoteAddress().getPort();
                    STALLED.incrementAndGet();
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return "released";
                }
            })
            .build();

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    @AfterAll
    static void release() {
        release.countDown();
    }

    /**
     * The provider closes idle keep-alive connections after 200 ms while the consumer would keep them 60 s: calls
     * spaced around that time race the close, and must all succeed on replacement connections.
     */
    @Test
    void serverClosingIdleConnectionsIsInvisibleToCallers() {
        TestService s = consumer.reference(
                TestService.class,
                "httpjson://127.0.0.1:" + closesIdle.port(),
                r -> r.setParameters(Map.of("httpjson.client-idle-timeout", "60000")));
        SEEN_PORTS.clear();
        int rounds = 8;
        for (int round = 0; round < rounds; round++) {
            String name = "r" + round;
            for (int i = 0; i < 3; i++) {
                call(() -> assertThat(s.hello(name)).isEqualTo("Hello, " + name));
            }
            // the provider closes the connection; the consumer notices and forgets it
            await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnections() == 0);
        }
        assertThat(SEEN_PORTS).hasSizeGreaterThanOrEqualTo(rounds);
        // calls paced across the idle timeout: some land just as the provider closes the connection
        java.util.Random random = new java.util.Random(7);
        for (int i = 0; i < 25; i++) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(150 + random.nextInt(110)));
            call(() -> assertThat(s.hello("paced")).isEqualTo("Hello, paced"));
        }
        Figures.put(
                SECTION,
                "idle close: connections replaced by the pool (distinct provider-side connections)",
                SEEN_PORTS.size());
        assertThat(consumer.openConnections()).isLessThanOrEqualTo(1);
    }

    /**
     * A provider method that never answers: the call fails with a Dubbo timeout after the configured time, its
     * connection is closed rather than reused, and the pool is back to where it was.
     */
    @Test
    void stalledProviderTimesOutAndThePoolDoesNotLeak() {
        TestService s =
                consumer.reference(TestService.class, "httpjson://127.0.0.1:" + closesIdle.port() + "?stall=1", r -> {
                    r.setTimeout(500);
                    r.setParameters(Map.of("httpjson.client-idle-timeout", "60000", "httpjson.max-connections", "4"));
                });
        release = new CountDownLatch(1);
        try {
            call(() -> assertThat(s.hello("warm")).isEqualTo("Hello, warm"));
            int before = consumer.openConnections();
            long worst = 0;
            for (int i = 0; i < 4; i++) {
                long start = System.nanoTime();
                RpcException e = catchThrowableOfType(RpcException.class, () -> s.slow(0));
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                CALLS.incrementAndGet();
                assertThat(e).as("stalled call %d", i).isNotNull();
                assertThat(e.isTimeout()).as(e.toString()).isTrue();
                assertThat(millis).as("waited at least the timeout").isGreaterThanOrEqualTo(490);
                assertThat(millis).as("and not much longer").isLessThan(10_000);
                worst = Math.max(worst, millis);
                // the stalled connection is closed, not handed to the next call; the pool does not grow
                await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnections() <= before);
                call(() -> assertThat(s.hello("after stall")).isEqualTo("Hello, after stall"));
                assertThat(lastHelloPort)
                        .as("the next call came on another connection")
                        .isNotEqualTo(lastStalledPort);
            }
            assertThat(STALLED.get()).isGreaterThanOrEqualTo(4);
            assertThat(consumer.openConnections()).isLessThanOrEqualTo(before);
            Figures.put(SECTION, "stalled provider: timeout 500 ms, slowest failure observed (ms)", worst);
        } finally {
            release.countDown();
        }
    }

    /** A raw server that accepts and never answers: each call times out and closes its connection. */
    @Test
    void blackHoleServerTimesOutAndEveryConnectionIsClosed() throws Exception {
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        AtomicInteger closedByClient = new AtomicInteger();
        try (ServerSocket hole = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(
                    () -> {
                        while (!hole.isClosed()) {
                            try {
                                Socket c = hole.accept();
                                accepted.add(c);
                                Thread drain = new Thread(
                                        () -> {
                                            try (InputStream in = c.getInputStream()) {
                                                byte[] buf = new byte[4096];
                                                while (in.read(buf) >= 0) {
                                                    // swallow the request, never answer
                                                }
                                                closedByClient.incrementAndGet();
                                            } catch (IOException e) {
                                                closedByClient.incrementAndGet();
                                            }
                                        },
                                        "black-hole-drain");
                                drain.setDaemon(true);
                                drain.start();
                            } catch (IOException closed) {
                                return;
                            }
                        }
                    },
                    "black-hole-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
            int before = consumer.openConnections();
            TestService s = consumer.reference(
                    TestService.class, "httpjson://127.0.0.1:" + hole.getLocalPort(), r -> r.setTimeout(300));
            int calls = 5;
            for (int i = 0; i < calls; i++) {
                RpcException e = catchThrowableOfType(RpcException.class, () -> s.hello("anyone?"));
                CALLS.incrementAndGet();
                assertThat(e).isNotNull();
                assertThat(e.isTimeout()).as(e.toString()).isTrue();
                int expectedClosed = i + 1;
                await().atMost(Duration.ofSeconds(10)).until(() -> closedByClient.get() >= expectedClosed);
            }
            // a new connection for every call: a connection whose call timed out is never reused
            assertThat(accepted).hasSize(calls);
            // and the pool holds none of them any more
            await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnections() <= before);
            Figures.put(
                    SECTION,
                    "black-hole server: calls timed out / connections opened / closed by the client",
                    calls + " / " + accepted.size() + " / " + closedByClient.get());
            for (Socket c : accepted) {
                c.close();
            }
        }
    }

    interface Call {
        void run() throws Exception;
    }

    static void call(Call c) {
        CALLS.incrementAndGet();
        try {
            c.run();
        } catch (RuntimeException | Error e) {
            LOST.incrementAndGet();
            throw e;
        } catch (Exception e) {
            LOST.incrementAndGet();
            throw new IllegalStateException(e);
        }
    }
}
