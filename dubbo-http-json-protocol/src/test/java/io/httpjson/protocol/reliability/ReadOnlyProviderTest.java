package io.httpjson.protocol.reliability;

import java.util.ArrayList;
import java.util.List;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.GracefulShutdown;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A provider whose graceful shutdown began (read-only: Dubbo's shutdown hook or qos {@code gracefulShutdown}) marks
 * its answers, and a consumer then sends its calls to its other providers, as the dubbo protocol's read-only event
 * makes it do, without waiting for the registry.
 */
class ReadOnlyProviderTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    private static DubboServer provider(String tag) {
        return provider("httpjson", tag);
    }

    private static DubboServer provider(String protocol, String tag) {
        return DubboServer.builder()
                .protocol(protocol)
                .service(OnceService.class, new ProviderLifecycleTest.Tagged(tag))
                .build();
    }

    private static void readOnly(DubboServer server) {
        GracefulShutdown.getGracefulShutdowns(server.framework()).forEach(GracefulShutdown::readonly);
    }

    @Test
    void callsTurnToTheOtherProviderOnceOneIsReadOnly() throws Exception {
        provider("a").run(a -> provider("b").run(b -> {
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + a.port() + ";httpjson://127.0.0.1:" + b.port(),
                    r -> r.setLoadbalance("roundrobin"));
            List<String> before = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                before.add(s.echo("x", 0));
            }
            assertThat(before).as("round robin").contains("a:x", "b:x");
            readOnly(a);
            // calls until a read-only answer came from a; the next ones (within the second a mark keeps it out)
            // all go to b, where without the mark every other one went to a
            String answer;
            do {
                answer = s.echo("y", 0);
            } while (!answer.equals("a:y"));
            List<String> after = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                after.add(s.echo("z", 0));
            }
            assertThat(after).containsOnly("b:z");
        }));
    }

    /**
     * The mark keeps an address out only while no connection to it is open: behind one address (a load balancer's),
     * the other backends answer on the connections still open, as Dubbo marks a read-only channel, not an address.
     * Here a call held on one connection keeps the address in, and the next calls are sent (and served).
     */
    @Test
    void anAddressWithAConnectionStillOpenStaysAvailable() throws Exception {
        ProviderLifecycleTest.Tagged tagged = new ProviderLifecycleTest.Tagged("a");
        DubboServer.builder().service(OnceService.class, tagged).build().run(a -> {
            OnceService s = consumer.reference(OnceService.class, "httpjson://127.0.0.1:" + a.port(), r -> {});
            java.util.concurrent.CompletableFuture<String> held =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> s.held("h"));
            org.awaitility.Awaitility.await()
                    .atMost(java.time.Duration.ofSeconds(10))
                    .until(() -> tagged.running.get() == 1);
            readOnly(a);
            for (int i = 0; i < 3; i++) {
                assertThat(s.echo("y" + i, 0)).isEqualTo("a:y" + i);
            }
            tagged.gate.countDown();
            assertThat(held.get(10, java.util.concurrent.TimeUnit.SECONDS)).isEqualTo("a:h");
        });
    }

    /**
     * As over the dubbo protocol, a consumer whose only provider is read-only finds no provider (the provider is
     * about to stop): within a few calls, one fails with Dubbo's "No provider available", not sent to it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void theOnlyProviderBeingReadOnlyIsLeftAsOverDubbo(String protocol) throws Exception {
        provider(protocol, "a").run(a -> {
            OnceService s = consumer.reference(OnceService.class, protocol + "://127.0.0.1:" + a.port(), r -> {});
            assertThat(s.echo("x", 0)).isEqualTo("a:x");
            readOnly(a);
            RpcException refused = null;
            for (int i = 0; i < 5 && refused == null; i++) {
                try {
                    s.echo("y", 0);
                } catch (RpcException e) {
                    refused = e;
                }
            }
            assertThat(refused).isNotNull();
            assertThat(refused).hasMessageContaining("No provider available");
        });
    }
}
