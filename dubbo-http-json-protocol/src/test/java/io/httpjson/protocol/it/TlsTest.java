package io.httpjson.protocol.it;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;

import com.google.gson.Gson;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.Callers;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import io.httpjson.protocol.testing.PolicyCertProvider;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import org.apache.dubbo.config.SslConfig;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * TLS from Dubbo's certificate settings ({@code dubbo.ssl}, or a {@code CertProvider} extension), over real
 * sockets: the Java consumer, an HTTPS client as any other language would use, and callers that get it wrong.
 * The certificates are in src/test/resources/tls (made by generate.sh there).
 */
class TlsTest {

    private static final String HELLO = "/io.httpjson.protocol.api.TestService/hello";

    static SslConfig providerSsl(String key, String password) {
        SslConfig ssl = new SslConfig();
        ssl.setServerKeyCertChainPath("classpath:tls/server.pem");
        ssl.setServerPrivateKeyPath("classpath:tls/" + key);
        ssl.setServerKeyPassword(password);
        ssl.setServerTrustCertCollectionPath("classpath:tls/ca.pem");
        return ssl;
    }

    static SslConfig consumerSsl(String name) {
        SslConfig ssl = new SslConfig();
        ssl.setClientKeyCertChainPath("classpath:tls/" + name + ".pem");
        ssl.setClientPrivateKeyPath("classpath:tls/" + name + ".key");
        ssl.setClientTrustCertCollectionPath("classpath:tls/ca.pem");
        return ssl;
    }

    /** A TLS client context that trusts the test CA and, if {@code clientCert} is set, presents that certificate. */
    static SSLContext clientContext(String clientCert) throws Exception {
        SslContextBuilder b =
                SslContextBuilder.forClient().sslProvider(SslProvider.JDK).trustManager(resource("tls/ca.pem"));
        if (clientCert != null) {
            b.keyManager(resource("tls/" + clientCert + ".pem"), resource("tls/" + clientCert + ".key"));
        }
        return ((JdkSslContext) b.build()).context();
    }

    /** An HTTPS client that trusts the test CA and, if {@code clientCert} is set, presents that certificate. */
    static HttpClient https(String clientCert) throws Exception {
        SSLContext context = clientContext(clientCert);
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .sslContext(context)
                .connectTimeout(Duration.ofSeconds(5))
                .build();
    }

    private static java.io.InputStream resource(String name) {
        return TlsTest.class.getClassLoader().getResourceAsStream(name);
    }

