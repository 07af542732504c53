package io.httpjson.demo.provider;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.httpjson.demo.api.GreetingService;
import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class DemoProviderTest {

    private static DemoProvider provider;

    @BeforeAll
    static void start() {
        provider = DemoProvider.start(new DemoProvider.Settings());
    }

    @AfterAll
    static void stop() {
        if (provider != null) {
            provider.close();
        }
    }

    private static boolean loopback(String address) {
        try {
            return java.net.InetAddress.getByName(address).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    @Test
    void exportsEveryServiceOnEveryAvailableProtocolOnLoopback() {
        assertThat(provider.ports().keySet()).containsExactlyElementsOf(DemoProvider.defaultProtocols());
        // greeting, users, echo, and the release service in two versions
        assertThat(provider.exportedUrls()).hasSize(5 * provider.ports().size()).allSatisfy(url -> {
            // 127.0.0.1, or for Dubbo's own servers its IPv4-mapped form (which Dubbo does not widen to 0.0.0.0)
            for (String address : new String[] {url.getHost(), url.getParameter("bind.ip")}) {
                assertThat(address).isIn("127.0.0.1", "[::ffff:127.0.0.1]");
                assertThat(loopback(address)).as(address).isTrue();
            }
            assertThat(url.getPort()).isEqualTo(provider.port(url.getProtocol()));
        });
        assertThat(provider.exportedUrls())
                .extracting(URL::getServiceInterface)
                .contains(
                        GreetingService.class.getName(),
                        "io.httpjson.demo.api.UserService",
                        "io.httpjson.demo.api.EchoService",
                        "io.httpjson.demo.api.ReleaseService");
    }

    @Test
    void answersThePlainHttpCallShownInTheDocs() throws Exception {
        assumeTrue(DemoProvider.httpjsonAvailable(), "httpjson protocol not on the classpath yet");
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + provider.port("httpjson")
                        + "/io.httpjson.demo.api.GreetingService/sayHello"))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("[\"world\"]"))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).contains("\"data\":\"Hello, world!\"").contains("\"code\":0");
    }
}
