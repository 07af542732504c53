package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.protocol.HttpJsonProtocol;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.server.HttpJsonServer;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.GracefulShutdown;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.ProxyFactory;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ModuleModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Export, re-export, unexport and Dubbo's graceful shutdown on the provider, driven through the protocol as Dubbo's
 * {@code ServiceConfig} and {@code RegistryProtocol} drive it, against a real port.
 */
class ProviderLifecycleTest {

    /** Answers {@code tag:value}; {@code held} waits at the gate. */
    static final class Tagged implements OnceService {
        final String tag;
        final AtomicInteger running = new AtomicInteger();
        final CountDownLatch gate = new CountDownLatch(1);

        Tagged(String tag) {
            this.tag = tag;
        }

        @Override
        public String echo(String value, int workMillis) {
            return tag + ":" + value;
        }

        @Override
        public String held(String value) {
            running.incrementAndGet();
            try {
                return gate.await(30, TimeUnit.SECONDS) ? tag + ":" + value : "gate never opened";
            } catch (InterruptedException e) {
                return "interrupted";
            }
        }

        @Override
        public void fire(String value) {}
    }

    private FrameworkModel framework;
    private ModuleModel module;
    private HttpJsonProtocol protocol;
    private ProxyFactory proxies;

    @BeforeEach
    void start() {
        framework = new FrameworkModel();
        module = framework.newApplication().newModule();
        protocol = (HttpJsonProtocol)
                framework.getExtensionLoader(Protocol.class).getExtension(HttpJsonProtocol.NAME, false);
        proxies = framework.getExtensionLoader(ProxyFactory.class).getAdaptiveExtension();
    }

    @AfterEach
    void stop() {
        ConfigurationUtils.setExpectedShutdownTime(Long.MAX_VALUE);
        framework.destroy();
    }

    private Exporter<OnceService> export(OnceService impl, int port, String params) {
        URL url = URL.valueOf("httpjson://127.0.0.1:" + port + "/" + OnceService.class.getName() + "?interface="
                        + OnceService.class.getName() + "&side=provider" + params)
                .setScopeModel(module);
        return protocol.export(proxies.getInvoker(impl, OnceService.class, url));
    }

    private <T> Exporter<T> export(Class<T> type, T impl, int port, String params) {
        URL url = URL.valueOf("httpjson://127.0.0.1:" + port + "/" + type.getName() + "?interface=" + type.getName()
                        + "&side=provider" + params)
                .setScopeModel(module);
        return protocol.export(proxies.getInvoker(impl, type, url));
    }

    private Exporter<TestService> exportTestService(int port, String params) {
        return export(TestService.class, new TestServiceImpl(), port, params);
    }

    /** TestService's hello, answered on the port. */
    private static RawHttp.Response hello(int port, String name) throws Exception {
        return RawHttp.exchange(port, RawHttp.post("/" + TestService.class.getName() + "/hello", "[\"" + name + "\"]"));
    }

    private static RawHttp.Response echo(int port, String value) throws Exception {
        return RawHttp.exchange(
                port, RawHttp.post("/" + OnceService.class.getName() + "/echo", "[\"" + value + "\",0]"));
    }

    private static RawHttp.Response health(int port) throws Exception {
        return RawHttp.exchange(port, RawHttp.request("GET", "/health", "HTTP/1.1", new byte[0]));
    }

