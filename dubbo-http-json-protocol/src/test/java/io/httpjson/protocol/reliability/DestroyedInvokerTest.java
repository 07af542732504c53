package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.protocol.internal.client.HttpJsonInvoker;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.RpcInvocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * An invoker destroyed while it is still in use: by two threads at once (a registry push and
 * {@code ReferenceConfig.destroy}), and called after its client closed (Dubbo lets a call reach a destroyed invoker in
 * a narrow window). The client its address shares with other services is released once, and the late call fails
 * with a network error the cluster may retry, saying why.
 */
class DestroyedInvokerTest {

    @RegisterExtension
    static final DubboServer provider = DubboServer.builder()
            .service(OnceService.class, new OnceServiceImpl())
            .build();

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    private static final ExecutorService destroyers = Executors.newFixedThreadPool(2);

    @AfterAll
    static void stop() {
        destroyers.shutdownNow();
    }

    private static RpcInvocation echo(HttpJsonInvoker<OnceService> invoker, String value) {
        RpcInvocation inv = new RpcInvocation(
                "echo", OnceService.class.getName(), "", new Class<?>[] {String.class, int.class}, new Object[] {
                    value, 0
                });
        inv.setInvoker(invoker);
        return inv;
    }

    /**
     * Two invokers of one address share its client; one of them destroyed by two threads at once must release it
     * once, so that the other keeps it. Rounds of a new invoker destroyed by two threads that spin until both are
     * there, for at most 3 s (the unguarded destroy released twice within a few hundred rounds).
     */
    @Test
    void anInvokerDestroyedByTwoThreadsAtOnceReleasesItsSharedClientOnce() throws Exception {
        HttpJsonInvoker<OnceService> keeper = consumer.refer(OnceService.class, provider.port(), "");
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        int rounds = 0;
        try {
            while (rounds < 20_000 && System.nanoTime() - end < 0) {
                rounds++;
                HttpJsonInvoker<OnceService> victim = consumer.refer(OnceService.class, provider.port(), "");
                assertThat(victim.client()).as("one client per address").isSameAs(keeper.client());
                AtomicInteger arrived = new AtomicInteger();
                Callable<Void> destroy = () -> {
                    arrived.incrementAndGet();
                    while (arrived.get() < 2) {
                        Thread.onSpinWait();
                    }
                    victim.destroy();
                    return null;
                };
                Future<Void> a = destroyers.submit(destroy);
                Future<Void> b = destroyers.submit(destroy);
                a.get(10, TimeUnit.SECONDS);
                b.get(10, TimeUnit.SECONDS);
                assertThat(keeper.client().isClosed())
                        .as("round %d: the client is still shared with a live invoker", rounds)
                        .isFalse();
            }
            Result r = keeper.invoke(echo(keeper, "kept"));
            assertThat(r.getValue()).as("after %d rounds", rounds).isEqualTo("kept");
        } finally {
            keeper.destroy();
        }
        assertThat(keeper.client().isClosed()).isTrue();
    }

    /**
     * A call on an invoker whose client has closed, and whose IO threads and timer stopped with it (its own
     * {@code iothreads}, shared with no other client), fails with a network {@code RpcException} that the cluster
     * retries, not with the stopped timer's {@code IllegalStateException} as the call's result.
     */
    @Test
    void aCallOnAnInvokerWhoseClientClosedFailsWithANetworkErrorSayingWhy() {
        HttpJsonInvoker<OnceService> invoker = consumer.refer(OnceService.class, provider.port(), "iothreads=7");
        Result warm = invoker.invoke(echo(invoker, "warm"));
        assertThat(warm.getValue()).isEqualTo("warm");
        invoker.destroy();
        assertThat(invoker.client().isClosed()).isTrue();
        // its last connection closes, and with it its IO threads and its timer go
        await().atMost(Duration.ofSeconds(10)).until(() -> invoker.client().openConnections() == 0);
        Throwable t = catchThrowable(() -> {
            Result late = invoker.invoke(echo(invoker, "late"));
            throw new AssertionError("no RpcException; the result carries " + late.getException(), late.getException());
        });
        assertThat(t).isInstanceOf(RpcException.class);
        RpcException e = (RpcException) t;
        assertThat(e.isNetwork()).as("code %s: %s", e.getCode(), e).isTrue();
        assertThat(e.getMessage())
                .contains("destroyed")
                .contains("127.0.0.1:" + provider.port())
                .contains("retries");
    }
}
