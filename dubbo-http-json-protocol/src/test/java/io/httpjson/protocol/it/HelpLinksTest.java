package io.httpjson.protocol.it;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code help} link of every error body points under {@code httpjson.help-base-url}, whichever stage answered:
 * a refusal before the call ran and a business exception the method threw.
 */
class HelpLinksTest {

    static final String SVC = "/" + TestService.class.getName() + "/";

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.help-base-url", "https://docs.example.com/httpjson")
            .service(TestService.class, new TestServiceImpl())
            .build();

    private static Map<?, ?> body(HttpResponse<String> r) {
        byte[] bytes = r.body().getBytes(StandardCharsets.UTF_8);
        Object parsed = new Fastjson2TextCodec().read(bytes, 0, bytes.length, Object.class);
        assertThat(parsed).as(r.body()).isInstanceOf(Map.class);
        return (Map<?, ?>) parsed;
    }

    @Test
    void aRefusalLinksToItsSectionUnderTheConfiguredFolder() {
        HttpResponse<String> r = Http.post(server.baseUrl() + SVC + "noSuchMethod", "[]");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(404);
        assertThat(body(r).get("help"))
                .as(r.body())
                .isEqualTo("https://docs.example.com/httpjson/troubleshooting.md#method-not-found");
    }

    @Test
    void aBusinessExceptionLinksToItsSectionUnderTheConfiguredFolder() {
        HttpResponse<String> r = Http.post(server.baseUrl() + SVC + "fail", "[\"no\",7]");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(500);
        assertThat(body(r).get("code")).as(r.body()).isEqualTo("BUSINESS_EXCEPTION");
        assertThat(body(r).get("help"))
                .as(r.body())
                .isEqualTo("https://docs.example.com/httpjson/troubleshooting.md#business-exception");
    }
}
