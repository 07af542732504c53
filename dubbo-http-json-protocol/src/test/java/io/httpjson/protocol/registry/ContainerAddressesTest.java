package io.httpjson.protocol.registry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.FaultProxy;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.config.DubboShutdownHook;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.httpjson.protocol.testing.RegistryApps.app;
import static io.httpjson.protocol.testing.RegistryApps.registry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A provider deployed as in a container behind a port mapping: Dubbo's DUBBO_PORT_TO_BIND / DUBBO_PORT_TO_REGISTRY
 * (read from system properties as from the environment) make it bind one port and register another, and a
 * {@link FaultProxy} stands for the mapping from the registered port to the bound one.
 */
class ContainerAddressesTest {

    private final FrameworkModel providerModel = new FrameworkModel();
    private final FrameworkModel consumerModel = new FrameworkModel();
    private final Map<String, String> saved = new HashMap<>();

    private void setProperty(String key, String value) {
        saved.putIfAbsent(key, System.getProperty(key));
        System.setProperty(key, value);
    }

    @AfterEach
    void restore() {
        saved.forEach((k, v) -> {
            if (v == null) {
                System.clearProperty(k);
            } else {
                System.setProperty(k, v);
            }
        });
        consumerModel.destroy();
        providerModel.destroy();
        MemoryRegistry.reset();
    }

    private DubboBootstrap provider(int port, Map<String, String> params) {
        ProtocolConfig pc = new ProtocolConfig("httpjson", port);
        pc.setHost("127.0.0.1");
        pc.setParameters(new HashMap<>(params));
        DubboBootstrap p = DubboBootstrap.newInstance(providerModel)
                .application(app("container-provider"))
                .registry(registry())
                .protocol(pc);
        ServiceConfig<TestService> s =
                new ServiceConfig<>(p.getApplicationModel().getDefaultModule());
        s.setInterface(TestService.class);
        s.setRef(new TestServiceImpl());
        p.service(s);
        return p.start();
    }

    private TestService consumer() {
        DubboBootstrap c = DubboBootstrap.newInstance(consumerModel)
                .application(app("container-consumer"))
                .registry(registry())
                .start();
        ReferenceConfig<TestService> ref =
                new ReferenceConfig<>(c.getApplicationModel().getDefaultModule());
        ref.setInterface(TestService.class);
        ref.setProtocol("httpjson");
        ref.setCheck(false);
        ref.setRetries(0);
        ref.setTimeout(5000);
        ref.setParameters(new HashMap<>(Map.of("migration.step", "FORCE_INTERFACE")));
        return ref.get();
    }

    private static List<URL> registered() {
        return List.copyOf(new MemoryRegistry(URL.valueOf("memreg://127.0.0.1:9"))
                .lookup(URL.valueOf("consumer://127.0.0.1/" + TestService.class.getName() + "?interface="
                        + TestService.class.getName() + "&category=providers")));
    }

    /** The status line and body of one request written as is to 127.0.0.1:port. */
    static String exchange(int port, String request) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            return all.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void aPortMappedProviderIsCalledThroughItsRegisteredPort() throws Exception {
        int bound = DubboServer.freePort();
        try (FaultProxy mapping = new FaultProxy(bound).start()) {
            setProperty("HTTPJSON_DUBBO_PORT_TO_BIND", String.valueOf(bound));
            setProperty("HTTPJSON_DUBBO_PORT_TO_REGISTRY", String.valueOf(mapping.port()));
            provider(DubboServer.freePort(), Map.of("httpjson.allowed-hosts", "127.0.0.1:" + mapping.port()));
            assertThat(registered()).singleElement().satisfies(u -> {
                assertThat(u.getPort()).isEqualTo(mapping.port());
                assertThat(u.getParameter("bind.port")).isNull();
            });
            assertThat(consumer().hello("nat")).isEqualTo("Hello, nat");
            assertThat(mapping.accepted()).isPositive();
            String health = exchange(
                    mapping.port(),
                    "GET /health HTTP/1.1\r\nHost: 10.1.2.3:" + bound + "\r\nConnection: close\r\n\r\n");
            assertThat(health).startsWith("HTTP/1.1 200");
            // the bound port is not a name it is called by: allowed-hosts holds the registered one
            String bypass = exchange(
                    bound,
                    "POST /" + TestService.class.getName() + "/hello HTTP/1.1\r\nHost: 127.0.0.1:" + bound
                            + "\r\nContent-Type: application/json\r\nContent-Length: 5\r\n"
                            + "Connection: close\r\n\r\n[\"x\"]");
            assertThat(bypass).startsWith("HTTP/1.1 421");
        }
    }

    /**
     * SIGTERM runs Dubbo's shutdown hook: a platform's readiness probe (the health path) sees the provider go down
     * before it leaves the registry, and both before its port closes.
     */
    @Test
    void healthIsDownBeforeTheShutdownHookUnregisters() throws Exception {
        int port = DubboServer.freePort();
        DubboBootstrap p = provider(port, Map.of());
        List<String> atUnregister = new CopyOnWriteArrayList<>();
        MemoryRegistry.onUnregister = u -> {
            try {
                atUnregister.add(exchange(
                                port,
                                "GET /health HTTP/1.1\r\nHost: 10.1.2.3:" + port + "\r\nConnection: close\r\n\r\n")
                        .lines()
                        .findFirst()
                        .orElse(""));
            } catch (IOException e) {
                atUnregister.add(e.toString());
            }
        };
        try {
            new DubboShutdownHook(p.getApplicationModel()).run();
        } finally {
            MemoryRegistry.onUnregister = null;
            // the hook set when the JVM's stop must be over: later drains in this JVM must not be cut short by it
            ConfigurationUtils.setExpectedShutdownTime(Long.MAX_VALUE);
        }
        assertThat(atUnregister).isNotEmpty().allSatisfy(s -> assertThat(s).startsWith("HTTP/1.1 503"));
        assertThat(registered()).singleElement().satisfies(u -> assertThat(u.getProtocol())
                .isEqualTo("empty"));
    }
}
