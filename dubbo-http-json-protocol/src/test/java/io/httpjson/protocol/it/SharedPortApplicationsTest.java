package io.httpjson.protocol.it;

import java.nio.file.Path;
import java.time.Duration;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.SslConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
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
        ApplicationConfig app = new ApplicationConfig(name);
        app.setQosEnable(false);
        app.setShutwait("1000");
        ProtocolConfig pc = new ProtocolConfig("httpjson", port);
        pc.setHost("127.0.0.1");
        DubboBootstrap b = DubboBootstrap.newInstance(model)
                .application(app)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(pc);
        if (ssl != null) {
            b.ssl(ssl);
        }
        ServiceConfig<TestService> s = new ServiceConfig<>();
        s.setInterface(TestService.class);
        s.setRef(new TestServiceImpl());
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
}