    static HttpResponse<String> post(HttpClient client, String url, String json) throws Exception {
        return client.send(
                HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(10))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    static DubboServer.Builder testService() {
        return DubboServer.builder().service(TestService.class, new TestServiceImpl());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String body) {
        return new Gson().fromJson(body, Map.class);
    }

    @Test
    void mutualTlsCarriesJavaCallsAndHttpsCallsAndTurnsPlainTextAway() throws Exception {
        testService()
                .providerSsl(providerSsl("server.key", null))
                .consumerSsl(consumerSsl("client"))
                .build()
                .run(server -> {
                    assertThat(server.httpJsonServer().isTls()).isTrue();
                    TestService svc = server.reference(TestService.class);
                    assertThat(svc.hello("tls")).isEqualTo("Hello, tls");
                    RpcContext.getClientAttachment().setAttachment("trace", "t-1");
                    assertThat(svc.echoAttachment("trace")).isEqualTo("t-1");
                    assertThat(svc.users(java.util.List.of(1L, 2L))).hasSize(2);

                    HttpResponse<String> ok = post(https("client"), server.baseUrl() + HELLO, "[\"curl\"]");
                    assertThat(ok.statusCode()).isEqualTo(200);
                    assertThat(ok.body()).isEqualTo("\"Hello, curl\"");

                    HttpResponse<String> plain = Http.post("http://127.0.0.1:" + server.port() + HELLO, "[\"plain\"]");
                    assertThat(plain.statusCode()).as(plain.body()).isEqualTo(400);
                    Map<String, Object> error = json(plain.body());
                    assertThat(error.get("code")).isEqualTo("TLS_REQUIRED");
                    assertThat((String) error.get("message")).contains("https://127.0.0.1:" + server.port() + HELLO);
                    assertThat(plain.headers().firstValue("Connection")).hasValue("close");

                    // the refusals cost nothing: TLS calls go on
                    assertThat(svc.hello("again")).isEqualTo("Hello, again");
                });
    }

    @Test
    void concurrentPipelinedAndGzippedCallsKeepTheirOwnAnswersOverTls() throws Exception {
        testService()
                .providerSsl(providerSsl("server.key", null))
                .consumerSsl(consumerSsl("client"))
                .build()
                .run(server -> {
                    // a generous budget so that short calls share connections (HTTP/1.1 pipelining inside TLS)
                    TestService svc = server.reference(
                            TestService.class,
                            r -> r.setParameters(Map.of("httpjson.pipelining-budget-micros", "2000000")));
                    byte[] big = new byte[200_000];
                    new java.util.Random(7).nextBytes(big);
                    Callers.concurrently(16, caller -> {
                        for (int i = 0; i < 100; i++) {
                            String name = caller + "-" + i;
                            assertThat(svc.hello(name)).isEqualTo("Hello, " + name);
                        }
                        // above the gzip threshold both ways
                        assertThat(svc.echoBytes(big)).isEqualTo(big);
                    });
                    assertThat(server.httpJsonServer().gzippedRequests()).isEqualTo(16);
                });
    }

    @Test
    void callersWithoutATrustedCertificateAreRefusedWhenTheProviderRequiresOne() throws Exception {
        testService()
                .providerSsl(providerSsl("server.key", null))
                .consumerSsl(consumerSsl("other-client"))
                .build()
                .run(server -> {
                    assertThatThrownBy(() -> post(https(null), server.baseUrl() + HELLO, "[\"anonymous\"]"))
                            .isInstanceOf(java.io.IOException.class);
                    assertThatThrownBy(() -> post(https("other-client"), server.baseUrl() + HELLO, "[\"stranger\"]"))
                            .isInstanceOf(java.io.IOException.class);
                    TestService stranger = server.reference(TestService.class);
                    assertThatThrownBy(() -> stranger.hello("stranger"))
                            .isInstanceOf(RpcException.class)
                            .hasMessageContaining("TLS with 127.0.0.1:" + server.port() + " failed");
                    // and the provider keeps serving callers it trusts
                    HttpResponse<String> ok = post(https("client"), server.baseUrl() + HELLO, "[\"friend\"]");
                    assertThat(ok.body()).isEqualTo("\"Hello, friend\"");
                });
    }

    @Test
    void aConsumerWithoutTlsSettingsIsToldWhatToConfigure() throws Exception {
        testService().providerSsl(providerSsl("server.key", null)).build().run(server -> {
            TestService plain = server.reference(TestService.class);
            assertThatThrownBy(() -> plain.hello("x"))
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("HTTPS only")
                    .hasMessageContaining("dubbo.ssl");
        });
    }

    @Test
    void aTlsConsumerCallingAPlainProviderIsToldWhyItFailed() throws Exception {
        testService().consumerSsl(consumerSsl("client")).build().run(server -> {
            assertThat(server.httpJsonServer().isTls()).isFalse();
            TestService svc = server.reference(TestService.class);
            assertThatThrownBy(() -> svc.hello("x"))
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("TLS with 127.0.0.1:" + server.port() + " failed")
                    .hasMessageContaining("the provider answered in plain text")
                    .hasMessageContaining("#tls-failed");
            assertThat(Http.post(server.baseUrl() + HELLO, "[\"plain\"]").body())
                    .isEqualTo("\"Hello, plain\"");
        });
    }

    @Test
    void theProvidersCertificateMustNameTheAddressCalledUnlessTheConsumerSaysOtherwise() throws Exception {
        SslConfig ssl = providerSsl("elsewhere.key", null);
        ssl.setServerKeyCertChainPath("classpath:tls/elsewhere.pem");
        testService()
                .providerSsl(ssl)
                .consumerSsl(consumerSsl("client"))
                .build()
                .run(server -> {
                    TestService checked = server.reference(TestService.class);
                    assertThatThrownBy(() -> checked.hello("x"))
                            .isInstanceOf(RpcException.class)
                            .hasMessageContaining("TLS with 127.0.0.1:" + server.port() + " failed")
                            // what is wrong, and the two ways out
                            .hasMessageContaining("does not name 127.0.0.1")
                            .hasMessageContaining("subject alternative name (IP:127.0.0.1)")
                            .hasMessageContaining("httpjson.tls-verify-hostname=false")
                            .hasMessageNotContaining("check that the provider serves TLS");
                    TestService unchecked = server.reference(
                            TestService.class, r -> r.setParameters(Map.of("httpjson.tls-verify-hostname", "false")));
                    assertThat(unchecked.hello("y")).isEqualTo("Hello, y");
                });
    }

    @Test
    void anEncryptedKeyIsReadWithItsPassword() throws Exception {
        testService()
                .providerSsl(providerSsl("server-encrypted.key", "changeit"))
                .consumerSsl(consumerSsl("client"))
                .build()
                .run(server -> {
                    assertThat(server.reference(TestService.class).hello("sealed"))
                            .isEqualTo("Hello, sealed");
                });
    }

    @Test
    void aCertificateThatCannotBeReadStopsTheExportInsteadOfServingPlainText() throws Exception {
        SslConfig ssl = providerSsl("server.key", null);
        ssl.setServerKeyCertChainPath("/nonexistent/httpjson/server.pem");
        DubboServer server = DubboServer.builder()
                .service(TestService.class, new TestServiceImpl())
                .providerSsl(ssl)
                .build();
        try {
            assertThatThrownBy(server::start)
                    .hasStackTraceContaining("dubbo.ssl.server-key-cert-chain-path: /nonexistent/httpjson/server.pem")
                    .hasStackTraceContaining("does not fall back to plain text");
        } finally {
            server.stop();
        }
    }

    @Test
    void aConsumerKeyThatCannotBeReadStopsTheReferenceInsteadOfCallingInPlainText() throws Exception {
        SslConfig ssl = consumerSsl("client");
        ssl.setClientPrivateKeyPath("/nonexistent/httpjson/client.key");
        testService().consumerSsl(ssl).build().run(server -> {
            assertThatThrownBy(() -> server.reference(TestService.class).hello("x"))
                    .hasStackTraceContaining("httpjson: cannot refer")
                    .hasStackTraceContaining("dubbo.ssl.client-private-key-path: /nonexistent/httpjson/client.key");
        });
    }

    /** A client certificate without its key (or the reverse) is a mistake, not a consumer without a certificate. */
    @Test
    void aConsumerCertificateWithoutItsKeyStopsTheReference() throws Exception {
        SslConfig noKey = consumerSsl("client");
        noKey.setClientPrivateKeyPath(null);
        SslConfig noChain = consumerSsl("client");
        noChain.setClientKeyCertChainPath(null);
        testService().consumerSsl(noKey).build().run(server -> {
            assertThatThrownBy(() -> server.reference(TestService.class).hello("x"))
                    .hasStackTraceContaining("httpjson: cannot refer")
                    .hasStackTraceContaining("dubbo.ssl.client-private-key-path: not set");
        });
        testService().consumerSsl(noChain).build().run(server -> {
            assertThatThrownBy(() -> server.reference(TestService.class).hello("x"))
                    .hasStackTraceContaining("httpjson: cannot refer")
                    .hasStackTraceContaining("dubbo.ssl.client-key-cert-chain-path: not set");
        });
    }

    @Test
    void policyNoneServesTlsAndPlainTextOnOnePortThroughACertProviderExtension() throws Exception {
        testService().param(PolicyCertProvider.KEY, "NONE").build().run(server -> {
            assertThat(server.httpJsonServer().isTls()).isTrue();
            String https = "https://127.0.0.1:" + server.port() + HELLO;
            assertThat(post(https(null), https, "[\"secure\"]").body()).isEqualTo("\"Hello, secure\"");
            assertThat(Http.post("http://127.0.0.1:" + server.port() + HELLO, "[\"plain\"]")
                            .body())
                    .isEqualTo("\"Hello, plain\"");
            assertThat(server.reference(TestService.class).hello("java")).isEqualTo("Hello, java");
        });
    }

    /**
     * The head deadline starts with the first HTTP byte, which over TLS comes after the handshake: the handshake has
     * a deadline of its own, so a ClientHello trickled a byte at a time, each within the idle timeout, is cut.
     */
    @Test
    void aHandshakeTrickledByteByByteIsCutAtTheHeaderTimeout() throws Exception {
        SSLEngine engine = clientContext(null).createSSLEngine("127.0.0.1", 1);
        engine.setUseClientMode(true);
        engine.beginHandshake();
        ByteBuffer hello = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        engine.wrap(ByteBuffer.allocate(0), hello);
        hello.flip();
        testService()
                .providerSsl(providerSsl("server.key", null))
                .param("httpjson.header-timeout", "1000")
                .param("httpjson.idle-timeout", "2000")
                .build()
                .run(server -> {
                    try (Socket s = new Socket("127.0.0.1", server.port())) {
                        s.setSoTimeout(400);
                        boolean closed = false;
                        // 20 bytes, one each 400 ms at most: 8 s, far beyond both timeouts
                        for (int i = 0; i < 20 && !closed && hello.hasRemaining(); i++) {
                            try {
                                s.getOutputStream().write(hello.get());
                                s.getOutputStream().flush();
                                closed = s.getInputStream().read() < 0;
                            } catch (SocketTimeoutException stillOpen) {
                                // within the deadline: the next byte
                            } catch (IOException reset) {
                                closed = true;
                            }
                        }
                        assertThat(closed)
                                .as("closed at the handshake deadline")
                                .isTrue();
                    }
                });
    }

    /** The handshake deadline ends with the handshake: a connection kept alive past it is served. */
    @Test
    void aConnectionPastItsHandshakeIsNotCutByTheDeadline() throws Exception {
        testService()
                .providerSsl(providerSsl("server.key", null))
                .param("httpjson.header-timeout", "300")
                .build()
                .run(server -> {
                    try (SSLSocket s = (SSLSocket)
                            clientContext("client").getSocketFactory().createSocket("127.0.0.1", server.port())) {
                        s.startHandshake();
                        s.setSoTimeout(1200);
                        // four deadlines long, the connection stays open (a read that times out, not one that ends)
                        assertThatThrownBy(() -> s.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
                        s.setSoTimeout(10_000);
                        s.getOutputStream()
                                .write(("POST " + HELLO + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                + "Content-Type: application/json\r\nContent-Length: 8\r\n\r\n[\"late\"]")
                                        .getBytes(StandardCharsets.US_ASCII));
                        s.getOutputStream().flush();
                        String answer = new String(s.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
                        assertThat(answer).isEqualTo("HTTP/1.1 200");
                    }
                });
    }

    /** A key that is not the certificate's would fail every caller's handshake: the export fails instead. */
    @Test
    void aProviderKeyThatIsNotTheCertificatesStopsTheExport() throws Exception {
        DubboServer server =
                testService().providerSsl(providerSsl("elsewhere.key", null)).build();
        try {
            assertThatThrownBy(server::start)
                    .hasStackTraceContaining("dubbo.ssl.server-private-key-path: not the key of the first certificate"
                            + " in dubbo.ssl.server-key-cert-chain-path, CN=127.0.0.1");
        } finally {
            server.stop();
        }
    }

    @Test
    void aConsumerKeyThatIsNotTheCertificatesStopsTheReference() throws Exception {
        SslConfig ssl = consumerSsl("client");
        ssl.setClientPrivateKeyPath("classpath:tls/other-client.key");
        testService().consumerSsl(ssl).build().run(server -> {
            assertThatThrownBy(() -> server.reference(TestService.class).hello("x"))
                    .hasStackTraceContaining("httpjson: cannot refer")
                    .hasStackTraceContaining("dubbo.ssl.client-private-key-path: not the key of the first certificate");
        });
    }

    /** A chain file that lists the issuer first: the key is found, and the message says to reorder. */
    @Test
    void aChainThatListsTheIssuerFirstIsToldToListTheProviderFirst() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "tls-test"));
        Path chain = dir.resolve("issuer-first.pem");
        try (InputStream ca = resource("tls/ca.pem");
                InputStream own = resource("tls/server.pem")) {
            Files.write(
                    chain,
                    (new String(ca.readAllBytes(), StandardCharsets.US_ASCII)
                                    + new String(own.readAllBytes(), StandardCharsets.US_ASCII))
                            .getBytes(StandardCharsets.US_ASCII));
        }
        SslConfig ssl = providerSsl("server.key", null);
        ssl.setServerKeyCertChainPath(chain.toAbsolutePath().toString());
        DubboServer server = testService().providerSsl(ssl).build();
        try {
            assertThatThrownBy(server::start)
                    .hasStackTraceContaining("dubbo.ssl.server-key-cert-chain-path: its first certificate is"
                            + " CN=httpjson test CA, but the key in dubbo.ssl.server-private-key-path is that of"
                            + " certificate 2, CN=127.0.0.1");
        } finally {
            server.stop();
        }
    }

