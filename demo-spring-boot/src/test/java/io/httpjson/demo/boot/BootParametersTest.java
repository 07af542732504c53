package io.httpjson.demo.boot;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.apache.dubbo.config.annotation.DubboReference;
import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * httpjson keys set in Spring Boot's properties as {@code dubbo.protocol.parameters.httpjson.*} and
 * {@code dubbo.consumer.parameters.httpjson.*}, the names the IDE metadata completes, reach the provider and the
 * consumer. (Boot's bracket form, {@code dubbo.protocol.parameters[httpjson.x]}, does
 * not: Dubbo reads the properties itself and looks for {@code parameters.} followed by the key.)
 */
@SpringBootTest(
        properties = {
            "dubbo.protocol.parameters.httpjson.health-path=/alive",
            "dubbo.protocol.parameters.httpjson.help-base-url=https://docs.example.com/boot/",
            "dubbo.consumer.parameters.httpjson.max-attachment-bytes=64"
        })
@EnabledIf("io.httpjson.demo.boot.BootDemoApplicationTest#httpjsonProtocolOnClasspath")
class BootParametersTest {

    static final int PORT = BootDemoApplicationTest.freeLoopbackPort();

    @DynamicPropertySource
    static void port(DynamicPropertyRegistry registry) {
        registry.add("dubbo.protocol.port", () -> PORT);
    }

    @DubboReference(url = "httpjson://127.0.0.1:${dubbo.protocol.port}", scope = "remote", injvm = false, check = false)
    HelloService helloService;

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        return http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void theHealthPathIsTheConfiguredOne() throws Exception {
        assertThat(send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/alive"))
                                .GET())
                        .statusCode())
                .isEqualTo(200);
        assertThat(send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/health"))
                                .GET())
                        .statusCode())
                .isNotEqualTo(200);
    }

    @Test
    void errorBodiesLinkUnderTheConfiguredDocs() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + PORT + "/" + HelloService.class.getName() + "/nope"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("[]")));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(404);
        assertThat(r.body()).contains("\"help\":\"https://docs.example.com/boot/troubleshooting.md#method-not-found\"");
    }

    @Test
    void theConsumerTakesItsLimitFromConsumerParameters() {
        assertThat(helloService.hello("small").getMessage()).isEqualTo("Hello, small!");
        RpcContext.getClientAttachment().setAttachment("note", "x".repeat(200));
        assertThatThrownBy(() -> helloService.hello("large"))
                .hasStackTraceContaining("httpjson.max-attachment-bytes")
                .hasStackTraceContaining("64");
    }
}
