package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.SslConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A body delimited by the connection's close (no Content-Length, not chunked), over TLS: RFC 9112 8 and 9.8 take it
 * as complete only if the close was confirmed (TLS close_notify). A bare TCP close may be a truncation (a dying
 * gateway, an attacker): the consumer must not take the bytes so far for the value.
 */
class OddTlsCloseTest {

    public interface Numbers {
        long count();
    }

    private static InputStream resource(String name) {
        return OddTlsCloseTest.class.getClassLoader().getResourceAsStream(name);
    }

    /** Answers the call with a close-delimited {@code body}, then closes with or without close_notify. */
    private static void serve(Socket tcp, SSLContext tls, String body, boolean closeNotify) throws IOException {
        SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket(tcp, null, tcp.getPort(), false);
        s.setUseClientMode(false);
        InputStream in = s.getInputStream();
        RawServer.Head h = RawServer.readHead(in);
        in.readNBytes(h.length());
        OutputStream out = s.getOutputStream();
        out.write(
                ("HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + h.id() + "\r\nContent-Type: application/json\r\n\r\n" + body)
                        .getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        if (closeNotify) {
            s.close();
        }
        tcp.close();
    }

    @Test
    void aBodyCutByABareCloseIsNotAValue() throws Exception {
        SSLContext tls = ((JdkSslContext)
                        SslContextBuilder.forServer(resource("tls/server.pem"), resource("tls/server.key"))
                                .sslProvider(SslProvider.JDK)
                                .build())
                .context();
        FrameworkModel framework = new FrameworkModel();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread t = new Thread(
                    () -> {
                        try {
                            // the first answer is cut short by a bare TCP close: "12" of "12345"
                            serve(server.accept(), tls, "12", false);
                            serve(server.accept(), tls, "12345", true);
                        } catch (IOException e) {
                            // the test failed elsewhere
                        }
                    },
                    "tls-fake");
            t.setDaemon(true);
            t.start();
            ApplicationConfig app = new ApplicationConfig("httpjson-tls-close-consumer");
            app.setQosEnable(false);
            SslConfig ssl = new SslConfig();
            ssl.setClientKeyCertChainPath("classpath:tls/client.pem");
            ssl.setClientPrivateKeyPath("classpath:tls/client.key");
            ssl.setClientTrustCertCollectionPath("classpath:tls/ca.pem");
            DubboBootstrap consumer = DubboBootstrap.newInstance(framework)
                    .application(app)
                    .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                    .ssl(ssl);
            consumer.start();
            ReferenceConfig<Numbers> ref =
                    new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
            ref.setInterface(Numbers.class);
            ref.setUrl("httpjson://127.0.0.1:" + server.getLocalPort());
            ref.setTimeout(5000);
            ref.setRetries(0);
            Numbers n = ref.get();
            RpcException e = catchThrowableOfType(n::count, RpcException.class);
            assertThat(e).as("no value taken from a body cut short").isNotNull();
            assertThat(e.getMessage()).contains("close_notify");
            // a failure after the handshake: the request ran, or may have; no advice about certificates
            assertThat(e.getMessage())
                    .contains("may have reached the provider")
                    .doesNotContain("check that the provider serves TLS");
            assertThat(n.count())
                    .as("confirmed by close_notify, the same framing is whole")
                    .isEqualTo(12345L);
        } finally {
            framework.destroy();
        }
    }
}
