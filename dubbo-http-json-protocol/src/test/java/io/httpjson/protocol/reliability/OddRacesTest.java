package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.httpjson.protocol.reliability.HostileProviderTest.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * The connection races of real networks, each against a raw loopback server that controls its socket: the server
 * closing as a request arrives, an answer before the request is fully written, a half-close, an HTTP/1.0 answer in
 * the middle of a pipeline. At most once: a request that may have reached the server is never sent again by the
 * transport; the caller gets a network error (the cluster's {@code retries} decide) and the pool recovers.
 */
class OddRacesTest {

    static final int TIMEOUT = 3000;

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    static OnceService reference(int port, int retries, String... params) {
        String url = "httpjson://127.0.0.1:" + port + "?httpjson.max-connections=1"
                + (params.length == 0 ? "" : "&" + String.join("&", params));
        return consumer.reference(OnceService.class, url, r -> {
            r.setTimeout(TIMEOUT);
            r.setRetries(retries);
        });
    }

    /** Reads a whole request; records its body; null at the end of the stream. */
    static RawServer.Head request(InputStream in, List<String> bodies) throws IOException {
        RawServer.Head h = RawServer.readHead(in);
        if (h != null) {
            bodies.add(new String(in.readNBytes(h.length()), StandardCharsets.UTF_8));
        }
        return h;
    }

    /** Answers every request on the socket with its own value. */
    static void echoAll(Socket s, List<String> bodies) throws IOException {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        RawServer.Head h;
        while ((h = request(in, bodies)) != null) {
            out.write(FakeProvider.response(200, h.id(), "\"" + value(bodies.get(bodies.size() - 1)) + "\""));
            out.flush();
        }
    }

    static long count(List<String> bodies, String v) {
        return bodies.stream().filter(b -> b.contains("\"" + v + "\"")).count();
    }

    /**
     * The server closes each connection as the second request arrives on it (the idle-close race, seen from the
     * consumer): the request may have been read, so with {@code retries=0} it fails as a network error and is not
     * sent again; with {@code retries=1} the cluster sends it again, once, on a new connection.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void aCloseAsTheRequestArrivesIsTheClustersToRetry(int retries) throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        try (RawServer server = new RawServer((s, n) -> {
            InputStream in = s.getInputStream();
            RawServer.Head h = request(in, bodies);
            s.getOutputStream()
                    .write(FakeProvider.response(200, h.id(), "\"" + value(bodies.get(bodies.size() - 1)) + "\""));
            request(in, bodies); // then closed with the second request read and not answered
        })) {
            OnceService s = reference(server.port(), retries);
            assertThat(s.echo("warm", 0)).isEqualTo("warm");
            if (retries == 0) {
                RpcException e = catchThrowableOfType(() -> s.echo("crossed", 0), RpcException.class);
                assertThat(e.isNetwork()).as("%s", e).isTrue();
                assertThat(e.getMessage()).contains("may have reached the provider");
                assertThat(s.echo("next", 0)).isEqualTo("next");
            } else {
                assertThat(s.echo("crossed", 0)).isEqualTo("crossed");
            }
            assertThat(count(bodies, "crossed"))
                    .as("sent once, plus the cluster's retries")
                    .isEqualTo(1 + retries);
            await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnectionsTo(server.port()) <= 1);
        }
    }

    /**
     * A proxy's early 413 (its body limit below the call's) while the consumer is still writing a large body, then
     * its close with the body unread (a reset): the call fails at once, not at its timeout, naming what it can; the
     * request is not sent again; the pool recovers.
     */
    @Test
    void anEarlyAnswerWhileTheBodyIsWrittenEndsTheCall() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        String page = "<html>413 Request Entity Too Large</html>";
        try (RawServer server = new RawServer((s, n) -> {
            if (n == 0) {
                RawServer.readHead(s.getInputStream());
                s.getOutputStream()
                        .write(("HTTP/1.1 413 Request Entity Too Large\r\nContent-Type: text/html\r\n"
                                        + "Connection: close\r\nContent-Length: " + page.length() + "\r\n\r\n" + page)
                                .getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
                return;
            }
            echoAll(s, bodies);
        })) {
            OnceService s = reference(server.port(), 0, "httpjson.gzip-threshold=-1");
            long start = System.nanoTime();
            RpcException e = catchThrowableOfType(() -> s.echo("x".repeat(4 << 20), 0), RpcException.class);
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(e.isNetwork()).as("%s", e).isTrue();
            // the proxy's page if it was read before the reset (on Linux it is), else the reset
            assertThat(e.getMessage()).containsAnyOf("HTTP 413", "closed before the response");
            assertThat(took)
                    .as("ended by the answer or the reset, not the timeout")
                    .isLessThan(TIMEOUT);
            assertThat(s.echo("next", 0)).isEqualTo("next");
            assertThat(server.accepted())
                    .as("the large request went out on one connection only")
                    .isEqualTo(2);
            await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnectionsTo(server.port()) <= 1);
        }
    }

    /**
     * A server's 408 on an idle pooled connection, then its close (as some servers do at their idle timeout): it
     * answers nobody, and the next call goes out on a new connection, sent once.
     */
    @Test
    void aTimeoutAnswerOnAnIdleConnectionCostsNoCall() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        try (RawServer server = new RawServer((s, n) -> {
            if (n == 0) {
                RawServer.Head h = request(s.getInputStream(), bodies);
                s.getOutputStream()
                        .write((new String(FakeProvider.response(200, h.id(), "\"a\""), StandardCharsets.ISO_8859_1)
                                        + "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
                                .getBytes(StandardCharsets.ISO_8859_1));
                s.getOutputStream().flush();
                while (s.getInputStream().read() != -1) {}
                return;
            }
            echoAll(s, bodies);
        })) {
            OnceService s = reference(server.port(), 0);
            assertThat(s.echo("a", 0)).isEqualTo("a");
            assertThat(s.echo("b", 0)).isEqualTo("b");
            assertThat(count(bodies, "b")).isEqualTo(1);
            await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnectionsTo(server.port()) <= 1);
        }
    }

    /** The server half-closes (FIN) after reading a request it will never answer: a network error at once. */
    @Test
    void aHalfCloseBeforeTheAnswerEndsTheCall() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        try (RawServer server = new RawServer((s, n) -> {
            if (n == 0) {
                request(s.getInputStream(), bodies);
                s.shutdownOutput();
                // still reading: the consumer is the one to close
                while (s.getInputStream().read() != -1) {}
                return;
            }
            echoAll(s, bodies);
        })) {
            OnceService s = reference(server.port(), 0);
            long start = System.nanoTime();
            RpcException e = catchThrowableOfType(() -> s.echo("half", 0), RpcException.class);
            assertThat(e.isNetwork()).as("%s", e).isTrue();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(TIMEOUT);
            assertThat(s.echo("next", 0)).isEqualTo("next");
            assertThat(count(bodies, "half")).isEqualTo(1);
            await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnectionsTo(server.port()) <= 1);
        }
    }

    /**
     * An HTTP/1.0 answer (no keep-alive, so the connection will close) with a second request pipelined behind it,
     * which this server reads and runs. Only an announced close ({@code Connection: close}, RFC 9112 9.6) proves
     * the request behind did not run; here it did, so it must not go out again.
     */
    @Test
    void aRequestBehindAnHttp10AnswerIsNotSentAgain() throws Exception {
        List<String> bodies = new CopyOnWriteArrayList<>();
        try (RawServer server = new RawServer((s, n) -> {
            if (n == 0) {
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream();
                RawServer.Head first = request(in, bodies);
                RawServer.Head second = request(in, bodies);
                String v = "\"" + value(bodies.get(0)) + "\"";
                out.write(("HTTP/1.0 200 OK\r\nDubbo-Request-Id: " + first.id() + "\r\nContent-Length: " + v.length()
                                + "\r\n\r\n" + v)
                        .getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                // B runs: its answer comes once the consumer has had A's (unless it hangs up first)
                s.setSoTimeout(500);
                try {
                    if (in.read() == -1) {
                        return;
                    }
                } catch (java.net.SocketTimeoutException runningB) {
                    out.write(FakeProvider.response(200, second.id(), "\"" + value(bodies.get(1)) + "\""));
                    out.flush();
                }
                return;
            }
            echoAll(s, bodies);
        })) {
            OnceService s = reference(server.port(), 0);
            CompletableFuture<String> a = CompletableFuture.supplyAsync(() -> s.echo("A", 0));
            await().atMost(Duration.ofSeconds(10)).until(() -> bodies.size() == 1);
            CompletableFuture<String> b = CompletableFuture.supplyAsync(() -> s.echo("B", 0));
            assertThat(a.get(10, TimeUnit.SECONDS)).isEqualTo("A");
            assertThat(b.get(10, TimeUnit.SECONDS))
                    .as("B's own answer, read where B was sent")
                    .isEqualTo("B");
            assertThat(s.echo("next", 0)).isEqualTo("next");
            assertThat(count(bodies, "B")).as("B ran once").isEqualTo(1);
        }
    }
}
