package io.httpjson.protocol.it;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.cert.X509Certificate;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

import io.httpjson.protocol.api.TestService;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import org.apache.dubbo.config.SslConfig;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A provider's certificate files rewritten while it runs (cert-manager, Vault): new connections get the new
 * certificate, as from Dubbo's own servers, which ask the {@code CertManager} on every connection; one that cannot
 * be used leaves the old one served. The files are copies under target/, from src/test/resources/tls.
 */
class CertRotationTest {

    static Path dir(String name) throws Exception {
        return Files.createDirectories(Path.of("target", "tls-rotation", name + "-" + System.nanoTime()));
    }

    static void copy(String resource, Path to) throws Exception {
        try (InputStream in = CertRotationTest.class.getClassLoader().getResourceAsStream(resource)) {
            Files.copy(in, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The files as dubbo.ssl server settings, without a trust collection (callers need no certificate). */
    static SslConfig ssl(Path pem, Path key) {
        SslConfig ssl = new SslConfig();
        ssl.setServerKeyCertChainPath(pem.toAbsolutePath().toString());
        ssl.setServerPrivateKeyPath(key.toAbsolutePath().toString());
        return ssl;
    }

    /** The subject of the certificate a new TLS connection to port is served (trusting any). */
    static String servedSubject(int port) throws Exception {
        SSLContext any = ((JdkSslContext) SslContextBuilder.forClient()
                        .sslProvider(SslProvider.JDK)
                        .trustManager(InsecureTrustManagerFactory.INSTANCE)
                        .build())
                .context();
        try (SSLSocket s = (SSLSocket) any.getSocketFactory().createSocket("127.0.0.1", port)) {
            s.setSoTimeout(5000);
            s.startHandshake();
            return ((X509Certificate) s.getSession().getPeerCertificates()[0])
                    .getSubjectX500Principal()
                    .getName();
        }
    }

    @Test
    void aRotatedCertificateIsServedToNewConnections() throws Exception {
        Path dir = dir("rotated");
        Path pem = dir.resolve("s.pem");
        Path key = dir.resolve("s.key");
        copy("tls/server.pem", pem);
        copy("tls/server.key", key);
        TlsTest.testService()
                .providerSsl(ssl(pem, key))
                .consumerSsl(TlsTest.consumerSsl("client"))
                .build()
                .run(server -> {
                    assertThat(servedSubject(server.port())).isEqualTo("CN=127.0.0.1");
                    TestService svc = server.reference(TestService.class);
                    assertThat(svc.hello("before")).isEqualTo("Hello, before");

                    copy("tls/elsewhere.pem", pem);
                    copy("tls/elsewhere.key", key);
                    await().atMost(Duration.ofSeconds(10))
                            .pollInterval(Duration.ofMillis(100))
                            .until(() -> servedSubject(server.port()).equals("CN=provider.example"));
                    // a connection opened before the rotation goes on with the certificate it was given
                    assertThat(svc.hello("after")).isEqualTo("Hello, after");
                });
    }

    @Test
    void aNewCertificateThatCannotBeUsedLeavesTheOldOneServedUntilItIsWhole() throws Exception {
        Path dir = dir("half");
        Path pem = dir.resolve("s.pem");
        Path key = dir.resolve("s.key");
        copy("tls/server.pem", pem);
        copy("tls/server.key", key);
        TlsTest.testService().providerSsl(ssl(pem, key)).build().run(server -> {
            assertThat(servedSubject(server.port())).isEqualTo("CN=127.0.0.1");
            // the certificate rewritten, its key not yet: the pair cannot be used
            copy("tls/elsewhere.pem", pem);
            // long enough for new connections to make the server look at the files at least once
            await().during(Duration.ofMillis(2500))
                    .atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> servedSubject(server.port()).equals("CN=127.0.0.1"));
            copy("tls/elsewhere.key", key);
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> servedSubject(server.port()).equals("CN=provider.example"));
        });
    }
}
