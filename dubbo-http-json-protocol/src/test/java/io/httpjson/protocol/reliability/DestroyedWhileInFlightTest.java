package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.httpjson.codec.RemoteException;
import io.httpjson.codec.internal.AllowList;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * A consumer destroyed (its references, then its framework) while calls are in flight: an answer that comes after
 * is read as any other, although the framework that made the reference is gone; an exception, whose class only
 * that framework's serialize checks may admit, arrives by name.
 */
class DestroyedWhileInFlightTest {

    private static final OnceServiceImpl IMPL = new OnceServiceImpl();

    @RegisterExtension
    static final DubboServer provider =
            DubboServer.builder().service(OnceService.class, IMPL).build();

    @AfterEach
    void open() {
        IMPL.open();
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
}
