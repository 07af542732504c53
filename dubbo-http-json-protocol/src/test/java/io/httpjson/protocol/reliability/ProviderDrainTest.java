package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.httpjson.protocol.internal.server.HttpJsonServer;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.MethodConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a provider counts as in flight, which is what its graceful shutdown waits for: every request it took is
 * counted until it has ended, whatever way it ended, and nothing stays counted after it.
 */
class ProviderDrainTest {

    /** A provider whose one-way method holds at a gate and records how it ended. */
    static final class GatedService implements OnceService {
        final AtomicInteger running = new AtomicInteger();
        final AtomicReference<String> ended = new AtomicReference<>();
        final CountDownLatch gate = new CountDownLatch(1);

        @Override
        public String echo(String value, int workMillis) {
            return value;
        }

        @Override
        public String held(String value) {
            running.incrementAndGet();
            try {
                return gate.await(30, TimeUnit.SECONDS) ? value : "gate never opened";
            } catch (InterruptedException e) {
                return "interrupted";
            }
        }

        @Override
        public void fire(String value) {
            running.incrementAndGet();
            try {
                ended.set(gate.await(30, TimeUnit.SECONDS) ? "finished" : "gate never opened");
            } catch (InterruptedException e) {
                ended.set("interrupted");
            }
        }
    }

    /**
     * A query string Jetty cannot decode ({@code %zz}) makes the request handler throw after the request was counted;
     * the caller gets Jetty's 400, and the request must not stay counted: if it did, every later graceful shutdown
     * would wait its full time for a call that does not exist (and any client could make it so).
     */
    @Test
    void aMalformedQueryStringLeavesNothingInFlight() throws Exception {
        DubboServer provider = DubboServer.builder()
                .service(OnceService.class, new GatedService())
                .build();
        provider.run(p -> {
            HttpJsonServer server = p.httpJsonServer();
            String path = "/" + OnceService.class.getName() + "/echo";
            for (String query : List.of("?version=%zz", "?group=%", "?x=%u0041")) {
                RawHttp.Response r = RawHttp.exchange(p.port(), RawHttp.post(path + query, "[\"a\",0]"));
                assertThat(r.status()).as(query).isEqualTo(400);
            }
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(server.inFlight())
                    .as("requests counted in flight after all were answered")
                    .isZero());
            // and a graceful close has nothing to wait for
            long start = System.nanoTime();
            server.close(20_000);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(10_000);
        });
    }

    /**
     * A call answered while its provider drains says {@code Connection: close}: the consumer then sends nothing more
     * on that connection (Jetty closes it when it stops) and calls another provider or a new connection.
     */
    @Test
    void anAnswerWrittenWhileTheProviderDrainsSaysTheConnectionCloses() throws Exception {
        GatedService impl = new GatedService();
        DubboServer provider =
                DubboServer.builder().service(OnceService.class, impl).build();
        provider.run(p -> {
            HttpJsonServer server = p.httpJsonServer();
            String path = "/" + OnceService.class.getName() + "/held";
            CompletableFuture<RawHttp.Response> answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return RawHttp.exchange(p.port(), RawHttp.post(path, "[\"drained\"]"));
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            await().atMost(Duration.ofSeconds(10)).until(() -> impl.running.get() == 1);
            CompletableFuture<Void> closed = CompletableFuture.runAsync(() -> server.close(20_000));
            await().atMost(Duration.ofSeconds(10)).until(server::isClosing);
            impl.gate.countDown();
            RawHttp.Response r = answer.get(30, TimeUnit.SECONDS);
            assertThat(r.status()).as(r.toString()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("\"drained\"");
            assertThat(r.header("Connection")).isEqualTo("close");
            assertThat(r.header("Keep-Alive")).isNull();
            closed.get(30, TimeUnit.SECONDS);
        });
    }

    /**
     * A one-way call is answered 202 before it runs, so Jetty's count of the exchange ends then; but the provider
     * accepted the call, and a graceful shutdown must let it finish as it lets a two-way call finish, not stop the
     * thread it runs on (Jetty interrupts it once its own stop timeout has passed).
     */
    @Test
    void aOneWayCallAcceptedBeforeAShutdownIsLetFinish() throws Exception {
        GatedService impl = new GatedService();
        DubboServer provider =
                DubboServer.builder().service(OnceService.class, impl).build();
        provider.run(p -> {
            Consumer consumer = new Consumer();
            try {
                MethodConfig fire = new MethodConfig();
                fire.setName("fire");
                fire.setReturn(false);
                OnceService s = consumer.reference(OnceService.class, "httpjson://127.0.0.1:" + p.port(), r -> {
                    r.setTimeout(30_000);
                    r.setMethods(List.of(fire));
                });
                s.fire("accepted");
                await().atMost(Duration.ofSeconds(10)).until(() -> impl.running.get() == 1);
                HttpJsonServer server = p.httpJsonServer();
                assertThat(server.inFlight())
                        .as("the accepted one-way call is in flight")
                        .isEqualTo(1);
                CompletableFuture<Void> closed = CompletableFuture.runAsync(() -> server.close(20_000));
                await().atMost(Duration.ofSeconds(10)).until(server::isClosing);
                assertThat(closed).as("the drain waits for the one-way call").isNotDone();
                impl.gate.countDown();
                closed.get(30, TimeUnit.SECONDS);
                assertThat(impl.ended.get()).isEqualTo("finished");
                assertThat(server.inFlight()).isZero();
            } finally {
                impl.gate.countDown();
                consumer.close();
            }
        });
    }
}
