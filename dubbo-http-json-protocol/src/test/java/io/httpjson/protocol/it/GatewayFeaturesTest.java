package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.MethodConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * What a gateway, a sidecar or a load balancer in front of a provider relies on: Triple's header names, trace context
 * and listed plain headers as attachments, GET for methods declared safe, and a health path that turns 503 as soon as
 * a graceful shutdown starts.
 */
class GatewayFeaturesTest {

    static final String SVC = "/" + TestService.class.getName() + "/";

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.header-attachments", "X-Request-Id, authorization:auth")
            .param("httpjson.cache-control", "max-age=60")
            .service(TestService.class, new TestServiceImpl(), s -> {
                s.setMethods(List.of(safe("getUser"), safe("hello"), safe("users"), safe("add")));
            })
            .service(
                    TestService.class,
                    new TestServiceImpl() {
                        @Override
                        public String hello(String name) {
                            return "blue " + name;
                        }
                    },
                    s -> {
                        s.setVersion("2.0");
                        s.setGroup("blue");
                    })
            .build();

    private static MethodConfig safe(String name) {
        MethodConfig m = new MethodConfig();
        m.setName(name);
        m.setParameters(java.util.Map.of("httpjson.get", "true"));
        return m;
    }

    private static HttpResponse<String> get(String pathAndQuery) {
        return Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + pathAndQuery))
                .GET()
                .timeout(Duration.ofSeconds(10))
                .build());
    }

    @Test
    void tripleHeadersSelectVersionGroupAndTimeout() {
        HttpResponse<String> r = Http.post(
                server.baseUrl() + SVC + "hello", "[\"x\"]", "tri-service-version", "2.0", "tri-service-group", "blue");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"blue x\"");
        HttpResponse<String> t = Http.post(server.baseUrl() + SVC + "hello", "[\"x\"]", "tri-service-timeout", "soon");
        assertThat(t.statusCode()).isEqualTo(400);
        assertThat(t.body()).contains("tri-service-timeout: soon");
    }

    @Test
    void traceContextAndListedHeadersBecomeAttachments() {
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        String[] headers = {
            "traceparent",
            traceparent,
            "tracestate",
            "vendor=1",
            "baggage",
            "user=alice",
            "X-Request-Id",
            "req-42",
            "Authorization",
            "Bearer t",
            "X-Not-Listed",
            "nope"
        };
        assertThat(call("traceparent", headers)).isEqualTo("\"" + traceparent + "\"");
        assertThat(call("tracestate", headers)).isEqualTo("\"vendor=1\"");
        assertThat(call("baggage", headers)).isEqualTo("\"user=alice\"");
        assertThat(call("x-request-id", headers)).isEqualTo("\"req-42\"");
        // Dubbo's ContextFilter keeps standard HTTP header names (authorization, cookie, ...) from services, so the
        // provider lists it under another key
        assertThat(call("auth", headers)).isEqualTo("\"Bearer t\"");
        assertThat(call("x-not-listed", headers)).isEqualTo("null");
    }

    private static String call(String key, String... headers) {
        HttpResponse<String> r = Http.post(server.baseUrl() + SVC + "echoAttachment", "[\"" + key + "\"]", headers);
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }

    @Test
    void getCallsAMethodDeclaredSafeWithTheSameAnswerAsPost() {
        HttpResponse<String> byName = get(SVC + "getUser?id=7");
        HttpResponse<String> byPosition = get(SVC + "getUser?0=7");
        HttpResponse<String> post = Http.post(server.baseUrl() + SVC + "getUser", "[7]");
        assertThat(byName.statusCode()).isEqualTo(200);
        assertThat(byName.body()).isEqualTo(post.body()).isEqualTo(byPosition.body());
        assertThat(byName.headers().firstValue("Cache-Control")).hasValue("max-age=60");
        // a cache keeps answers apart by what they depend on besides the URL: another version's, another caller's
        assertThat(byName.headers().allValues("Vary"))
                .containsExactly("Dubbo-Service-Version, Dubbo-Service-Group, Dubbo-Parameter-Types,"
                        + " Dubbo-Attachments, x-request-id, authorization");
        assertThat(post.headers().allValues("Vary"))
                .as("a POST answer is not stored")
                .isEmpty();
        assertThat(get(SVC + "hello?name=world").body()).isEqualTo("\"Hello, world\"");
        assertThat(get(SVC + "users?ids=[1,2]").body()).contains("\"id\":1").contains("\"id\":2");
        HttpResponse<String> wrongType = get(SVC + "getUser?id=seven");
        assertThat(wrongType.statusCode()).isEqualTo(400);
        assertThat(wrongType.body()).contains("BAD_REQUEST");
    }

    @Test
    void eachJsonQueryValueIsOneValueOfItsParameterGivenOnce() {
        assertThat(get(SVC + "add?a=1.5&b=2").body()).isEqualTo("3.5");
        // spliced into the arguments array, "1,2" would have made three arguments out of two parameters
        HttpResponse<String> spliced = get(SVC + "add?a=1,2&b=3");
        assertThat(spliced.statusCode()).isEqualTo(400);
        assertThat(spliced.body()).contains("query parameter 'a' (java.math.BigDecimal)");
        HttpResponse<String> open = get(SVC + "users?ids=[1,2");
        assertThat(open.statusCode()).isEqualTo(400);
        assertThat(open.body()).contains("query parameter 'ids'");
        HttpResponse<String> twice = get(SVC + "getUser?id=1&id=2");
        assertThat(twice.statusCode()).isEqualTo(400);
        assertThat(twice.body()).contains("query parameter 'id' is given 2 times (expected: once)");
        assertThat(get(SVC + "getUser?id=7").statusCode())
                .as("the server keeps serving")
                .isEqualTo(200);
    }

    @Test
    void getOfAMethodNotDeclaredSafeIs405() {
        HttpResponse<String> r = get(SVC + "concat?a=x&b=y");
        assertThat(r.statusCode()).isEqualTo(405);
        assertThat(r.headers().firstValue("Allow")).hasValue("POST");
        assertThat(r.body()).contains("METHOD_NOT_ALLOWED").contains("httpjson.get=true");
    }

    @Test
    void whichMethodsTakeGetIsReadOnceFromTheMethodsThenTheService() {
        String svc = "httpjson://127.0.0.1:8090/x.Y?";
        List<String> methods = List.of("a", "b", "c");
        assertThat(HttpFeatures.getMethods(URL.valueOf(svc + "b.httpjson.get=true"), methods))
                .containsExactly("b");
        assertThat(HttpFeatures.getMethods(URL.valueOf(svc + "httpjson.get=true&c.httpjson.get=false"), methods))
                .containsExactlyInAnyOrder("a", "b");
        assertThat(HttpFeatures.getMethods(URL.valueOf(svc + "a=1"), methods)).isEmpty();
        assertThatThrownBy(() -> HttpFeatures.getMethods(URL.valueOf(svc + "b.httpjson.get=yes"), methods))
                .hasMessageStartingWith("b.httpjson.get: yes (expected: true or false)");
        assertThatThrownBy(() -> HttpFeatures.getMethods(URL.valueOf(svc + "httpjson.get=1"), methods))
                .hasMessageStartingWith("httpjson.get: 1 (expected: true or false)");
    }

    @Test
    void aGetSwitchThatIsNotTrueOrFalseFailsTheExport() {
        MethodConfig m = new MethodConfig();
        m.setName("getUser");
        m.setParameters(java.util.Map.of("httpjson.get", "yes"));
        DubboServer bad = DubboServer.builder()
                .service(TestService.class, new TestServiceImpl(), s -> s.setMethods(List.of(m)))
                .build();
        try {
            assertThatThrownBy(bad::start)
                    .hasStackTraceContaining("httpjson: cannot export")
                    .hasStackTraceContaining("getUser.httpjson.get: yes (expected: true or false)");
        } finally {
            bad.stop();
        }
    }

    @Test
    void healthIsUpWhileServing() {
        HttpResponse<String> r = get("/health");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("\"status\":\"UP\"");
    }

    /** From the moment a graceful shutdown starts, health answers 503 while the call in flight finishes. */
    @Test
    void healthTurns503WhenAGracefulShutdownStarts() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        DubboServer draining = DubboServer.builder()
                .service(TestService.class, new TestServiceImpl() {
                    @Override
                    public String slow(int millis) {
                        running.countDown();
                        try {
                            release.await(20, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return "done";
                    }
                })
                .shutdownWait(DubboServer.DUBBO_SHUTDOWN_WAIT)
                .build();
        draining.start();
        String base = draining.baseUrl();
        CompletableFuture<HttpResponse<String>> call =
                CompletableFuture.supplyAsync(() -> Http.post(base + SVC + "slow", "[1]"));
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(draining::stop);
        try {
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> Http.send(HttpRequest.newBuilder(URI.create(base + "/health"))
                                            .GET()
                                            .build())
                                    .statusCode()
                            == 503);
        } finally {
            release.countDown();
        }
        assertThat(call.get(20, TimeUnit.SECONDS).body()).isEqualTo("\"done\"");
        stopping.get(30, TimeUnit.SECONDS);
    }
}
