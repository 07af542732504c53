package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Collectors;

import io.httpjson.codec.RemoteException;
import io.httpjson.codec.internal.AllowList;
import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.common.threadpool.support.AbortPolicyWithReport;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * A consumer destroyed (its references, then its framework) while calls are in flight. As over the dubbo protocol,
 * they get at most Dubbo's shutdown wait ({@code dubbo.service.shutdown.wait}) to be answered: an answer within it
 * is read as any other, although the framework that made the reference is gone (an exception, whose class only
 * that framework's serialize checks may admit, arrives by name); what is left then fails with a network error that
 * says whether the call may have run (it is not sent again), and the client's IO threads end.
 */
class DestroyedWhileInFlightTest {

    private static final OnceServiceImpl IMPL = new OnceServiceImpl();

    @RegisterExtension
    static final DubboServer provider =
            DubboServer.builder().service(OnceService.class, IMPL).build();

    private final ExecutorService caller = Executors.newSingleThreadExecutor();

    /** Dubbo's pool warnings: an answer after the destroy must not be handed to the consumer's stopped pool. */
    private final List<String> poolWarnings = new CopyOnWriteArrayList<>();

    private final Handler poolLog = new Handler() {
        @Override
        public void publish(LogRecord r) {
            poolWarnings.add(String.valueOf(r.getMessage()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void watchThePoolLog() {
        Logger.getLogger(AbortPolicyWithReport.class.getName()).addHandler(poolLog);
    }

    @AfterEach
    void open() {
        IMPL.open();
        caller.shutdownNow();
        Logger.getLogger(AbortPolicyWithReport.class.getName()).removeHandler(poolLog);
        // the stopped pool would say "Thread pool is EXHAUSTED!" and write a thread dump to the user's home
        assertThat(poolWarnings).isEmpty();
    }

    private static Set<Thread> clientThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("httpjson-client-"))
                .collect(Collectors.toSet());
    }

    /**
     * The answer comes after the consumer's framework was destroyed: it is read with the allow-list the reference
     * had, not looked up in the destroyed framework ("ScopeBeanFactory is destroyed").
     */
    @Test
    void anAnswerThatComesAfterTheConsumerWasDestroyedIsRead() throws Exception {
        Consumer own = new Consumer(Duration.ofSeconds(20));
        CompletableFuture<String> call;
        try {
            OnceService s = own.reference(
                    OnceService.class, "httpjson://127.0.0.1:" + provider.port(), r -> r.setTimeout(30_000));
            IMPL.close();
            call = RpcContext.getContext().asyncCall(() -> s.held("late"));
            await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
            // another framework of the JVM read something last, so nothing shortcuts a lookup in this one
            AllowList.of(provider.framework());
        } finally {
            own.close();
        }
        IMPL.open();
        assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("late");
    }

    /**
     * An exception answered after the consumer's framework was destroyed: its serialize checks are gone with it, so
     * no class the answer names is loaded (here one outside the allow-list); the caller gets its name and message.
     */
    @Test
    void anExceptionAnsweredAfterTheConsumerWasDestroyedLoadsNoClass() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        String body = "{\"code\":\"BUSINESS_EXCEPTION\",\"status\":500,\"message\":\"boom\",\"exception\":\""
                + GadgetException.class.getName() + "\"}";
        try (FakeProvider fake = new FakeProvider((n, id, b, out) -> {
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.write(FakeProvider.response(500, id, body));
        })) {
            Consumer own = new Consumer(Duration.ofSeconds(20));
            CompletableFuture<String> call;
            try {
                OnceService s = own.reference(
                        OnceService.class, "httpjson://127.0.0.1:" + fake.port(), r -> r.setTimeout(30_000));
                call = RpcContext.getContext().asyncCall(() -> s.held("x"));
                await().atMost(Duration.ofSeconds(10)).until(() -> fake.bodies.size() == 1);
            } finally {
                own.close();
            }
            release.countDown();
            Throwable t = catchThrowable(() -> call.get(10, TimeUnit.SECONDS));
            assertThat(t).isInstanceOf(ExecutionException.class);
            assertThat(t.getCause())
                    .isInstanceOf(RemoteException.class)
                    .hasMessageContaining(GadgetException.class.getName() + ": boom")
                    .hasMessageContaining("destroyed");
            assertThat(GadgetFlag.initialized)
                    .as("the named class was never initialized")
                    .isFalse();
            assertThat(GadgetFlag.constructed).isFalse();
        }
    }

    /**
     * Two calls at the destroy, on a client of one connection: one written (held by the provider), one waiting in
     * line for that connection. The shutdown wait is 1 s, the call timeout 30 s. Dubbo waits up to the shutdown wait
     * for the synchronous call to return before it destroys the invoker; the client then gives both another
     * shutdown wait, as the dubbo protocol's client does. Then the first fails with a network error that says it may
     * have run, the second with one that says it did not; neither is sent again, and the threads the client
     * started end.
     */
    @Test
    void callsStillInFlightWhenTheShutdownWaitEndsFailSayingWhetherTheyRan() throws Exception {
        Set<Thread> before = clientThreads();
        Consumer own = new Consumer(Duration.ofSeconds(1));
        CompletableFuture<String> held;
        CompletableFuture<String> queued;
        long destroyed;
        Set<Thread> started;
        try {
            OnceService s = own.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + provider.port()
                            + "?httpjson.max-connections=1&httpjson.pipelining=1&httpjson.iothreads=5",
                    r -> r.setTimeout(30_000));
            HttpJsonClient client = own.clients().iterator().next();
            IMPL.close();
            held = CompletableFuture.supplyAsync(() -> s.held("held"), caller);
            await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
            queued = RpcContext.getContext().asyncCall(() -> s.held("queued"));
            await().atMost(Duration.ofSeconds(10)).until(() -> client.waitingCalls() == 1);
            started = clientThreads();
            started.removeAll(before);
            assertThat(started).as("the client's own IO and timer threads").isNotEmpty();
        } finally {
            destroyed = System.nanoTime();
            own.close();
        }
        Throwable ran = catchThrowable(() -> held.get(10, TimeUnit.SECONDS));
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - destroyed);
        assertThat(ran).as("after %d ms", waited).isInstanceOf(ExecutionException.class);
        assertThat(ran.getCause()).isInstanceOf(RpcException.class);
        assertThat(((RpcException) ran.getCause()).isNetwork())
                .as("a network error: %s", ran.getCause())
                .isTrue();
        assertThat(ran.getCause().getMessage())
                .contains("destroyed while the call was in flight")
                .contains("may have run")
                .contains("127.0.0.1:" + provider.port());
        assertThat(waited).as("failed at the end of the shutdown waits").isBetween(1_900L, 8_000L);

        Throwable unsent = catchThrowable(() -> queued.get(10, TimeUnit.SECONDS));
        assertThat(unsent).isInstanceOf(ExecutionException.class);
        assertThat(unsent.getCause()).hasMessageContaining("did not run");

        assertThat(IMPL.runs("held"))
                .as("the written call ran once, and was not sent again")
                .isEqualTo(1);
        assertThat(IMPL.runs("queued")).isZero();
        await().atMost(Duration.ofSeconds(10))
                .alias("the client's threads end with its last connection")
                .until(() -> started.stream().noneMatch(Thread::isAlive));
    }

    /**
     * Destroyed under a shutdown hook that must be done by a deadline (Dubbo's {@code DubboShutdownHook} sets it):
     * the wait is cut to what is left of it, not the 20 s configured.
     */
    @Test
    void aShutdownHooksDeadlineCutsTheWaitShort() throws Exception {
        Consumer own = new Consumer(Duration.ofSeconds(20));
        CompletableFuture<String> held;
        long destroyed;
        try {
            OnceService s = own.reference(
                    OnceService.class, "httpjson://127.0.0.1:" + provider.port(), r -> r.setTimeout(30_000));
            IMPL.close();
            held = RpcContext.getContext().asyncCall(() -> s.held("hook"));
            await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() == 1);
        } finally {
            destroyed = System.nanoTime();
            ConfigurationUtils.setExpectedShutdownTime(System.currentTimeMillis() + 500);
            try {
                own.close();
            } finally {
                ConfigurationUtils.setExpectedShutdownTime(Long.MAX_VALUE);
            }
        }
        Throwable ran = catchThrowable(() -> held.get(10, TimeUnit.SECONDS));
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - destroyed);
        assertThat(ran).as("after %d ms", waited).isInstanceOf(ExecutionException.class);
        assertThat(ran.getCause()).hasMessageContaining("may have run");
        assertThat(waited).as("failed by the hook's deadline").isLessThan(5_000L);
    }
}
