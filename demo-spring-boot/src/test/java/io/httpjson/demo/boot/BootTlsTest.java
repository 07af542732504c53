package io.httpjson.demo.boot;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import javax.net.ssl.SSLContext;

import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import org.apache.dubbo.config.annotation.DubboReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same Boot app with {@code dubbo.ssl.*} properties, on the Netty and Jetty versions Spring Boot manages:
 * the provider serves HTTPS with mutual TLS, the app's own Dubbo reference calls it over TLS, an HTTPS client with
 * a trusted certificate gets JSON, and plain HTTP is turned away.
 */
@SpringBootTest(
        properties = {
            "dubbo.ssl.server-key-cert-chain-path=classpath:tls/server.pem",
            "dubbo.ssl.server-private-key-path=classpath:tls/server.key",
            "dubbo.ssl.server-trust-cert-collection-path=classpath:tls/ca.pem",
            "dubbo.ssl.client-key-cert-chain-path=classpath:tls/client.pem",
            "dubbo.ssl.client-private-key-path=classpath:tls/client.key",
            "dubbo.ssl.client-trust-cert-collection-path=classpath:tls/ca.pem"
        })
@EnabledIf("io.httpjson.demo.boot.BootDemoApplicationTest#httpjsonProtocolOnClasspath")
class BootTlsTest {

    static final int PORT = BootDemoApplicationTest.freeLoopbackPort();

    @DynamicPropertySource
    static void port(DynamicPropertyRegistry registry) {
        registry.add("dubbo.protocol.port", () -> PORT);
    }

    @DubboReference(url = "httpjson://127.0.0.1:${dubbo.protocol.port}", scope = "remote", injvm = false, check = false)
    HelloService helloService;

    private static HttpResponse<String> post(HttpClient http, String scheme) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(
                                scheme + "://127.0.0.1:" + PORT + "/" + HelloService.class.getName() + "/hello"))
                        .header("Content-Type", "application/json")
                        .timeout(Duration.ofSeconds(10))
                        .POST(HttpRequest.BodyPublishers.ofString("[\"tls\"]"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void dubboReferenceCallsOverTls() {
        assertThat(helloService.hello("boot").getMessage()).isEqualTo("Hello, boot!");
    }

    @Test
    void httpsClientWithATrustedCertificateGetsJsonAndPlainHttpIsTurnedAway() throws Exception {
        ClassLoader cl = BootTlsTest.class.getClassLoader();
        SSLContext context = ((JdkSslContext) SslContextBuilder.forClient()
                        .sslProvider(SslProvider.JDK)
                        .trustManager(cl.getResourceAsStream("tls/ca.pem"))
                        .keyManager(cl.getResourceAsStream("tls/client.pem"), cl.getResourceAsStream("tls/client.key"))
                        .build())
                .context();
        HttpClient https = HttpClient.newBuilder()
                .sslContext(context)
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
        HttpResponse<String> ok = post(https, "https");
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(ok.body().replace(" ", "")).contains("\"message\":\"Hello,tls!\"");

        HttpResponse<String> plain = post(HttpClient.newHttpClient(), "http");
        assertThat(plain.statusCode()).isEqualTo(400);
        assertThat(plain.body()).contains("TLS_REQUIRED");
    }
}
