package io.httpjson.protocol.it;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Dubbo features beyond a single call: token, shutdown, connection pool, two protocols side by side. */
class DubboFeaturesTest {

    @Test
    void tokenIsCheckedByTheProvider() {
        DubboServer server = DubboServer.builder()
                .service(TestService.class, new TestServiceImpl(), s -> s.setToken("s3cret"))
                .build();
        server.start();
        try {
            TestService noToken = server.reference(TestService.class);
            assertThatThrownBy(() -> noToken.hello("x"))
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("token");
            TestService withToken = server.reference(
                    TestService.class, r -> r.setUrl("httpjson://127.0.0.1:" + server.port() + "?token=s3cret"));
            assertThat(withToken.hello("x")).isEqualTo("Hello, x");
            String url = server.baseUrl() + "/io.httpjson.protocol.api.TestService/hello";
            assertThat(Http.post(url, "[\"y\"]").statusCode()).isEqualTo(401);
            assertThat(Http.post(url, "[\"y\"]", "Dubbo-Attachments", "token=wrong")
                            .statusCode())
                    .isEqualTo(403);
            assertThat(Http.post(url, "[\"y\"]", "Dubbo-Attachments", "token=s3cret")
                            .body())
                    .isEqualTo("\"Hello, y\"");
        } finally {
            server.stop();
        }
    }

    /** Blocks {@link #slow} until released, to hold calls in flight. */
    static final class HeldService extends TestServiceImpl {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public String slow(int millis) {
            entered.countDown();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "done " + millis;
        }
    }

