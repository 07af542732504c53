package io.httpjson.protocol.internal.server;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.zip.GZIPInputStream;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.registry.EchoService;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document is made once per change of the exports, not per request: with hundreds of services it is
 * megabytes and seconds of work, and any caller that reaches the port may ask for it again and again. It still
 * follows every export and unexport.
 */
class OpenApiDocumentOnceTest {

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .build();

    @Test
    void madeOncePerChangeOfTheExports() throws Exception {
        Catalog catalog = server.httpJsonServer().catalog();
        int before = catalog.documentsMade();
        HttpResponse<byte[]> first = get("GET", null);
        assertThat(first.statusCode()).isEqualTo(200);
        String document = new String(first.body(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(document).contains("/" + TestService.class.getName() + "/hello");
        for (int i = 0; i < 3; i++) {
            assertThat(get("GET", null).body()).isEqualTo(first.body());
        }
        HttpResponse<byte[]> head = get("HEAD", null);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.headers().firstValueAsLong("Content-Length")).hasValue(first.body().length);
        for (int i = 0; i < 2; i++) {
            HttpResponse<byte[]> zipped = get("GET", "gzip");
            assertThat(zipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
            assertThat(gunzip(zipped.body())).isEqualTo(first.body());
        }
        assertThat(catalog.documentsMade()).isEqualTo(before + 1);

        ServiceConfig<EchoService> echo = new ServiceConfig<>(provider().getDefaultModule());
        echo.setInterface(EchoService.class);
        echo.setRef(new EchoService.Impl());
        echo.export();
        try {
            String withEcho = new String(get("GET", null).body(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(withEcho).contains("/" + EchoService.class.getName() + "/echo");
            assertThat(get("GET", null).body()).isEqualTo(withEcho.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertThat(catalog.documentsMade()).isEqualTo(before + 2);
        } finally {
            echo.unexport();
        }
        assertThat(get("GET", null).body()).isEqualTo(first.body());
        assertThat(catalog.documentsMade()).isEqualTo(before + 3);
    }

    private static ApplicationModel provider() {
        return server.framework().getApplicationModels().stream()
                .filter(a -> a.getApplicationConfigManager()
                        .getApplication()
                        .filter(c -> "httpjson-test-provider".equals(c.getName()))
                        .isPresent())
                .findFirst()
                .orElseThrow();
    }

    private static HttpResponse<byte[]> get(String method, String acceptEncoding) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.baseUrl() + "/openapi.json"))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (acceptEncoding != null) {
            b.header("Accept-Encoding", acceptEncoding);
        }
        return Http.sendForBytes(b.build());
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }
}
