package io.httpjson.protocol.parity;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.MethodConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.remoting.TimeoutException;
import org.awaitility.Awaitility;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Asynchronous and one-way calls, over the dubbo protocol with hessian2 and over httpjson. */
class AsyncParityTest {

    private static DubboServer server(String transport, AsyncService impl) {
        return server(transport, impl, s -> {});
    }

    private static DubboServer server(
            String transport, AsyncService impl, java.util.function.Consumer<ServiceConfig<AsyncService>> custom) {
        String[] p = transport.split(":");
        DubboServer.Builder b = DubboServer.builder().protocol(p[0]).service(AsyncService.class, impl, custom);
        if (p.length > 1) {
            b.param("serialization", p[1]).param("prefer.serialization", p[1]);
        }
        return b.build();
    }

    private static MethodConfig method(String name, java.util.function.Consumer<MethodConfig> c) {
        MethodConfig m = new MethodConfig();
        m.setName(name);
        c.accept(m);
        return m;
    }

    /**
     * A one-way call with {@code sent=false} ({@code return=false}) returns at once, as over dubbo, even when every
     * connection the reference may open is busy with a slower call: it waited for its request to be written as with
     * {@code sent=true}, so it was held until a connection freed up, and failed with a timeout if none did within its
     * own timeout, though nothing had been sent.
     */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON})
    void aOneWayCallDoesNotWaitForABusyConnection(String transport) throws Exception {
        AsyncServiceImpl impl = new AsyncServiceImpl();
        server(transport, impl).run(server -> {
            AsyncService s = Transports.reference(server, transport, AsyncService.class, r -> {
                r.setTimeout(500);
                r.setParameters(Map.of("httpjson.max-connections", "1", "httpjson.pipelining", "1"));
                r.setMethods(List.of(
                        method("plain", m -> {
                            m.setReturn(false);
                            m.setSent(false);
                            // its request waits for the slow call behind one connection: not for the timeout
                            m.setTimeout(10_000);
                        }),
                        method("slow", m -> m.setTimeout(30_000))));
            });
            CompletableFuture<String> busy = CompletableFuture.supplyAsync(() -> s.slow("busy"));
            try {
                assertThat(impl.entered("busy").await(10, TimeUnit.SECONDS)).isTrue();
                assertThat(s.plain("one-way")).isNull();
                assertThat(busy).as("the slow call still holds the connection").isNotDone();
            } finally {
                impl.gate("busy").countDown();
            }
            assertThat(busy.get(10, TimeUnit.SECONDS)).isEqualTo("slow busy");
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> impl.calls("plain one-way") == 1);
        });
    }

    /**
     * A call the consumer gave up on (its timeout, or its future cancelled) while the provider's future was pending:
     * once that future completes, the provider's {@code executes=1} admits the next call, the late answer reaches
     * nobody else, the one connection allowed stays usable, and nothing was sent twice.
     */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON})
    void aCallGivenUpOnLeavesNothingBehind(String transport) throws Exception {
        AsyncServiceImpl impl = new AsyncServiceImpl();
        server(transport, impl, s -> s.setMethods(List.of(method("future", m -> m.setExecutes(1)))))
                .run(server -> {
                    AsyncService s = Transports.reference(server, transport, AsyncService.class, r -> {
                        r.setTimeout(300);
                        r.setParameters(Map.of("httpjson.max-connections", "1"));
                        r.setMethods(List.of(method("plain", m -> m.setTimeout(10_000))));
                    });
                    CompletableFuture<String> timedOut = s.future("held:a");
                    assertThat(catchThrowableOfType(() -> timedOut.get(10, TimeUnit.SECONDS), ExecutionException.class))
                            .hasCauseInstanceOf(TimeoutException.class);
                    // the request went out before the timeout; wait until the provider has it, however slow the machine
                    Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> impl.held.containsKey("a"));
                    impl.held.get("a").complete("late a");
                    assertThat(s.future("value").get(10, TimeUnit.SECONDS)).isEqualTo("ok");

                    AsyncService c = Transports.reference(server, transport, AsyncService.class, r -> {
                        r.setTimeout(10_000);
                        r.setParameters(Map.of("httpjson.max-connections", "1"));
                    });
                    CompletableFuture<String> cancelled = c.future("held:b");
                    Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> impl.held.containsKey("b"));
                    assertThat(cancelled.cancel(true)).isTrue();
                    CompletableFuture<String> behind = CompletableFuture.supplyAsync(() -> c.plain("behind"));
                    impl.held.get("b").complete("late b");
                    assertThat(behind.get(10, TimeUnit.SECONDS)).isEqualTo("plain behind");
                    assertThat(c.plain("after")).isEqualTo("plain after");
                    assertThat(c.future("value").get(10, TimeUnit.SECONDS)).isEqualTo("ok");
                    assertThat(cancelled).isCancelled();
                    assertThat(impl.calls("future held:a") + impl.calls("future held:b"))
                            .isEqualTo(2);
                });
    }
}
