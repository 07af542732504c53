package io.httpjson.it.observability;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.MetricsConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Dubbo's own metrics (Micrometer, Prometheus text from the QoS port's {@code /metrics}) count the calls that
 * arrive over httpjson: per method, with their time and their failures, and show the thread pool that runs them
 * when {@code httpjson.dispatch=pool}.
 */
public class MetricsTest {

    public interface Calculator {
        int add(int a, int b);

        int divide(int a, int b);

        /** Answers after {@code millis}, as a method with that much business work would. */
        int slow(int millis);
    }

    public static class CalculatorImpl implements Calculator {
        @Override
        public int add(int a, int b) {
            return a + b;
        }

        @Override
        public int divide(int a, int b) {
            return a / b;
        }

        private final CountDownLatch never = new CountDownLatch(1);

        @Override
        public int slow(int millis) {
            try {
                never.await(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return millis;
        }
    }

    static final String PATH = "/" + Calculator.class.getName() + "/";

    static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @Test
    void callsOverHttpjsonAreCountedPerMethodWithTimeAndFailures() throws Exception {
        try (Provider p = new Provider(Map.of())) {
            for (int i = 0; i < 3; i++) {
                assertThat(p.call("add", "[" + i + ", 1]")).isEqualTo("200 " + (i + 1));
            }
            for (int i = 0; i < 2; i++) {
                assertThat(p.call("divide", "[1, 0]")).startsWith("500 ").contains("ArithmeticException");
            }
            assertThat(p.call("slow", "[120]")).isEqualTo("200 120");
            // a request the provider refuses before any invocation is made is not a Dubbo call: not counted
            assertThat(p.call("add", "[1")).startsWith("400 ");

            String app = "application_name=\"" + p.name + "\"";
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                String scrape = p.scrape();
                assertThat(value(scrape, "dubbo_provider_requests_total", app, "method=\"add\""))
                        .isEqualTo(3);
                assertThat(value(scrape, "dubbo_provider_requests_succeed_total", app, "method=\"add\""))
                        .isEqualTo(3);
                assertThat(value(scrape, "dubbo_provider_requests_total", app, "method=\"divide\""))
                        .isEqualTo(2);
                assertThat(value(scrape, "dubbo_provider_requests_business_failed_total", app, "method=\"divide\""))
                        .isEqualTo(2);
                assertThat(value(scrape, "dubbo_provider_requests_failed_total", app, "method=\"divide\""))
                        .isEqualTo(2);
                assertThat(value(scrape, "dubbo_provider_requests_failed_total", app, "method=\"add\""))
                        .isEqualTo(0);
                // time per method: the slow one took its 120 ms, the three quick ones far less together
                // (Dubbo 3.3.6's rt _max and _min gauges are not kept per method: read _last, _sum, _avg)
                assertThat(value(scrape, "dubbo_provider_rt_milliseconds_last", app, "method=\"slow\""))
                        .isGreaterThanOrEqualTo(120);
                assertThat(value(scrape, "dubbo_provider_rt_milliseconds_sum", app, "method=\"add\""))
                        .isLessThan(120);
                assertThat(value(
                                scrape,
                                "dubbo_provider_rt_milliseconds_histogram_seconds_count",
                                app,
                                "method=\"add\""))
                        .isEqualTo(3);
                assertThat(scrape).contains("interface=\"" + Calculator.class.getName() + "\"");
                // with the default httpjson.dispatch=jetty the calls run on Jetty's pool, which Dubbo does not see
                assertThat(scrape).doesNotContain("thread_pool_name=\"DubboServerHandler-" + p.port + "\"");
            });
        }
    }

