package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Browsers calling a provider from a page on another origin (CORS), as a browser does it: a preflight
 * {@code OPTIONS} first, then the {@code POST} with an {@code Origin} header. Real Jetty server, JDK HTTP client.
 */
class CorsTest {

    private static final String HELLO = "/io.httpjson.protocol.api.TestService/hello";
    private static final String APP = "https://app.example.com";

    static HttpResponse<String> preflight(DubboServer server, String origin, String headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl() + HELLO))
                .timeout(Duration.ofSeconds(10))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", origin)
                .header("Access-Control-Request-Method", "POST");
        if (headers != null) {
            b.header("Access-Control-Request-Headers", headers);
        }
        return Http.send(b.build());
    }

    static DubboServer server(String origins) {
        DubboServer.Builder b = DubboServer.builder().service(TestService.class, new TestServiceImpl());
        if (origins != null) {
            b.param("httpjson.cors-allowed-origins", origins);
        }
        return b.build();
    }

    /**
     * A preflight names the methods its path takes: GET too for a method declared safe, so that a page may call it
     * with GET and a header that needs a preflight (the preflight said POST alone, and the browser refused the GET).
     */
    @Test
    void aPreflightOfASafeMethodAllowsGet() throws Exception {
        DubboServer.builder()
                .service(TestService.class, new TestServiceImpl(), s -> s.setParameters(Map.of("httpjson.get", "true")))
                .param("httpjson.cors-allowed-origins", APP)
                .build()
                .run(server -> {
                    HttpResponse<String> pre = preflight(server, APP, "dubbo-service-version");
                    assertThat(pre.statusCode()).as(pre.body()).isEqualTo(204);
                    assertThat(pre.headers().firstValue("Access-Control-Allow-Methods"))
                            .hasValue("GET, POST");
                });
    }

    @Test
    void anAllowedOriginGetsItsPreflightAnsweredAndCanReadAnswersAndErrors() throws Exception {
        server("https://APP.example.com, http://localhost:3000").run(server -> {
            HttpResponse<String> pre = preflight(server, APP, "content-type,dubbo-attachments");
            assertThat(pre.statusCode()).as(pre.body()).isEqualTo(204);
            assertThat(pre.headers().firstValue("Access-Control-Allow-Origin")).hasValue(APP);
            assertThat(pre.headers().firstValue("Access-Control-Allow-Methods")).hasValue("POST");
            assertThat(pre.headers().firstValue("Access-Control-Allow-Headers"))
                    .hasValue("content-type,dubbo-attachments");
            assertThat(pre.headers().firstValue("Access-Control-Max-Age")).hasValue("600");
            assertThat(pre.headers().allValues("Vary")).contains("Origin");

            HttpResponse<String> call = Http.post(server.baseUrl() + HELLO, "[\"browser\"]", "Origin", APP);
            assertThat(call.body()).isEqualTo("\"Hello, browser\"");
            assertThat(call.headers().firstValue("Access-Control-Allow-Origin")).hasValue(APP);
            assertThat(call.headers()
                            .firstValue("Access-Control-Expose-Headers")
                            .orElse(""))
                    .contains("Dubbo-Attachments")
                    .contains("Server-Timing");

            // the page can read why a call failed, too
            HttpResponse<String> error = Http.post(
                    server.baseUrl() + "/io.httpjson.protocol.api.TestService/nope",
                    "[]",
                    "Origin",
                    "http://localhost:3000");
            assertThat(error.statusCode()).isEqualTo(404);
            assertThat(error.headers().firstValue("Access-Control-Allow-Origin"))
                    .hasValue("http://localhost:3000");
            assertThat(error.body()).contains("METHOD_NOT_FOUND");
        });
    }

    @Test
    void anotherOriginIsRefusedWithAMessageThatSaysWhatToSet() throws Exception {
        server(APP).run(server -> {
            HttpResponse<String> pre = preflight(server, "https://evil.example", null);
            assertThat(pre.statusCode()).isEqualTo(403);
            assertThat(pre.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
            assertThat(pre.body())
                    .contains("FORBIDDEN")
                    .contains("https://evil.example")
                    .contains("httpjson.cors-allowed-origins")
                    // which origins may call is not told to one that may not: it would learn which pages to attack
                    .doesNotContain(APP);
            // a call without preflight is refused too, before anything is decoded: a page can send one with
            // fetch(url, {mode: 'no-cors'}) or navigator.sendBeacon, and would run the method without reading it
            HttpResponse<String> call =
                    Http.post(server.baseUrl() + HELLO, "[\"x\"]", "Origin", "https://evil.example");
            assertThat(call.statusCode()).isEqualTo(403);
            assertThat(call.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
            assertThat(call.body()).contains("FORBIDDEN").contains("https://evil.example");
            HttpResponse<String> beacon = Http.post(
                    server.baseUrl() + HELLO,
                    "[\"x\"]",
                    "Origin",
                    "https://evil.example",
                    "Content-Type",
                    "text/plain;charset=UTF-8");
            assertThat(beacon.statusCode()).isEqualTo(403);
            assertThat(beacon.body()).contains("FORBIDDEN").contains("httpjson.cors-allowed-origins");
            // the allowed page still calls
            assertThat(Http.post(server.baseUrl() + HELLO, "[\"ok\"]", "Origin", APP)
                            .body())
                    .isEqualTo("\"Hello, ok\"");
        });
    }

    @Test
    void aPageOfTheProviderItselfCallsItWithoutTheSetting() throws Exception {
        // browsers send Origin on same-origin POSTs too: scheme://Host, which is allowed
        server(null).run(server -> {
            HttpResponse<String> call = Http.post(server.baseUrl() + HELLO, "[\"self\"]", "Origin", server.baseUrl());
            assertThat(call.statusCode()).as(call.body()).isEqualTo(200);
            assertThat(call.body()).isEqualTo("\"Hello, self\"");
            assertThat(call.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
            // the same host on another port is another origin
            HttpResponse<String> other = Http.post(
                    server.baseUrl() + HELLO,
                    "[\"x\"]",
                    "Origin",
                    "http://127.0.0.1:" + (server.port() == 1 ? 2 : server.port() - 1));
            assertThat(other.statusCode()).isEqualTo(403);
        });
    }

    @Test
    void withoutTheSettingNoOriginIsAllowedAndCallersThatAreNotBrowsersSeeNoDifference() throws Exception {
        server(null).run(server -> {
            HttpResponse<String> pre = preflight(server, APP, null);
            assertThat(pre.statusCode()).isEqualTo(403);
            assertThat(pre.body()).contains("answers no cross-origin calls").contains("httpjson.cors-allowed-origins");
            HttpResponse<String> call = Http.post(server.baseUrl() + HELLO, "[\"curl\"]");
            assertThat(call.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
            assertThat(call.headers().allValues("Vary")).doesNotContain("Origin");
            assertThat(call.body()).isEqualTo("\"Hello, curl\"");
        });
    }

    @Test
    void anyOriginWithAStar() throws Exception {
        server("*").run(server -> {
            assertThat(preflight(server, "https://anywhere.example", null)
                            .headers()
                            .firstValue("Access-Control-Allow-Origin"))
                    .hasValue("*");
            HttpResponse<String> call =
                    Http.post(server.baseUrl() + HELLO, "[\"x\"]", "Origin", "https://anywhere.example");
            assertThat(call.headers().firstValue("Access-Control-Allow-Origin")).hasValue("*");
            assertThat(call.headers().allValues("Vary")).doesNotContain("Origin");
        });
    }

    @Test
    void aMalformedOriginFailsTheExport() throws Exception {
        DubboServer server = server("app.example.com");
        try {
            assertThatThrownBy(server::start)
                    .hasStackTraceContaining(
                            "httpjson.cors-allowed-origins: app.example.com (expected: * or origins such as");
        } finally {
            server.stop();
        }
    }
}
