package io.httpjson.demo.boot;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Enumeration;

import org.apache.dubbo.config.annotation.DubboReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/** The Boot app exports HelloService over httpjson on loopback; a Dubbo reference and plain HTTP both call it. */
@SpringBootTest
@EnabledIf("httpjsonProtocolOnClasspath")
class BootDemoApplicationTest {

    static final int PORT = freeLoopbackPort();

    @DynamicPropertySource
    static void port(DynamicPropertyRegistry registry) {
        registry.add("dubbo.protocol.port", () -> PORT);
    }

    /** A remote reference (not injvm) to this very application, over httpjson on 127.0.0.1. */
    @DubboReference(url = "httpjson://127.0.0.1:${dubbo.protocol.port}", scope = "remote", injvm = false, check = false)
    HelloService helloService;

    @Value("${dubbo.protocol.name}")
    String protocolName;

    @Test
    void dubboReferenceCallsTheServiceOverHttpjson() {
        assertThat(protocolName).isEqualTo("httpjson");
        Greeting greeting = helloService.hello("boot");
        assertThat(greeting.getMessage()).isEqualTo("Hello, boot!");
        assertThat(greeting.getLength()).isEqualTo("Hello, boot!".length());
    }

    @Test
    void plainHttpClientGetsJson() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(
                                URI.create("http://127.0.0.1:" + PORT + "/" + HelloService.class.getName() + "/hello"))
                        .header("Content-Type", "application/json")
                        .timeout(Duration.ofSeconds(10))
                        .POST(HttpRequest.BodyPublishers.ofString("[\"curl\"]"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        assertThat(response.body().replace(" ", ""))
                .contains("\"message\":\"Hello,curl!\"")
                .contains("\"length\":12");
    }

    /** Until the protocol module ships its SPI file this test has nothing to run against. */
    static boolean httpjsonProtocolOnClasspath() throws IOException {
        Enumeration<URL> files = BootDemoApplicationTest.class
                .getClassLoader()
                .getResources("META-INF/dubbo/org.apache.dubbo.rpc.Protocol");
        while (files.hasMoreElements()) {
            try (InputStream in = files.nextElement().openStream()) {
                String content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                if (content.lines().anyMatch(line -> line.trim().startsWith("httpjson="))) {
                    return true;
                }
            }
        }
        return false;
    }

    static int freeLoopbackPort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