    /** A Java consumer calling over httpjson: its side counts the calls as well, failures included. */
    @Test
    void aJavaConsumersCallsOverHttpjsonAreCountedOnItsSide() throws Exception {
        try (Provider p = new Provider(Map.of())) {
            ReferenceConfig<Calculator> ref =
                    new ReferenceConfig<>(p.bootstrap.getApplicationModel().getDefaultModule());
            ref.setInterface(Calculator.class);
            ref.setUrl("httpjson://127.0.0.1:" + p.port);
            ref.setTimeout(5000);
            ref.setRetries(0);
            Calculator calculator = ref.get();
            assertThat(calculator.add(2, 2)).isEqualTo(4);
            assertThat(calculator.add(3, 3)).isEqualTo(6);
            assertThatThrownBy(() -> calculator.divide(1, 0)).hasMessageContaining("/ by zero");

            String app = "application_name=\"" + p.name + "\"";
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                String scrape = p.scrape();
                assertThat(value(scrape, "dubbo_consumer_requests_total", app, "method=\"add\""))
                        .isEqualTo(2);
                assertThat(value(scrape, "dubbo_consumer_requests_succeed_total", app, "method=\"add\""))
                        .isEqualTo(2);
                assertThat(value(scrape, "dubbo_consumer_requests_business_failed_total", app, "method=\"divide\""))
                        .isEqualTo(1);
                assertThat(value(scrape, "dubbo_provider_requests_total", app, "method=\"add\""))
                        .isEqualTo(2);
            });
        }
    }

    @Test
    void theProvidersThreadPoolIsDubbosWhenDispatchIsPool() throws Exception {
        try (Provider p = new Provider(Map.of("httpjson.dispatch", "pool"))) {
            assertThat(p.call("add", "[1, 2]")).isEqualTo("200 3");
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
                String scrape = p.scrape();
                assertThat(value(
                                scrape,
                                "dubbo_thread_pool_max_size",
                                "application_name=\"" + p.name + "\"",
                                "thread_pool_name=\"DubboServerHandler-" + p.port + "\""))
                        .isEqualTo(200);
            });
        }
    }

    /** The value of the first sample of {@code metric} whose labels contain every one of {@code labels}. */
    static double value(String scrape, String metric, String... labels) {
        Pattern sample = Pattern.compile("^" + Pattern.quote(metric) + "\\{([^}]*)\\} (\\S+)$", Pattern.MULTILINE);
        Matcher m = sample.matcher(scrape);
        while (m.find()) {
            String found = m.group(1);
            if (List.of(labels).stream().allMatch(found::contains)) {
                return Double.parseDouble(m.group(2));
            }
        }
        throw new AssertionError("no sample " + metric + " with " + List.of(labels) + " in:\n" + scrape);
    }

    /** A provider of {@link Calculator} over httpjson with Prometheus metrics, in a framework model of its own. */
    static final class Provider implements AutoCloseable {
        private static final AtomicInteger PROVIDERS = new AtomicInteger();
        /** Unique: Dubbo's meters live in Micrometer's global registry, shared by the applications of a JVM. */
        final String name = "metrics-provider-" + PROVIDERS.incrementAndGet();

        final FrameworkModel framework = new FrameworkModel();
        final int port = Ports.free();
        final int qosPort = Ports.free();
        final DubboBootstrap bootstrap;

        Provider(Map<String, String> params) {
            ApplicationConfig app = new ApplicationConfig(name);
            app.setQosEnable(true);
            app.setQosHost("127.0.0.1");
            app.setQosPort(qosPort);
            app.setQosAcceptForeignIp(false);
            MetricsConfig metrics = new MetricsConfig();
            metrics.setProtocol("prometheus");
            metrics.setEnableRpc(true);
            metrics.setEnableThreadpool(true);
            metrics.setExportMetricsService(false);
            ProtocolConfig protocol = new ProtocolConfig("httpjson", port);
            protocol.setHost("127.0.0.1");
            protocol.setParameters(params);
            ServiceConfig<Calculator> service = new ServiceConfig<>();
            service.setInterface(Calculator.class);
            service.setRef(new CalculatorImpl());
            bootstrap = DubboBootstrap.newInstance(framework)
                    .application(app)
                    .metrics(metrics)
                    .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                    .protocol(protocol)
                    .service(service)
                    .start();
        }

        /** POSTs {@code json} to {@code method}; returns the status and the body. */
        String call(String method, String json) throws Exception {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + PATH + method))
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(json))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() + " " + r.body();
        }

        /** What Prometheus would scrape. */
        String scrape() throws Exception {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + qosPort + "/metrics"))
                            .timeout(Duration.ofSeconds(10))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).isEqualTo(200);
            // the last scrape, to read when an assertion fails
            Path file = Path.of("target", "observability", name + ".prom");
            Files.createDirectories(file.getParent());
            Files.writeString(file, r.body());
            return r.body();
        }

        @Override
        public void close() {
            bootstrap.destroy();
            framework.destroy();
        }
    }
}
