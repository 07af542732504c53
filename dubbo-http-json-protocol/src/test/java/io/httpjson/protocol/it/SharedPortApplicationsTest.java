package io.httpjson.protocol.it;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.HttpJsonProtocol;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.server.HttpJsonServer;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.SslConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.httpjson.protocol.it.CertRotationTest.copy;
import static io.httpjson.protocol.it.CertRotationTest.dir;
import static io.httpjson.protocol.it.CertRotationTest.servedSubject;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * Two applications of one Dubbo framework ({@code DubboBootstrap.newInstance(framework)}) that export httpjson on
 * the same port, and so share its server, as they share a dubbo protocol port.
 */
class SharedPortApplicationsTest {

    private final FrameworkModel framework = new FrameworkModel();
    private final int port = DubboServer.freePort();

    @AfterEach
    void stop() {
        framework.destroy();
    }

    /** An application exporting TestService (in {@code version}) on the shared port, with {@code ssl} if not null. */
    private DubboBootstrap app(String name, String version, SslConfig ssl) {
        return bootstrap(framework, name, version, ssl).start();
    }

    /** The same, in {@code model}, not started. */
    private DubboBootstrap bootstrap(FrameworkModel model, String name, String version, SslConfig ssl) {
        return bootstrap(model, name, version, ssl, new TestServiceImpl(), Map.of());
    }

    /** The same, with this implementation and these protocol parameters. */
    private DubboBootstrap bootstrap(
            FrameworkModel model,
            String name,
            String version,
            SslConfig ssl,
            TestService impl,
            Map<String, String> params) {
        ApplicationConfig app = new ApplicationConfig(name);
        app.setQosEnable(false);
        app.setShutwait("1000");
        ProtocolConfig pc = new ProtocolConfig("httpjson", port);
        pc.setHost("127.0.0.1");
        pc.setParameters(new HashMap<>(params));
        DubboBootstrap b = DubboBootstrap.newInstance(model)
                .application(app)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(pc);
        if (ssl != null) {
            b.ssl(ssl);
        }
        ServiceConfig<TestService> s = new ServiceConfig<>();
        s.setInterface(TestService.class);
        s.setRef(impl);
        s.setVersion(version);
        b.service(s);
        return b;
    }

    /** The server certificate files of one application, copies under target/ that a test may rewrite. */
    private static SslConfig files(String name) throws Exception {
        Path d = dir(name);
        Path pem = d.resolve("s.pem");
        Path key = d.resolve("s.key");
        copy("tls/server.pem", pem);
        copy("tls/server.key", key);
        return CertRotationTest.ssl(pem, key);
    }

    /**
     * The application that opened the port stops, another goes on serving on it: the port takes that one's rotated
     * certificate, as it took the first's, instead of asking the stopped application for it (and failing) for ever.
     */
    @Test
    void theCertificateOfTheApplicationsLeftIsServedOnceTheFirstHasStopped() throws Exception {
        DubboBootstrap first = app("first", "1", files("first"));
        SslConfig second = files("second");
        app("second", "2", second);
        assertThat(servedSubject(port)).isEqualTo("CN=127.0.0.1");

        first.destroy();
        copy("tls/elsewhere.pem", Path.of(second.getServerKeyCertChainPath()));
        copy("tls/elsewhere.key", Path.of(second.getServerPrivateKeyPath()));
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> servedSubject(port).equals("CN=provider.example"));
    }

    /**
     * An application that serves TLS (and asks callers for their certificates) cannot put its services on a port that
     * another opened in plain HTTP, nor the other way round, nor with other client certificate settings: its services
     * would be served with the other's, to callers it meant to turn away. The export fails and says so.
     */
    @Test
    void anApplicationWhoseTlsDiffersFromThePortsIsRefused() throws Exception {
        app("plain", "1", null);
        assertThat(catchThrowable(() -> app("tls", "2", TlsTest.providerSsl("server.key", null))))
                .hasStackTraceContaining("httpjson: cannot export io.httpjson.protocol.api.TestService:2 on 127.0.0.1:"
                        + port + ": dubbo.ssl: a server certificate and a trust collection (TLS) (expected: no server"
                        + " certificate (plain HTTP), as the port serves the services already exported on it;");
        framework.destroy();

        FrameworkModel another = new FrameworkModel();
        try {
            DubboBootstrap tls = bootstrap(another, "tls", "1", TlsTest.providerSsl("server.key", null))
                    .start();
            assertThat(catchThrowable(
                            () -> bootstrap(another, "plain", "2", null).start()))
                    .hasStackTraceContaining("dubbo.ssl: no server certificate (plain HTTP) (expected: a server"
                            + " certificate and a trust collection (TLS),");
            assertThat(catchThrowable(() -> bootstrap(another, "untrusting", "3", files("untrusting"))
                            .start()))
                    .hasStackTraceContaining("dubbo.ssl: no trust collection (expected: the port's trust collection,");
            // alike: served
            bootstrap(another, "alike", "4", TlsTest.providerSsl("server.key", null))
                    .start();
            assertThat(servedSubject(port)).isEqualTo("CN=127.0.0.1");
            tls.destroy();
        } finally {
            another.destroy();
        }
    }

    /**
     * The last service on a port left, and the port closes once its calls in flight have ended: a service exported on
     * it meanwhile is served by that server, made with the settings of the services that left. One that trusts other
     * headers, hosts or origins is refused, as while they were there: otherwise a header anyone may send, which only
     * the application gone trusted, would reach its methods as an attachment, and its own would not.
     */
    @Test
    void whileThePortClosesAServiceThatTrustsOtherHeadersIsRefused() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        TestService held = new TestServiceImpl() {
            @Override
            public String slow(int millis) {
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return "released";
            }
        };
        DubboBootstrap first =
                bootstrap(framework, "first", "1", null, held, Map.of("httpjson.header-attachments", "x-user"));
        first.getApplication().setShutwait("10000");
        first.start();
        HttpJsonServer server = (HttpJsonServer)
                ((HttpJsonProtocol) framework.getExtensionLoader(Protocol.class).getExtension("httpjson", false))
                        .servers()
                        .values()
                        .iterator()
                        .next();
        String base = "http://127.0.0.1:" + port + "/io.httpjson.protocol.api.TestService/";
        CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() ->
                Http.post(base + "slow", "[1]", "Dubbo-Service-Version", "1").body());
        await().atMost(Duration.ofSeconds(10)).until(() -> server.inFlight() == 1);
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(first::destroy);
        await().atMost(Duration.ofSeconds(10)).until(server::isClosing);
        try {
            assertThat(catchThrowable(() -> bootstrap(
                                    framework,
                                    "second",
                                    "2",
                                    null,
                                    new TestServiceImpl(),
                                    Map.of("httpjson.header-attachments", "x-caller"))
                            .start()))
                    .hasStackTraceContaining("httpjson: cannot export io.httpjson.protocol.api.TestService:2 on"
                            + " 127.0.0.1:" + port + ": httpjson.header-attachments: x-caller (expected: x-user,");
        } finally {
            release.countDown();
        }
        assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("\"released\"");
        stopping.get(10, TimeUnit.SECONDS);
    }
}