    private static CompletableFuture<RawHttp.Response> heldCall(int port) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return RawHttp.exchange(port, RawHttp.post("/" + OnceService.class.getName() + "/held", "[\"h\"]"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /**
     * A configuration override (timeout, token, weight... from a config center) makes Dubbo's {@code RegistryProtocol}
     * export the service again without unexporting the first export: the new one must answer, and unexporting it
     * must stop the service and free the port. The first export kept answering, for good.
     */
    @Test
    void aServiceExportedAgainIsAnsweredByTheNewExport() throws Exception {
        int port = DubboServer.freePort();
        Exporter<OnceService> first = export(new Tagged("old"), port, "&timeout=1000");
        assertThat(echo(port, "0").text()).isEqualTo("\"old:0\"");
        Exporter<OnceService> again = export(new Tagged("new"), port, "&timeout=2000");
        assertThat(echo(port, "1").text()).isEqualTo("\"new:1\"");
        again.unexport();
        assertThat(protocol.servers())
                .as("servers after the service's current export is unexported")
                .isEmpty();
        first.unexport(); // replaced already: nothing left to remove
        assertThat(protocol.servers()).isEmpty();
    }

    /**
     * An export on a port whose last service is being unexported, while that service's calls finish: the port stays
     * bound and takes the new service (it failed with "port already in use" while the old server drained).
     */
    @Test
    void aServiceExportedWhileThePortDrainsIsServed() throws Exception {
        int port = DubboServer.freePort();
        Tagged a = new Tagged("a");
        Exporter<OnceService> once = export(a, port, "&version=1");
        HttpJsonServer server =
                (HttpJsonServer) protocol.servers().values().iterator().next();
        CompletableFuture<RawHttp.Response> held = heldCall(port);
        await().atMost(Duration.ofSeconds(10)).until(() -> a.running.get() == 1);
        CompletableFuture<Void> unexported = CompletableFuture.runAsync(once::unexport);
        try {
            await().atMost(Duration.ofSeconds(10)).until(server::isClosing);
            export(new Tagged("b"), port, "&version=2");
            assertThat(RawHttp.exchange(
                                    port,
                                    RawHttp.post("/" + OnceService.class.getName() + "/echo?version=2", "[\"x\",0]"))
                            .text())
                    .isEqualTo("\"b:x\"");
        } finally {
            a.gate.countDown();
        }
        unexported.get(30, TimeUnit.SECONDS);
        assertThat(held.get(30, TimeUnit.SECONDS).text())
                .as("the call in flight")
                .isEqualTo("\"a:h\"");
        assertThat(protocol.servers()).as("the port still serves version 2").hasSize(1);
        assertThat(echo(port, "y").text()).isEqualTo("\"b:y\"");
    }

    /**
     * Dubbo's shutdown hook first tells each protocol to go read-only ({@link GracefulShutdown#readonly}), then waits
     * before it unexports: from that moment health answers 503 so that load balancers stop sending, while calls that
     * still come are served, on connections the provider closes after each answer, each marked read-only so that
     * consumers turn to other providers. {@code writeable} undoes it (in Dubbo 3.3 nothing calls it: qos
     * {@code online} only registers the services again).
     */
    @Test
    void readOnlyTurnsHealthDownAndKeepsServing() throws Exception {
        int port = DubboServer.freePort();
        export(new Tagged("a"), port, "");
        assertThat(health(port).status()).isEqualTo(200);
        assertThat(GracefulShutdown.getGracefulShutdowns(framework)).isNotEmpty();
        GracefulShutdown.getGracefulShutdowns(framework).forEach(GracefulShutdown::readonly);
        RawHttp.Response down = health(port);
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.text()).contains("DOWN");
        RawHttp.Response call = echo(port, "1");
        assertThat(call.status()).isEqualTo(200);
        assertThat(call.text()).isEqualTo("\"a:1\"");
        assertThat(call.header("connection")).isEqualTo("close");
        assertThat(call.header("dubbo-read-only")).isEqualTo("true");
        GracefulShutdown.getGracefulShutdowns(framework).forEach(GracefulShutdown::writeable);
        assertThat(health(port).status()).isEqualTo(200);
        RawHttp.Response again = echo(port, "2");
        assertThat(again.header("connection")).isNull();
        assertThat(again.header("dubbo-read-only")).isNull();
    }

    /**
     * Dubbo's shutdown hook sets when the whole stop must be over; a drain waits no longer than that, whatever the
     * shutdown wait the server was made with (10 s here).
     */
    @Test
    void theDrainEndsByTheShutdownHooksDeadline() throws Exception {
        int port = DubboServer.freePort();
        Tagged a = new Tagged("a");
        Exporter<OnceService> once = export(a, port, "");
        CompletableFuture<RawHttp.Response> held = heldCall(port);
        try {
            await().atMost(Duration.ofSeconds(10)).until(() -> a.running.get() == 1);
            ConfigurationUtils.setExpectedShutdownTime(System.currentTimeMillis() + 500);
            CompletableFuture<Void> unexported = CompletableFuture.runAsync(once::unexport);
            await("unexported by the deadline, with the call still held")
                    .atMost(Duration.ofSeconds(5))
                    .until(unexported::isDone);
            assertThat(protocol.servers()).isEmpty();
        } finally {
            a.gate.countDown();
        }
        held.handle((r, e) -> null).get(30, TimeUnit.SECONDS);
    }

    /** Once the protocol is destroyed, an export or reference is refused: nothing would ever close its port. */
    @Test
    void aDestroyedProtocolRefusesExportsAndReferences() {
        int port = DubboServer.freePort();
        protocol.destroy();
        assertThatThrownBy(() -> export(new Tagged("late"), port, ""))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("destroyed");
        URL url = URL.valueOf("httpjson://127.0.0.1:" + port + "/" + OnceService.class.getName() + "?interface="
                        + OnceService.class.getName())
                .setScopeModel(module);
        assertThatThrownBy(() -> protocol.refer(OnceService.class, url))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("destroyed");
        assertThat(protocol.servers()).isEmpty();
    }

    /**
     * Settings of the port (here which headers become attachments) are the first service's: a second service on the
     * port that sets them otherwise is refused, naming the setting, instead of being served by the first one's (a
     * header one service trusts would have become an attachment of every service on the port).
     */
    @Test
    void aServiceThatSetsThePortOtherwiseIsRefused() throws Exception {
        int port = DubboServer.freePort();
        export(new Tagged("a"), port, "&httpjson.header-attachments=x-a");
        assertThatThrownBy(() -> exportTestService(port, "&httpjson.header-attachments=x-b"))
                .isInstanceOf(org.apache.dubbo.rpc.RpcException.class)
                .hasMessageContaining("httpjson.header-attachments: x-b (expected: x-a");
        assertThatThrownBy(() -> exportTestService(port, ""))
                .hasMessageContaining("httpjson.header-attachments: (not set) (expected: x-a");
        // alike, or a setting of the service's own (its serialization), is served
        exportTestService(port, "&httpjson.header-attachments=x-a&serialization=gson-text");
        RawHttp.Response hello = hello(port, "b");
        assertThat(hello.status()).as(hello.text()).isEqualTo(200);
    }

    /**
     * Other settings of the port set otherwise by a later service are said, not refused: the port's serve it, as
     * before (Dubbo builds a service's URL from its provider config, and nested provider configs sharing a port may
     * differ in threads or payload).
     */
    @Test
    void anotherSettingOfThePortSetOtherwiseIsServedWithThePorts() throws Exception {
        int port = DubboServer.freePort();
        export(new Tagged("a"), port, "&threads=300");
        exportTestService(port, "");
        RawHttp.Response hello = hello(port, "c");
        assertThat(hello.status()).as(hello.text()).isEqualTo(200);
    }

    /**
     * Dubbo's own services (the MetadataService, with metadata-service-protocol=httpjson) set nothing: exported first,
     * the first application service after them sets what later ones are held to, whatever the order.
     */
    @Test
    void dubbosOwnServiceExportedFirstSetsNothing() throws Exception {
        int port = DubboServer.freePort();
        export(org.apache.dubbo.rpc.service.EchoService.class, message -> message, port, "");
        export(new Tagged("a"), port, "&threads=300&httpjson.header-attachments=x-a");
        assertThat(echo(port, "1").text()).isEqualTo("\"a:1\"");
        assertThatThrownBy(() -> exportTestService(port, "&threads=300&httpjson.header-attachments=x-b"))
                .hasMessageContaining("httpjson.header-attachments: x-b (expected: x-a");
    }

    /**
     * A service exported while the port's last service is leaving, before the drain has begun, is served: the drain
     * turned new calls away again after the export had taken them back, and the new service answered 503 for good.
     */
    @Test
    void aServiceExportedAsTheLastOneLeavesIsServed() throws Exception {
        int port = DubboServer.freePort();
        Exporter<OnceService> a = export(new Tagged("a"), port, "&version=1");
        HttpJsonServer server =
                (HttpJsonServer) protocol.servers().values().iterator().next();
        // the unexporting thread reads the shutdown wait from the server's attributes once the lock is released and
        // before the drain: it is held there while the other service is exported
        CountDownLatch reached = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        java.lang.reflect.Field attributes = HttpJsonServer.class.getDeclaredField("attributes");
        attributes.setAccessible(true);
        attributes.set(server, new java.util.concurrent.ConcurrentHashMap<String, Object>() {
            @Override
            public Object getOrDefault(Object key, Object defaultValue) {
                if ("unexporting".equals(Thread.currentThread().getName())) {
                    reached.countDown();
                    try {
                        proceed.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return super.getOrDefault(key, defaultValue);
            }
        });
        Thread unexport = new Thread(a::unexport, "unexporting");
        unexport.start();
        assertThat(reached.await(10, TimeUnit.SECONDS)).isTrue();
        export(new Tagged("b"), port, "&version=2");
        proceed.countDown();
        unexport.join(30_000);
        RawHttp.Response b = RawHttp.exchange(
                port, RawHttp.post("/" + OnceService.class.getName() + "/echo?version=2", "[\"x\",0]"));
        assertThat(b.status()).as(b.text()).isEqualTo(200);
        assertThat(server.isClosing()).isFalse();
    }
}