    private static void assertExportFails(SslConfig ssl, String... messages) {
        DubboServer server = testService().providerSsl(ssl).build();
        try {
            var failure = assertThatThrownBy(server::start);
            for (String m : messages) {
                failure.hasStackTraceContaining(m);
            }
        } finally {
            server.stop();
        }
    }

    /** Key formats the PEM reader would refuse with "algid parse error": what they are and how to convert them. */
    @Test
    void aPkcs1OrSec1KeyIsToldHowToConvertIt() {
        assertExportFails(
                providerSsl("server-pkcs1.key", null),
                "dubbo.ssl.server-private-key-path: a PKCS#1 key, BEGIN RSA PRIVATE KEY (expected: a PEM PKCS#8 key",
                "openssl pkcs8 -topk8 -nocrypt");
        assertExportFails(
                providerSsl("server-pkcs1-encrypted.key", "changeit"),
                "dubbo.ssl.server-private-key-path: an encrypted PKCS#1 key, BEGIN RSA PRIVATE KEY",
                "openssl pkcs8 -topk8 -v2 aes-256-cbc");
        assertExportFails(
                providerSsl("ec-sec1.key", null),
                "dubbo.ssl.server-private-key-path: a SEC1 key, BEGIN EC PRIVATE KEY",
                "openssl pkcs8 -topk8 -nocrypt");
    }

