package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A 405 lists the methods the target does support (RFC 9110, 15.5.6: the server "MUST generate an Allow header field
 * in a 405 response containing a list of the target resource's currently supported methods"): a method its provider
 * declared safe ({@code httpjson.get=true}) supports GET as well as POST, and the health path GET (and HEAD).
 */
class AllowHeaderTest {

    static final String PROBE = "/" + ProbeService.class.getName() + "/";

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .service(ProbeService.class, new ProbeService.Impl(), s -> s.setParameters(Map.of("httpjson.get", "true")))
            .build();

    static HttpResponse<String> send(String method, String path) {
        return Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build());
    }

    static Set<String> allow(HttpResponse<String> r) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(405);
        return Arrays.stream(r.headers().firstValue("Allow").orElse("").split(","))
                .map(String::trim)
                .collect(Collectors.toSet());
    }

    @Test
    void aSafeMethodSaysItTakesGet() {
        assertThat(send("GET", PROBE + "find?id=1").statusCode()).isEqualTo(200);
        assertThat(allow(send("PUT", PROBE + "find"))).contains("GET", "POST");
        assertThat(allow(send("DELETE", PROBE + "find?id=1"))).contains("GET", "POST");
    }

    @Test
    void theHealthPathSaysItTakesGet() {
        assertThat(send("GET", "/health").statusCode()).isEqualTo(200);
        assertThat(allow(send("PUT", "/health"))).contains("GET").doesNotContain("POST");
        // a POST too: the health path is no service (it was 404 SERVICE_NOT_FOUND)
        HttpResponse<String> post = send("POST", "/health");
        assertThat(allow(post)).containsExactlyInAnyOrder("GET", "HEAD");
        assertThat(post.body()).contains("/health answers GET and HEAD");
    }
}
