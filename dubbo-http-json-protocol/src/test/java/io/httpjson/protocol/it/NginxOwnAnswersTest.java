package io.httpjson.protocol.it;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Answers nginx makes itself (502, 504, 400), which carry no {@code Dubbo-Request-Id}, as a Java consumer calling
 * through the documented configuration receives them; and nginx's rule of never sending a POST that reached one
 * provider to another. One upstream server is a "provider" that reads each request and hangs up without answering.
 */
class NginxOwnAnswersTest {

    static final String SVC = "/" + TestService.class.getName() + "/";

    static final TestServiceImpl IMPL = new TestServiceImpl();

    @RegisterExtension
    static DubboServer real =
            DubboServer.builder().service(TestService.class, IMPL).build();

    static ServerSocket hangUp;
    static final AtomicInteger HUNG_UP = new AtomicInteger();
    static NginxRunner nginx;
    static int port;
    static int mixedPort;

    @BeforeAll
    static void start() throws Exception {
        if (NginxTest.nginxBinary() == null) {
            return;
        }
        hangUp = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(NginxOwnAnswersTest::hangUpOnEveryRequest, "hang-up-provider");
        t.setDaemon(true);
        t.start();
        port = DubboServer.freePort();
        mixedPort = DubboServer.freePort();
        // the documented configuration with both example providers the real one, and a second server block whose
        // upstream is the documented one's settings with the hanging-up "provider" first
        String block = NginxRunner.documentedHttpBlock(port, real.port(), real.port());
        String mixed = String.join(
                "\n",
                "    upstream mixed {",
                "        server 127.0.0.1:" + hangUp.getLocalPort() + " max_fails=0;",
                "        server 127.0.0.1:" + real.port() + " max_fails=0;",
                "        keepalive 32;",
                "    }",
                "    server {",
                "        listen 127.0.0.1:" + mixedPort + ";",
                "        location / {",
                "            proxy_pass http://mixed;",
                "            proxy_http_version 1.1;",
                "            proxy_set_header Connection \"\";",
                "        }",
                "    }",
                "}");
        block = block.substring(0, block.lastIndexOf('}')) + mixed;
        nginx = NginxRunner.start("nginx-own-answers", block, port);
    }

    /** Reads one request head and its body, then closes the connection without answering. */
    private static void hangUpOnEveryRequest() {
        while (!hangUp.isClosed()) {
            try (Socket s = hangUp.accept()) {
                InputStream in = s.getInputStream();
                StringBuilder head = new StringBuilder();
                while (!head.toString().endsWith("\r\n\r\n")) {
                    int c = in.read();
                    if (c < 0) {
                        break;
                    }
                    head.append((char) c);
                }
                String h = head.toString().toLowerCase(Locale.ROOT);
                int cl = h.indexOf("content-length:");
                if (cl >= 0) {
                    int n = Integer.parseInt(
                            h.substring(cl + 15, h.indexOf("\r\n", cl)).trim());
                    in.readNBytes(n);
                    HUNG_UP.incrementAndGet();
                }
            } catch (IOException | RuntimeException e) {
                // closed at the end of the test, or a connection nginx dropped
            }
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
        if (hangUp != null) {
            hangUp.close();
        }
    }

    @BeforeEach
    void nginxIsInstalled() {
        Assumptions.assumeTrue(nginx != null, NginxTest.NOT_INSTALLED);
    }

    /**
     * A call longer than {@code proxy_read_timeout} (3 s) with a Dubbo timeout above it: nginx answers 504 itself.
     * The consumer's error says so, with nginx's page, not that the server "is not an httpjson provider".
     */
    @Test
    void nginxsGatewayTimeoutReachesTheConsumerAsWhatItIs() {
        TestService s = real.reference(TestService.class, r -> {
            r.setUrl("httpjson://127.0.0.1:" + port);
            r.setTimeout(10_000);
        });
        assertThatThrownBy(() -> s.slow(4000)).isInstanceOfSatisfying(RpcException.class, e -> assertThat(messages(e))
                .contains("HTTP 504")
                .contains("504 Gateway Time-out")
                .doesNotContain("is this an httpjson provider"));
        assertThat(s.hello("after")).isEqualTo("Hello, after");
    }

    /**
     * A POST that reached a provider which then hung up is not sent to the other provider by nginx (no
     * {@code non_idempotent} in {@code proxy_next_upstream}): every call ran once, or failed with nginx's 502, never
     * both; and the consumer's error names nginx's 502.
     */
    @Test
    void aPostThatReachedAProviderIsNotSentToAnotherOne() {
        TestService s = real.reference(TestService.class, r -> r.setUrl("httpjson://127.0.0.1:" + mixedPort));
        int before = IMPL.calls.get();
        int hungBefore = HUNG_UP.get();
        List<String> failures = new ArrayList<>();
        int calls = 10;
        for (int i = 0; i < calls; i++) {
            try {
                assertThat(s.hello("n" + i)).isEqualTo("Hello, n" + i);
            } catch (RpcException e) {
                failures.add(messages(e));
            }
        }
        int ran = IMPL.calls.get() - before;
        int hung = HUNG_UP.get() - hungBefore;
        assertThat(hung).as("requests the hanging-up provider read").isPositive();
        assertThat(ran + hung).as("each call reached one provider, once").isEqualTo(calls);
        assertThat(failures)
                .hasSize(hung)
                .allSatisfy(m -> assertThat(m).contains("HTTP 502").doesNotContain("is this an httpjson provider"));
    }

    static String messages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            sb.append(t.getMessage()).append('\n');
        }
        return sb.toString();
    }
}
