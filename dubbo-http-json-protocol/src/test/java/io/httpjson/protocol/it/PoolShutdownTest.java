package io.httpjson.protocol.it;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.HttpJsonProtocol;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.server.HttpJsonServer;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code httpjson.dispatch=pool}, a call waiting in an application's Dubbo pool when the application stops while
 * another one still serves the port: Dubbo shuts the pool down and drops the jobs it holds. Such a call was never
 * answered (its caller waited for its timeout) and stayed counted in flight, holding its decode budget, for good, so
 * the port's last close waited its whole shutdown wait for it. It is answered 503 SHUTTING_DOWN: it did not run.
 */
class PoolShutdownTest {

    private final FrameworkModel framework = new FrameworkModel();
    private final int port = DubboServer.freePort();

    @AfterEach
    void stop() {
        framework.destroy();
    }

    private DubboBootstrap app(String name, String version, TestService impl) {
        ApplicationConfig app = new ApplicationConfig(name);
        app.setQosEnable(false);
        app.setShutwait("1000");
        ProtocolConfig pc = new ProtocolConfig("httpjson", port);
        pc.setHost("127.0.0.1");
        pc.setThreads(1);
        pc.setQueues(10);
        pc.setParameters(new HashMap<>(Map.of("httpjson.dispatch", "pool")));
        ServiceConfig<TestService> s = new ServiceConfig<>();
        s.setInterface(TestService.class);
        s.setRef(impl);
        s.setVersion(version);
        return DubboBootstrap.newInstance(framework)
                .application(app)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(pc)
                .service(s)
                .start();
    }

    /** A service whose {@code slow} says it began, then waits for {@code release}. */
    private static TestService held(CountDownLatch entered, CountDownLatch release) {
        return new TestServiceImpl() {
            @Override
            public String slow(int millis) {
                entered.countDown();
                try {
                    release.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return "slow " + millis;
            }
        };
    }

    private HttpJsonServer server() {
        HttpJsonProtocol p =
                (HttpJsonProtocol) framework.getExtensionLoader(Protocol.class).getExtension("httpjson", false);
        return (HttpJsonServer) p.servers().values().iterator().next();
    }

    @Test
    void aCallQueuedInAPoolThatIsShutDownIsAnswered() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        DubboBootstrap first = app("first", "1", held(entered, release));
        app("second", "2", new TestServiceImpl());
        String url = "http://127.0.0.1:" + port + "/" + TestService.class.getName() + "/slow";
        CompletableFuture<HttpResponse<String>> running =
                CompletableFuture.supplyAsync(() -> Http.post(url, "[1]", "Dubbo-Service-Version", "1"));
        assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<HttpResponse<String>> queued =
                CompletableFuture.supplyAsync(() -> Http.post(url, "[2]", "Dubbo-Service-Version", "1"));
        await().atMost(Duration.ofSeconds(10)).until(() -> server().inFlight() == 2);

        first.destroy();
        release.countDown();

        assertThat(running.get(15, TimeUnit.SECONDS).statusCode())
                .as("the call running when the pool stopped ends")
                .isEqualTo(200);
        HttpResponse<String> dropped = queued.get(15, TimeUnit.SECONDS);
        assertThat(dropped.statusCode())
                .as("the call the pool dropped is answered: %s", dropped.body())
                .isEqualTo(503);
        assertThat(dropped.body()).contains("SHUTTING_DOWN").contains("did not run");
        await().atMost(Duration.ofSeconds(10)).until(() -> server().inFlight() == 0);
        assertThat(server().decodeBudgetInUse()).isZero();
        assertThat(Http.post(
                                "http://127.0.0.1:" + port + "/" + TestService.class.getName() + "/hello",
                                "[\"x\"]",
                                "Dubbo-Service-Version",
                                "2")
                        .statusCode())
                .as("the other application still serves the port")
                .isEqualTo(200);
    }

    /**
     * A service's own executor its owner shuts down gracefully ({@code shutdown}, not {@code shutdownNow}) still runs
     * the calls its queue holds: the sweep for dropped calls leaves them to run rather than answering them 503.
     */
    @Test
    void aCallQueuedInAPoolShutDownGracefullyStillRuns() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ThreadPoolExecutor own = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        try {
            ApplicationConfig app = new ApplicationConfig("own-executor");
            app.setQosEnable(false);
            ProtocolConfig pc = new ProtocolConfig("httpjson", port);
            pc.setHost("127.0.0.1");
            pc.setParameters(new HashMap<>(Map.of("httpjson.dispatch", "pool")));
            ServiceConfig<TestService> s = new ServiceConfig<>();
            s.setInterface(TestService.class);
            s.setRef(held(entered, release));
            s.setExecutor(own);
            DubboBootstrap.newInstance(framework)
                    .application(app)
                    .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                    .protocol(pc)
                    .service(s)
                    .start();
            String url = "http://127.0.0.1:" + port + "/" + TestService.class.getName() + "/slow";
            CompletableFuture<HttpResponse<String>> running =
                    CompletableFuture.supplyAsync(() -> Http.post(url, "[1]"));
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            CompletableFuture<HttpResponse<String>> queued = CompletableFuture.supplyAsync(() -> Http.post(url, "[2]"));
            await().atMost(Duration.ofSeconds(10)).until(() -> own.getQueue().size() == 1);

            own.shutdown();
            server().answerDroppedCalls();
            release.countDown();

            assertThat(running.get(15, TimeUnit.SECONDS).body()).contains("slow 1");
            HttpResponse<String> ran = queued.get(15, TimeUnit.SECONDS);
            assertThat(ran.statusCode())
                    .as("the queued call ran: %s", ran.body())
                    .isEqualTo(200);
            assertThat(ran.body()).contains("slow 2");
            await().atMost(Duration.ofSeconds(10)).until(() -> server().inFlight() == 0);
        } finally {
            release.countDown();
            own.shutdownNow();
        }
    }
}
