package io.httpjson.protocol.parity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Virtual threads (Java 21+), over the dubbo protocol with hessian2 and over httpjson: many virtual threads calling
 * through one reference, and a provider on Dubbo's {@code threadpool=virtual}. Skipped on Java 17, which has none;
 * run on a newer JDK with {@code JAVA_HOME=/path/to/jdk-25 mvn -pl dubbo-http-json-protocol test
 * -Dtest=VirtualThreadsTest}. The JDK 21 API is reached by reflection, as the tests compile for Java 17.
 */
@EnabledForJreRange(min = JRE.JAVA_21, disabledReason = "virtual threads need Java 21 or later")
class VirtualThreadsTest {

    private static final int CALLERS = 1000;

    static final class Impl implements CallerService {
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger holding = new AtomicInteger();

        @Override
        public String whoCalls(String value, int workMillis) {
            // the call's work, not a synchronisation: keeps many calls in flight at once
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(workMillis));
            Object caller = RpcContext.getServerAttachment().getObjectAttachment("caller");
            return value + "|" + caller + "|" + (isVirtual(Thread.currentThread()) ? "virtual" : "platform");
        }

        @Override
        public String held(String value) {
            holding.incrementAndGet();
            try {
                return release.await(30, TimeUnit.SECONDS) ? value : "never released";
            } catch (InterruptedException e) {
                return "interrupted";
            }
        }
    }

    private static DubboServer server(String transport, Impl impl, Map<String, String> params) {
        String[] p = transport.split(":");
        DubboServer.Builder b = DubboServer.builder()
                .protocol(p[0])
                .service(CallerService.class, impl)
                .shutdownWait(DubboServer.DUBBO_SHUTDOWN_WAIT);
        if (p.length > 1) {
            b.param("serialization", p[1]).param("prefer.serialization", p[1]);
        }
        params.forEach(b::param);
        return b.build();
    }

    /**
     * A thousand virtual threads call through one reference at once, every other one with an attachment: each gets
     * its own answer, and an attachment reaches only the call it was set for.
     */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void aThousandVirtualThreadsCallThroughOneReference(String transport) throws Exception {
        // threads for every caller: the dubbo protocol's fixed pool has no queue and answers the rest "exhausted"
        // (httpjson's calls beyond threads wait in Jetty's queue)
        server(transport, new Impl(), Map.of("threads", Integer.toString(CALLERS)))
                .run(server -> {
                    CallerService s =
                            Transports.reference(server, transport, CallerService.class, r -> r.setTimeout(60_000));
                    ExecutorService callers = virtualThreadPerTask();
                    try {
                        List<Future<String>> answers = new ArrayList<>();
                        for (int i = 0; i < CALLERS; i++) {
                            String n = Integer.toString(i);
                            answers.add(callers.submit(() -> {
                                if (Integer.parseInt(n) % 2 == 0) {
                                    RpcContext.getClientAttachment().setAttachment("caller", "c" + n);
                                }
                                return s.whoCalls("v" + n, 20);
                            }));
                        }
                        for (int i = 0; i < CALLERS; i++) {
                            String caller = i % 2 == 0 ? "c" + i : "null";
                            assertThat(answers.get(i).get(60, TimeUnit.SECONDS))
                                    .as("call %d", i)
                                    .isEqualTo("v" + i + "|" + caller + "|platform");
                        }
                    } finally {
                        callers.shutdownNow();
                    }
                });
    }

    /**
     * A provider on Dubbo's virtual thread pool runs its calls on virtual threads: the dubbo protocol always,
     * httpjson with {@code httpjson.dispatch=pool} (its default dispatch runs calls on Jetty's threads, and warns).
     */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson:fastjson2-text|pool", "httpjson:fastjson2-text|jetty"})
    void callsRunOnVirtualThreadsWithThreadpoolVirtual(String setting) throws Exception {
        String transport = setting.split("\\|")[0];
        String dispatch = setting.contains("|") ? setting.split("\\|")[1] : null;
        Map<String, String> params = dispatch == null
                ? Map.of("threadpool", "virtual")
                : Map.of("threadpool", "virtual", "httpjson.dispatch", dispatch);
        server(transport, new Impl(), params).run(server -> {
            CallerService s = Transports.reference(server, transport, CallerService.class, r -> r.setTimeout(10_000));
            String expected = "jetty".equals(dispatch) ? "platform" : "virtual";
            assertThat(s.whoCalls("x", 0)).isEqualTo("x|null|" + expected);
        });
    }

    /** On Dubbo's virtual thread pool, a graceful shutdown still lets a call in flight finish and answer. */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson:fastjson2-text"})
    void gracefulShutdownWaitsForACallOnAVirtualThread(String transport) throws Exception {
        Impl impl = new Impl();
        Map<String, String> params = transport.startsWith("httpjson")
                ? Map.of("threadpool", "virtual", "httpjson.dispatch", "pool")
                : Map.of("threadpool", "virtual");
        DubboServer server = server(transport, impl, params);
        server.start();
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            CallerService s = Transports.reference(server, transport, CallerService.class, r -> r.setTimeout(30_000));
            Future<String> inFlight = threads.submit(() -> s.held("finished"));
            await().atMost(Duration.ofSeconds(10)).until(() -> impl.holding.get() == 1);
            FrameworkModel framework = server.framework();
            Future<?> stopped = threads.submit(server::stop);
            // the provider application has begun its graceful shutdown while the call is held
            await().atMost(Duration.ofSeconds(10)).until(() -> framework.getApplicationModels().stream()
                    .filter(a -> a.getApplicationConfigManager()
                            .getApplication()
                            .filter(c -> "httpjson-test-provider".equals(c.getName()))
                            .isPresent())
                    .allMatch(
                            a -> a.getDeployer().isStopping() || a.getDeployer().isStopped()));
            assertThat(inFlight).isNotDone();
            impl.release.countDown();
            assertThat(inFlight.get(30, TimeUnit.SECONDS)).isEqualTo("finished");
            stopped.get(30, TimeUnit.SECONDS);
        } finally {
            impl.release.countDown();
            threads.shutdownNow();
            server.stop();
        }
    }

    private static ExecutorService virtualThreadPerTask() throws ReflectiveOperationException {
        return (ExecutorService)
                Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
    }

    static boolean isVirtual(Thread t) {
        try {
            return (Boolean) Thread.class.getMethod("isVirtual").invoke(t);
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
