package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.server.HttpJsonServer;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A provider that stopped, or that drains, is skipped by Dubbo's cluster ({@code availablecheck}) once the consumer
 * knows it: the invoker reports itself unavailable after a failed connect (no connection to it left open) or a
 * {@code 503 SHUTTING_DOWN}, as Dubbo's own invoker does while disconnected or read-only, so that calls with
 * {@code retries=0} do not fail on it while the registry still lists it. What tells the consumer here is a call of
 * another reference with {@code retries=1} (it shares the address's client, and fails over, so no caller sees it).
 */
class UnavailableProviderTest {

    private static final int CALLS = 10;

    private Consumer consumer;
    private DubboServer pa;
    private DubboServer pb;
    private final OnceServiceImpl a = new OnceServiceImpl();
    private final OnceServiceImpl b = new OnceServiceImpl();

    @BeforeEach
    void start() {
        consumer = new Consumer();
        pa = DubboServer.builder()
                .port(DubboServer.freePort())
                .service(OnceService.class, a)
                .shutdownWait(DubboServer.DUBBO_SHUTDOWN_WAIT)
                .build();
        pb = DubboServer.builder().service(OnceService.class, b).build();
        pa.start();
        pb.start();
    }

    @AfterEach
    void stop() {
        a.open();
        consumer.close();
        pa.stop();
        pb.stop();
    }

    private OnceService cluster(int retries) {
        return consumer.reference(
                OnceService.class, "httpjson://127.0.0.1:" + pa.port() + ";httpjson://127.0.0.1:" + pb.port(), r -> {
                    r.setCluster("failover");
                    r.setLoadbalance("roundrobin");
                    r.setRetries(retries);
                });
    }

    /** Two references, each provider called by them; nothing was reported unavailable before the first call. */
    private OnceService[] warmed() {
        OnceService calls = cluster(0);
        OnceService learner = cluster(1);
        assertThat(consumer.openConnections()).isZero();
        assertThat(consumer.available(pa.port()) && consumer.available(pb.port()))
                .as("available before the first call, with no connection open")
                .isTrue();
        for (int i = 0; i < 4; i++) {
            assertThat(calls.echo("warm", 0)).isEqualTo("warm");
            assertThat(learner.echo("warm", 0)).isEqualTo("warm");
        }
        assertThat(a.runs("warm")).isPositive();
        assertThat(b.runs("warm")).isPositive();
        return new OnceService[] {calls, learner};
    }

    /**
     * Before each of the others' calls (none of them retried), the learner calls until the consumer knows provider A
     * is out: what it learned holds for about a second, which a slow machine may pass within the calls.
     */
    private void callsSucceedOnB(OnceService calls, OnceService learner) {
        for (int i = 0; i < CALLS; i++) {
            await().atMost(Duration.ofSeconds(10)).until(() -> {
                if (!consumer.available(pa.port())) {
                    return true;
                }
                assertThat(learner.echo("learn", 0)).isEqualTo("learn");
                return !consumer.available(pa.port());
            });
            assertThat(calls.echo("after-" + i, 0)).isEqualTo("after-" + i);
        }
        for (int i = 0; i < CALLS; i++) {
            assertThat(b.runs("after-" + i)).as("call %d ran on B", i).isEqualTo(1);
        }
    }

    @Test
    void aStoppedProviderIsSkippedUntilItIsBack() {
        OnceService[] refs = warmed();
        pa.stop();
        await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnectionsTo(pa.port()) == 0);
        callsSucceedOnB(refs[0], refs[1]);
        // back on its port: within about a second a call tries it again, and it is used
        pa.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            assertThat(refs[0].echo("back", 0)).isEqualTo("back");
            return a.runs("back") > 0;
        });
        assertThat(consumer.available(pa.port())).isTrue();
    }

    /**
     * A gateway in front of several providers passes one backend's {@code 503 SHUTTING_DOWN} on, on a connection it
     * keeps open: that is not the address going away (its other backends serve), so the invoker stays available. The
     * provider's own drain answer closes its connection.
     */
    @Test
    void aShutdownAnswerPassedOnOnAKeptConnectionDoesNotTakeTheAddressOut() throws Exception {
        String draining = "{\"code\":\"SHUTTING_DOWN\",\"status\":503,\"message\":\"one backend drains\"}";
        try (FakeProvider gateway =
                new FakeProvider((n, id, body, out) -> out.write(FakeProvider.response(503, id, draining)))) {
            OnceService s = consumer.reference(OnceService.class, "httpjson://127.0.0.1:" + gateway.port(), r -> {});
            assertThatThrownBy(() -> s.echo("x", 0)).hasMessageContaining("SHUTTING_DOWN");
            assertThat(consumer.available(gateway.port())).isTrue();
        }
    }

    @Test
    void aDrainingProviderIsSkipped() throws Exception {
        OnceService[] refs = warmed();
        // a call held inside A keeps its graceful shutdown draining
        OnceService onA = consumer.reference(OnceService.class, "httpjson://127.0.0.1:" + pa.port(), r -> {});
        a.close();
        CompletableFuture<String> held = CompletableFuture.supplyAsync(() -> onA.held("held"));
        await().atMost(Duration.ofSeconds(10)).until(() -> a.waiting.get() == 1);
        HttpJsonServer server = pa.httpJsonServer();
        CompletableFuture<Void> stopped = CompletableFuture.runAsync(pa::stop);
        await().atMost(Duration.ofSeconds(10)).until(server::isClosing);
        callsSucceedOnB(refs[0], refs[1]);
        a.open();
        assertThat(held.get(10, TimeUnit.SECONDS)).isEqualTo("held");
        stopped.get(30, TimeUnit.SECONDS);
    }
}
