package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Response gzip is negotiated as RFC 9110 section 12.5.3 says: a coding with {@code q=0} is "not acceptable", and an
 * answer whose encoding depended on {@code Accept-Encoding} says so in {@code Vary} (section 12.5.5), so that a cache
 * in front of a provider that lets GET answers be cached never hands a gzipped body to a caller that cannot read it.
 */
class AcceptEncodingTest {

    static final String PROBE = "/" + ProbeService.class.getName() + "/";

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.gzip-threshold", "10")
            .param("httpjson.cache-control", "max-age=60")
            .service(ProbeService.class, new ProbeService.Impl(), s -> s.setParameters(Map.of("httpjson.get", "true")))
            .build();

    private static HttpResponse<byte[]> post(String acceptEncoding) {
        return Http.sendForBytes(HttpRequest.newBuilder(URI.create(server.baseUrl() + PROBE + "find"))
                .timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header("Accept-Encoding", acceptEncoding)
                .POST(HttpRequest.BodyPublishers.ofString("[12345]"))
                .build());
    }

    private static HttpResponse<byte[]> get(String acceptEncoding) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl() + PROBE + "find?id=12345"))
                .timeout(Duration.ofSeconds(10))
                .GET();
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return Http.sendForBytes(b.build());
    }

    @Test
    void gzipWithQZeroIsNotAcceptable() {
        for (String refused : new String[] {"gzip;q=0", "gzip; q=0.000", "identity, gzip;Q=0", "br, gzip;q=0"}) {
            HttpResponse<byte[]> r = post(refused);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.headers().firstValue("Content-Encoding"))
                    .as("Accept-Encoding: " + refused)
                    .isEmpty();
            assertThat(new String(r.body())).contains("\"id\":12345");
        }
    }

    @Test
    void gzipIsStillSentWhenItIsAcceptable() {
        for (String accepted : new String[] {"gzip", "GZIP", "gzip;q=0.5", "deflate, gzip;q=1.0", "br;q=0, gzip"}) {
            assertThat(post(accepted).headers().firstValue("Content-Encoding"))
                    .as("Accept-Encoding: " + accepted)
                    .hasValue("gzip");
        }
        // a coding whose name merely contains "gzip" is not gzip
        assertThat(post("not-gzip").headers().firstValue("Content-Encoding")).isEmpty();
    }

    @Test
    void cacheableAnswersVaryByAcceptEncoding() {
        HttpResponse<byte[]> zipped = get("gzip");
        assertThat(zipped.statusCode()).isEqualTo(200);
        assertThat(zipped.headers().firstValue("Cache-Control")).hasValue("max-age=60");
        assertThat(zipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(String.join(",", zipped.headers().allValues("Vary"))).containsIgnoringCase("Accept-Encoding");
        HttpResponse<byte[]> plain = get(null);
        assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
        assertThat(String.join(",", plain.headers().allValues("Vary"))).containsIgnoringCase("Accept-Encoding");
    }
}
