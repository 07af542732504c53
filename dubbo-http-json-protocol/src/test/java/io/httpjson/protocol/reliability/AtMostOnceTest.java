package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.FaultProxy;
import org.apache.dubbo.config.MethodConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * A call runs at most once per attempt: the transport never sends a request again once it may have reached the
 * provider; only Dubbo's cluster ({@code retries}) does. Real provider, real consumer, faults injected with a TCP
 * proxy that resets connections at chosen points.
 */
class AtMostOnceTest {

    static final OnceServiceImpl IMPL = new OnceServiceImpl();

    @RegisterExtension
    static DubboServer provider = DubboServer.builder()
            .param("httpjson.idle-timeout", "1000")
            .service(OnceService.class, IMPL)
            .build();

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    @AfterAll
    static void release() {
        IMPL.open();
    }

    @AfterEach
    void openGate() {
        IMPL.open();
    }

    private OnceService reference(
            int port, Map<String, String> params, java.util.function.Consumer<ReferenceConfig<OnceService>> more) {
        return consumer.reference(OnceService.class, "httpjson://127.0.0.1:" + port, r -> {
            r.setParameters(params);
            more.accept(r);
        });
    }

    /**
     * The case that ran twice: with one connection, call B (100 ms timeout) is pipelined behind call A, which the
     * provider holds; B times out. A is neither re-sent nor cut off: it finishes once; B is not sent again (once A is
     * answered nobody waits on the connection, so it closes rather than wait for B's late answer), and the next call
     * gets a connection of its own.
     */
    @Test
    void aTimeoutDoesNotResendTheCallsSharingItsConnection() throws Exception {
        OnceService s = reference(provider.port(), Map.of("httpjson.max-connections", "1"), r -> {});
        assertThat(s.echo("warm-1", 0)).isEqualTo("warm-1");
        IMPL.close();
        CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> s.held("A-1"));
        await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
        RpcContext.getClientAttachment().setAttachment("timeout", "100");
        RpcException b = catchThrowableOfType(() -> s.held("B-1"), RpcException.class);
        assertThat(b.isTimeout()).as("%s", b).isTrue();
        IMPL.open();
        assertThat(a.get(10, TimeUnit.SECONDS)).isEqualTo("A-1");
        assertThat(s.echo("after-1", 0)).isEqualTo("after-1");
        assertThat(IMPL.runs("A-1")).isEqualTo(1);
        // B was sent once; the provider ran it after A, or refused it as expired: at most once either way
        assertThat(IMPL.runs("B-1")).isLessThanOrEqualTo(1);
    }

    /** A connection reset after the request reached the provider: retries=0 means one run and a network error. */
    @Test
    void aResetAfterTheRequestLeftIsNotResent() throws Exception {
        try (FaultProxy proxy = new FaultProxy(provider.port()).start()) {
            OnceService s = reference(proxy.port(), Map.of(), r -> r.setRetries(0));
            IMPL.close();
            CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> s.held("R-1"));
            await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
            proxy.killAll();
            Throwable failure = catchThrowableOfType(() -> call.get(10, TimeUnit.SECONDS), Exception.class)
                    .getCause();
            assertThat(failure).isInstanceOf(RpcException.class);
            assertThat(((RpcException) failure).isNetwork()).as("%s", failure).isTrue();
            IMPL.open();
            assertThat(IMPL.runs("R-1")).isEqualTo(1);
            assertThat(proxy.accepted())
                    .as("no second connection carried the request again")
                    .isEqualTo(1);
        }
    }

    /** The same reset with retries=1: the cluster, not the transport, sends it again, and says so in the count. */
    @Test
    void retryingIsTheClustersDecision() throws Exception {
        try (FaultProxy proxy = new FaultProxy(provider.port()).start()) {
            OnceService s = reference(proxy.port(), Map.of(), r -> r.setRetries(1));
            IMPL.close();
            CompletableFuture<String> call = CompletableFuture.supplyAsync(() -> s.held("C-1"));
            await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
            proxy.killAll();
            await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.runs("C-1") == 2);
            IMPL.open();
            assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("C-1");
            assertThat(IMPL.runs("C-1")).isEqualTo(2);
        }
    }

    /** Calls pipelined behind the one being run when the connection resets fail; none is sent again. */
    @Test
    void pipelinedCallsBehindAResetAreNotResent() throws Exception {
        try (FaultProxy proxy = new FaultProxy(provider.port()).start()) {
            OnceService s = reference(proxy.port(), Map.of("httpjson.max-connections", "1"), r -> {});
            assertThat(s.echo("warm-2", 0)).isEqualTo("warm-2");
            IMPL.close();
            List<CompletableFuture<String>> calls = List.of(
                    CompletableFuture.supplyAsync(() -> s.held("P-0")),
                    CompletableFuture.supplyAsync(() -> s.held("P-1")),
                    CompletableFuture.supplyAsync(() -> s.held("P-2")));
            // all three requests are on the wire: one at the provider, two read by nobody yet behind it
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> IMPL.waiting.get() == 1 && proxy.requestsForwarded() == 4);
            proxy.killAll();
            for (CompletableFuture<String> c : calls) {
                // the one at the provider and those queued behind it on the same connection
                assertThat(catchThrowableOfType(() -> c.get(10, TimeUnit.SECONDS), Exception.class))
                        .hasCauseInstanceOf(RpcException.class);
            }
            IMPL.open();
            assertThat(s.echo("after-2", 0)).isEqualTo("after-2");
            // the provider may still run a request it had read before the reset (after P-0 is let go): once at most
            for (String v : List.of("P-0", "P-1", "P-2")) {
                assertThat(IMPL.runs(v)).as(v).isLessThanOrEqualTo(1);
            }
            // the three callers race to the one connection: whichever was written first was held at the provider and
            // ran (the others at most once, above)
            assertThat(IMPL.runs("P-0") + IMPL.runs("P-1") + IMPL.runs("P-2")).isPositive();
            assertThat(proxy.accepted())
                    .as("nothing was sent again: the one connection, then the one for after-2")
                    .isEqualTo(2);
        }
    }

    /**
     * The provider closes connections idle for 1 s and says so ({@code Keep-Alive: timeout=1}); the consumer would
     * keep them for a minute. Calls spaced around that time, retries=0: none fails and each runs once, because the
     * consumer retires a pooled connection before the provider's close can cross a new request.
     */
    @Test
    void keepAliveIsRetiredBeforeTheProviderClosesIt() {
        OnceService s = reference(provider.port(), Map.of("httpjson.client-idle-timeout", "60000"), r -> {});
        Random random = new Random(11);
        int calls = 12;
        for (int i = 0; i < calls; i++) {
            // the scenario, not a synchronisation: calls arrive 0.6 to 1.1 s apart, around the idle timeout
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(600 + random.nextInt(500)));
            String v = "K-" + i;
            assertThat(s.echo(v, 0)).isEqualTo(v);
        }
        for (int i = 0; i < calls; i++) {
            assertThat(IMPL.runs("K-" + i)).isEqualTo(1);
        }
    }

    /** A one-way call is answered (202) before it runs, so the only connection is free for the next call. */
    @Test
    void aOneWayCallDoesNotHoldTheConnectionWhileItRuns() {
        OnceService s = reference(provider.port(), Map.of("httpjson.max-connections", "1"), r -> {
            MethodConfig fire = new MethodConfig();
            fire.setName("fire");
            fire.setReturn(false);
            r.setMethods(List.of(fire));
        });
        IMPL.close();
        s.fire("O-1");
        await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
        assertThat(s.echo("E-1", 0)).isEqualTo("E-1");
        assertThat(IMPL.waiting.get()).as("the one-way call is still running").isEqualTo(1);
        IMPL.open();
        assertThat(IMPL.runs("O-1")).isEqualTo(1);
    }

    /** Destroying the last reference while its call is in flight: the shared IO threads stay until it is answered. */
    @Test
    void releasingTheLastClientLetsCallsInFlightFinish() throws Exception {
        try (Consumer own = new Consumer()) {
            ReferenceConfig<OnceService>[] ref = new ReferenceConfig[1];
            OnceService s = own.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + provider.port() + "?httpjson.iothreads=3",
                    r -> ref[0] = r);
            IMPL.close();
            CompletableFuture<String> call = RpcContext.getContext().asyncCall(() -> s.held("L-1"));
            await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
            ref[0].destroy();
            IMPL.open();
            assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("L-1");
        }
    }
}