    @Test
    void gracefulShutdownFinishesCallsInFlightAndTurnsNewOnesAway() throws Exception {
        HeldService impl = new HeldService();
        DubboServer server = DubboServer.builder()
                .service(TestService.class, impl)
                .shutdownWait(DubboServer.DUBBO_SHUTDOWN_WAIT)
                .build();
        server.start();
        TestService svc = server.reference(TestService.class, r -> r.setTimeout(20_000));
        CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> svc.slow(1));
        assertThat(impl.entered.await(10, TimeUnit.SECONDS)).isTrue();
        ExecutorService stopper = Executors.newSingleThreadExecutor();
        try {
            io.httpjson.protocol.internal.server.HttpJsonServer jetty = server.httpJsonServer();
            Future<?> stopped = stopper.submit(server::stop);
            // Dubbo first waits for the service to go idle (no new calls), then unexports it
            await().atMost(Duration.ofSeconds(30)).until(jetty::isClosing);
            String url = server.baseUrl() + "/io.httpjson.protocol.api.TestService/hello";
            HttpResponse<String> r = Http.post(url, "[\"late\"]");
            assertThat(r.statusCode()).isEqualTo(503);
            assertThat(r.body()).contains("SHUTTING_DOWN");
            assertThat(r.headers().firstValue("Connection")).hasValue("close");
            assertThat(inFlight).isNotDone();
            impl.release.countDown();
            assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("done 1");
            stopped.get(20, TimeUnit.SECONDS);
        } finally {
            impl.release.countDown();
            stopper.shutdownNow();
            server.stop();
        }
    }

    @Test
    void poolReplacesConnectionsTheServerClosedWhenIdle() {
        DubboServer server = DubboServer.builder()
                .param("httpjson.idle-timeout", "200")
                .service(TestService.class, new TestServiceImpl())
                .build();
        server.start();
        try {
            TestService svc = server.reference(TestService.class);
            for (int round = 0; round < 3; round++) {
                assertThat(svc.hello("round " + round)).isEqualTo("Hello, round " + round);
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> server.httpJsonServer().connections() == 0);
            }
        } finally {
            server.stop();
        }
    }

    @Test
    void connectionsStayWithinMaxConnectionsUnderConcurrency() throws Exception {
        HeldService impl = new HeldService();
        DubboServer server =
                DubboServer.builder().service(TestService.class, impl).build();
        server.start();
        ExecutorService callers = Executors.newFixedThreadPool(10);
        try {
            TestService svc = server.reference(TestService.class, r -> {
                r.setTimeout(20_000);
                r.setParameters(java.util.Map.of("httpjson.max-connections", "2"));
            });
            List<Future<String>> calls = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                int n = i;
                calls.add(callers.submit(() -> svc.slow(n)));
            }
            assertThat(impl.entered.await(10, TimeUnit.SECONDS)).isTrue();
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> server.httpJsonServer().inFlight() == 2);
            assertThat(server.httpJsonServer().connections()).isEqualTo(2);
            impl.release.countDown();
            for (int i = 0; i < calls.size(); i++) {
                assertThat(calls.get(i).get(20, TimeUnit.SECONDS)).isEqualTo("done " + i);
            }
            assertThat(server.httpJsonServer().connections()).isLessThanOrEqualTo(2);
        } finally {
            impl.release.countDown();
            callers.shutdownNow();
            server.stop();
        }
    }

    @Test
    void javaConsumerGzipsLargeBodiesAndRecoversFromRejectedOnes() {
        DubboServer server = DubboServer.builder()
                .param("httpjson.gzip-threshold", "1024")
                .param("payload", "400000")
                .service(TestService.class, new TestServiceImpl())
                .build();
        server.start();
        try {
            TestService svc = server.reference(
                    TestService.class, r -> r.setParameters(java.util.Map.of("httpjson.gzip-threshold", "1024")));
            // 300 kB of JSON travels gzipped both ways (the limit applies to the decompressed size)
            String big = "z".repeat(300_000);
            assertThat(svc.nullable(big)).isEqualTo(big);
            assertThat(server.httpJsonServer().gzippedRequests()).isEqualTo(1);
            assertThat(svc.hello("small")).isEqualTo("Hello, small");
            assertThat(server.httpJsonServer().gzippedRequests()).isEqualTo(1);
            // incompressible data over the limit: 413 with Connection: close; the next call still works
            byte[] noise = new byte[450_000];
            new java.util.Random(1).nextBytes(noise);
            assertThatThrownBy(() -> svc.echoBytes(noise))
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("PAYLOAD_TOO_LARGE");
            assertThat(svc.hello("again")).isEqualTo("Hello, again");
        } finally {
            server.stop();
        }
    }

    /** The listening socket queues as many connections as Dubbo's netty server does, or Dubbo's {@code backlog}. */
    @Test
    void theProviderQueuesConnectionsUpToDubbosBacklog() {
        for (String backlog : new String[] {null, "4096"}) {
            DubboServer.Builder b = DubboServer.builder().service(TestService.class, new TestServiceImpl());
            if (backlog != null) {
                b.param("backlog", backlog);
            }
            DubboServer server = b.build();
            server.start();
            try {
                assertThat(server.httpJsonServer().acceptQueueSize()).isEqualTo(backlog == null ? 1024 : 4096);
                assertThat(server.reference(TestService.class).hello("q")).isEqualTo("Hello, q");
            } finally {
                server.stop();
            }
        }
    }

    @Test
    void noConnectionIsOpenedBeforeTheFirstCall() {
        DubboServer server = DubboServer.builder()
                .service(TestService.class, new TestServiceImpl())
                .build();
        server.start();
        try {
            TestService svc = server.reference(TestService.class);
            assertThat(server.httpJsonServer().connections()).isZero();
            svc.hello("first");
            assertThat(server.httpJsonServer().connections()).isEqualTo(1);
        } finally {
            server.stop();
        }
    }

    @Test
    void httpjsonAndDubboProtocolsInOneApplication() {
        FrameworkModel framework = new FrameworkModel();
        int dubboPort = DubboServer.freePort();
        int httpPort = DubboServer.freePort();
        AtomicInteger served = new AtomicInteger();
        TestServiceImpl impl = new TestServiceImpl() {
            @Override
            public String hello(String name) {
                served.incrementAndGet();
                return super.hello(name);
            }
        };
        ApplicationConfig app = new ApplicationConfig("two-protocols");
        app.setQosEnable(false);
        ProtocolConfig dubbo = new ProtocolConfig("dubbo", dubboPort);
        dubbo.setHost("127.0.0.1");
        ProtocolConfig http = new ProtocolConfig("httpjson", httpPort);
        http.setHost("127.0.0.1");
        ServiceConfig<TestService> service = new ServiceConfig<>();
        service.setInterface(TestService.class);
        service.setRef(impl);
        DubboBootstrap provider = DubboBootstrap.newInstance(framework)
                .application(app)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocols(List.of(dubbo, http))
                .service(service)
                .start();
        ApplicationConfig capp = new ApplicationConfig("two-protocols-consumer");
        capp.setQosEnable(false);
        DubboBootstrap consumer = DubboBootstrap.newInstance(framework)
                .application(capp)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .start();
        try {
            for (String url : List.of("dubbo://127.0.0.1:" + dubboPort, "httpjson://127.0.0.1:" + httpPort)) {
                ReferenceConfig<TestService> ref =
                        new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
                ref.setInterface(TestService.class);
                ref.setUrl(url);
                TestService svc = ref.get();
                assertThat(svc.hello(url)).isEqualTo("Hello, " + url);
                assertThat(svc.getUser(3).data.name).isEqualTo("user-3");
            }
            assertThat(served.get()).isEqualTo(2);
            assertThat(Http.post(
                                    "http://127.0.0.1:" + httpPort + "/io.httpjson.protocol.api.TestService/hello",
                                    "[\"curl\"]")
                            .body())
                    .isEqualTo("\"Hello, curl\"");
        } finally {
            consumer.destroy();
            provider.destroy();
            framework.destroy();
        }
    }
}
