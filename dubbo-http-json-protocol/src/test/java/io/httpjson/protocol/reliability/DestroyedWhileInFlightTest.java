package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.httpjson.codec.internal.AllowList;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A consumer destroyed (its references, then its framework) while calls are in flight: an answer that comes after
 * is read as any other, although the framework that made the reference is gone.
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
}
