package io.httpjson.compat;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * httpjson in an application that brings Dubbo either as its modules or as the all-in-one jar (the system property
 * {@code dubbo.packaging}, set by the module's build, says which): exactly one copy of Dubbo's classes on the class
 * path, from the expected jars, and a provider and a consumer that call each other over httpjson, on loopback.
 */
class DubboPackagingTest {

    public interface Greeter {
        String greet(String name);
    }

    static final class GreeterImpl implements Greeter {
        @Override
        public String greet(String name) {
            return "Hello, " + name;
        }
    }

    private static FrameworkModel framework;
    private static DubboBootstrap provider;
    private static DubboBootstrap consumer;
    private static int port;

    @BeforeAll
    static void start() throws IOException {
        framework = new FrameworkModel();
        try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        ProtocolConfig protocol = new ProtocolConfig("httpjson", port);
        protocol.setHost("127.0.0.1");
        ServiceConfig<Greeter> service = new ServiceConfig<>();
        service.setInterface(Greeter.class);
        service.setRef(new GreeterImpl());
        provider = DubboBootstrap.newInstance(framework)
                .application(application("httpjson-compat-provider"))
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(protocol)
                .service(service);
        provider.start();
        consumer = DubboBootstrap.newInstance(framework)
                .application(application("httpjson-compat-consumer"))
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
        consumer.start();
    }

    private static ApplicationConfig application(String name) {
        ApplicationConfig app = new ApplicationConfig(name);
        app.setQosEnable(false);
        return app;
    }

    @AfterAll
    static void stop() {
        if (consumer != null) {
            consumer.destroy();
        }
        if (provider != null) {
            provider.destroy();
        }
        if (framework != null) {
            framework.destroy();
        }
    }

    @Test
    void oneCopyOfDubboFromTheExpectedJars() throws IOException {
        String packaging = System.getProperty("dubbo.packaging");
        assertThat(packaging).as("dubbo.packaging (set by the build)").isIn("modules", "all-in-one");

        for (String cls : List.of(
                "org/apache/dubbo/common/URL.class",
                "org/apache/dubbo/rpc/Protocol.class",
                "org/apache/dubbo/config/bootstrap/DubboBootstrap.class")) {
            List<URL> copies = Collections.list(getClass().getClassLoader().getResources(cls));
            assertThat(copies).as(cls).hasSize(1);
        }

        List<String> dubboJars = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .map(p -> new File(p).getName())
                .filter(n -> n.startsWith("dubbo-") && n.endsWith(".jar"))
                .filter(n -> !n.startsWith("dubbo-http-json-") && !n.startsWith("dubbo-json-codec-"))
                .filter(n -> !n.startsWith("dubbo-gson-") && !n.startsWith("dubbo-fastjson-"))
                .toList();
        if (packaging.equals("modules")) {
            assertThat(dubboJars).anyMatch(n -> n.startsWith("dubbo-common-"));
            assertThat(dubboJars).anyMatch(n -> n.startsWith("dubbo-rpc-api-"));
            assertThat(dubboJars).noneMatch(n -> n.matches("dubbo-\\d.*\\.jar"));
        } else {
            assertThat(dubboJars).singleElement().matches(n -> n.matches("dubbo-\\d.*\\.jar"), "the all-in-one jar");
        }
    }

    @Test
    void javaConsumerCallsProviderOverHttpjson() {
        ReferenceConfig<Greeter> ref =
                new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
        ref.setInterface(Greeter.class);
        ref.setUrl("httpjson://127.0.0.1:" + port);
        ref.setTimeout(5000);
        ref.setRetries(0);
        Greeter greeter = ref.get();

        assertThat(greeter.greet("modules")).isEqualTo("Hello, modules");
        assertThat(greeter.greet("jar")).isEqualTo("Hello, jar");
    }

    @Test
    void plainHttpClientCallsProvider() throws Exception {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/" + Greeter.class.getName() + "/greet"))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString("[\"curl\"]"))
                .build();

        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("\"Hello, curl\"");
    }
}
