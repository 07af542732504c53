package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.Callers;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * nginx set up otherwise than docs/gateways.md shows, as people do: its defaults (HTTP/1.0 to the provider, no
 * keep-alive there), a path prefix, gzip by nginx; and the documented configuration in front of a provider that
 * lists the names it answers in {@code httpjson.allowed-hosts}, as protocol.md advises for private providers.
 */
class NginxVariantsTest {

    static final String SVC = "/" + TestService.class.getName() + "/";

    @RegisterExtension
    static DubboServer plain = DubboServer.builder()
            .param("httpjson.gzip-threshold", "1024")
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .build();

    /** protocol.md, "Browsers": a provider on loopback lists the names it is called by. */
    @RegisterExtension
    static DubboServer guarded = DubboServer.builder()
            .param("httpjson.allowed-hosts", "localhost,127.0.0.1,[::1]")
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .build();

    static NginxRunner nginx;
    static int documented;
    static int defaults;
    static int prefixed;
    static int gzipping;

    @BeforeAll
    static void start() throws Exception {
        if (NginxTest.nginxBinary() == null) {
            return;
        }
        documented = DubboServer.freePort();
        defaults = DubboServer.freePort();
        prefixed = DubboServer.freePort();
        gzipping = DubboServer.freePort();
        String block = NginxRunner.documentedHttpBlock(documented, guarded.port(), guarded.port());
        String more = String.join(
                "\n",
                "    server {",
                "        listen 127.0.0.1:" + defaults + ";",
                "        location / { proxy_pass http://127.0.0.1:" + plain.port() + "; }",
                "    }",
                "    server {",
                "        listen 127.0.0.1:" + prefixed + ";",
                "        location /api/ {",
                "            proxy_pass http://127.0.0.1:" + plain.port() + "/;",
                "            proxy_http_version 1.1;",
                "            proxy_set_header Connection \"\";",
                "        }",
                "    }",
                "    server {",
                "        listen 127.0.0.1:" + gzipping + ";",
                "        gzip on;",
                "        gzip_types application/json;",
                "        gzip_min_length 20;",
                "        gzip_proxied any;",
                "        location / {",
                "            proxy_pass http://127.0.0.1:" + plain.port() + ";",
                "            proxy_http_version 1.1;",
                "            proxy_set_header Connection \"\";",
                "        }",
                "    }",
                "}");
        block = block.substring(0, block.lastIndexOf('}')) + more;
        nginx = NginxRunner.start("nginx-variants", block, documented);
    }

    @AfterAll
    static void stop() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    @BeforeEach
    void nginxIsInstalled() {
        Assumptions.assumeTrue(nginx != null, NginxTest.NOT_INSTALLED);
    }

    static TestService consumer(int port, String path, Map<String, String> params) {
        return plain.reference(TestService.class, r -> {
            r.setUrl("httpjson://127.0.0.1:" + port + path);
            r.setParameters(params);
        });
    }

    /** nginx's default: HTTP/1.0 with Connection: close to the provider, a new connection for every request. */
    @Test
    void nginxsDefaultHttp10ToTheProviderWorks() throws Exception {
        String base = "http://127.0.0.1:" + defaults;
        HttpResponse<String> r = Http.post(base + SVC + "hello", "[\"ten\"]", "Accept-Encoding", "identity");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"Hello, ten\"");
        HttpCallersTest.assertError(Http.post(base + SVC + "nope", "[]"), 404, "METHOD_NOT_FOUND", "hello");
        HttpResponse<String> big = Http.post(base + SVC + "nullable", "[\"" + "z".repeat(5000) + "\"]");
        assertThat(big.body()).hasSize(5002);
        HttpResponse<String> oneWay = Http.post(base + SVC + "ping", "[]", "Prefer", "respond-async");
        assertThat(oneWay.statusCode()).isEqualTo(202);
        TestService s = consumer(defaults, "", Map.of());
        assertThat(s.concat("warm", "up")).isEqualTo("warmup");
        Callers.concurrently(4, c -> {
            for (int i = 0; i < 100; i++) {
                assertThat(s.concat(c + "-", String.valueOf(i))).isEqualTo(c + "-" + i);
            }
        });
        assertThat(s.nullable("z".repeat(5000))).hasSize(5000);
    }

    /** {@code location /api/ { proxy_pass http://up/; }}: HTTP callers and a consumer whose URL has the prefix. */
    @Test
    void aPathPrefixStrippedByNginx() {
        String base = "http://127.0.0.1:" + prefixed + "/api";
        assertThat(Http.post(base + SVC + "hello", "[\"p\"]").body()).isEqualTo("\"Hello, p\"");
        TestService s = consumer(prefixed, "/api/" + TestService.class.getName(), Map.of());
        assertThat(s.hello("prefixed")).isEqualTo("Hello, prefixed");
    }

    /** nginx gzipping the provider's answers itself (chunked), to a consumer that accepts gzip. */
    @Test
    void gzipByNginx() {
        HttpResponse<byte[]> small =
                Http.sendForBytes(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + gzipping + SVC + "nullable"))
                        .header("Content-Type", "application/json")
                        .header("Accept-Encoding", "gzip")
                        .POST(HttpRequest.BodyPublishers.ofString("[\"" + "s".repeat(200) + "\"]"))
                        .build());
        assertThat(small.headers().firstValue("Content-Encoding"))
                .as("gzipped by nginx")
                .hasValue("gzip");
        TestService s = consumer(gzipping, "", Map.of());
        assertThat(s.nullable("s".repeat(200))).isEqualTo("s".repeat(200));
        String big = "g".repeat(3000);
        assertThat(s.nullable(big)).isEqualTo(big);
        assertThat(s.users(List.of(1L, 2L))).hasSize(2);
    }

    /**
     * The documented configuration in front of a provider with {@code httpjson.allowed-hosts}: nginx sends
     * {@code Host: httpjson} (the upstream's name), so every call through it would be 421.
     */
    @Test
    void allowedHostsBehindTheDocumentedConfig() {
        String base = "http://127.0.0.1:" + documented;
        HttpResponse<String> r = Http.post(base + SVC + "hello", "[\"h\"]");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        TestService s = plain.reference(TestService.class, ref -> ref.setUrl("httpjson://127.0.0.1:" + documented));
        assertThat(s.hello("java")).isEqualTo("Hello, java");
    }

    /**
     * The catalog page served through nginx calls the provider from its own origin (the browser sends
     * {@code Origin: http://<nginx>}): the provider must see it as same-origin.
     */
    @Test
    void theCatalogPageThroughNginxCallsAsItsOwnOrigin() {
        String base = "http://127.0.0.1:" + documented;
        HttpResponse<String> page =
                Http.send(HttpRequest.newBuilder(URI.create(base + "/")).GET().build());
        assertThat(page.statusCode()).isEqualTo(200);
        HttpResponse<String> r = Http.post(base + SVC + "hello", "[\"page\"]", "Origin", base);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }
}