    /** A password that does not go with the key ("overrun", "not expected 48" before): which setting is wrong. */
    @Test
    void aPasswordThatDoesNotGoWithTheKeyIsNamed() throws Exception {
        assertExportFails(
                providerSsl("server-encrypted.key", null),
                "dubbo.ssl.server-private-key-path: an encrypted key (BEGIN ENCRYPTED PRIVATE KEY), but"
                        + " dubbo.ssl.server-key-password is not set");
        assertExportFails(
                providerSsl("server.key", "changeit"),
                "dubbo.ssl.server-key-password: set, but the key in dubbo.ssl.server-private-key-path is not"
                        + " encrypted");
    }

    /** An empty password (from {@code ${KEY_PASSWORD:}}, say) is no password, as for Netty. */
    @Test
    void anEmptyPasswordIsNoPassword() throws Exception {
        testService()
                .providerSsl(providerSsl("server.key", ""))
                .consumerSsl(consumerSsl("client"))
                .build()
                .run(server -> assertThat(server.reference(TestService.class).hello("empty"))
                        .isEqualTo("Hello, empty"));
    }

    /**
     * A key that reads is used whatever its PEM label says: Dubbo's own certificate authority writes PKCS#8 keys
     * as BEGIN RSA PRIVATE KEY (they were refused as PKCS#1 before anything read them).
     */
    @Test
    void aKeyThatReadsIsUsedWhateverItsLabel() throws Exception {
        testService()
                .providerSsl(providerSsl("server-pkcs8-rsa-label.key", null))
                .consumerSsl(consumerSsl("client"))
                .build()
                .run(server -> assertThat(server.reference(TestService.class).hello("label"))
                        .isEqualTo("Hello, label"));
    }
}
