package io.httpjson.protocol.it;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.Callers;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A real nginx in front of two httpjson providers, configured as docs/gateways.md says: an upstream with both and
 * keep-alive connections to them, HTTP/1.1 upstream. Plain HTTP callers and the Java consumer (on a direct URL to
 * nginx, pipelining its calls) go through it. Skipped when nginx is not installed.
 */
class NginxTest {

    static final String SVC = "/" + TestService.class.getName() + "/";

    @RegisterExtension
    static DubboServer a = provider("a");

    @RegisterExtension
    static DubboServer b = provider("b");

    /** One Dubbo thread and a queue: a call waits there while another runs (its own nginx upstream). */
    static final CountDownLatch SLOW_RUNNING = new CountDownLatch(1);

    @RegisterExtension
    static DubboServer queued = DubboServer.builder()
            .param("httpjson.dispatch", "pool")
            .param("threads", "1")
            .param("queues", "10")
            .service(TestService.class, new TestServiceImpl() {
                @Override
                public String slow(int millis) {
                    SLOW_RUNNING.countDown();
                    return super.slow(millis);
                }
            })
            .build();

    static Path dir;
    static NginxRunner nginx;
    static int port;
    static int closingPort;
    static int queuedPort;

    private static DubboServer provider(String name) {
        return DubboServer.builder()
                .param("payload", String.valueOf(64 * 1024))
                .param("httpjson.gzip-threshold", "1024")
                .param("httpjson.header-attachments", "X-Forwarded-For:forwarded-for")
                .service(TestService.class, new TestServiceImpl() {
                    @Override
                    public String hello(String who) {
                        return "Hello, " + who + " from " + name;
                    }
                })
                .build();
    }

    /** The nginx binary: on the PATH, or where Debian puts it (not on a non-root user's PATH). */
    static String nginxBinary() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "nginx"))) {
                return Path.of(d, "nginx").toString();
            }
        }
        return Files.isExecutable(Path.of("/usr/sbin/nginx")) ? "/usr/sbin/nginx" : null;
    }

    static final String NOT_INSTALLED = "nginx not found: run scripts/install-test-tools.sh (apt-get install nginx)";

    @BeforeAll
    static void startNginx() throws Exception {
        String binary = nginxBinary();
        if (binary == null) {
            return; // every test is skipped, with NOT_INSTALLED as the reason
        }
        dir = Path.of("target", "nginx-test").toAbsolutePath();
        Files.createDirectories(dir.resolve("temp"));
        Files.deleteIfExists(dir.resolve("access.log"));
        port = DubboServer.freePort();
        closingPort = DubboServer.freePort();
        queuedPort = DubboServer.freePort();
        String conf =
                config(dir, port, closingPort, List.of(a.port(), b.port()), queuedConfig(queuedPort, queued.port()));
        nginx = NginxRunner.launch(dir, conf, port);
    }

    /** The process settings: nginx in the foreground as one process, its pid and error log under {@code dir}. */
    static String process(Path dir, String errorLevel) {
        return String.join(
                "\n",
                "daemon off;",
                "master_process off;",
                "pid " + dir.resolve("nginx.pid") + ";",
                "error_log " + dir.resolve("error.log") + " " + errorLevel + ";",
                "events { worker_connections 1024; }");
    }

    /** Inside {@code http}: an access log of the calls in {@code logFormat}, every temporary file under {@code dir}. */
    static String inHttp(Path dir, String logFormat) {
        return String.join(
                "\n",
                "    log_format calls '" + logFormat + "';",
                "    access_log " + dir.resolve("access.log") + " calls;",
                "    client_body_temp_path " + dir.resolve("temp/body") + ";",
                "    proxy_temp_path " + dir.resolve("temp/proxy") + ";",
                "    fastcgi_temp_path " + dir.resolve("temp/fastcgi") + ";",
                "    uwsgi_temp_path " + dir.resolve("temp/uwsgi") + ";",
                "    scgi_temp_path " + dir.resolve("temp/scgi") + ";");
    }

    /**
     * The configuration docs/gateways.md shows, with the paths of this test: the process settings keep nginx in the
     * foreground as one process that writes only under {@code dir}.
     */
    static String config(Path dir, int listen, int closing, List<Integer> providers, String more) {
        StringBuilder servers = new StringBuilder();
        for (int p : providers) {
            servers.append("        server 127.0.0.1:").append(p).append(" max_fails=0;\n");
        }
        return String.join(
                "\n",
                process(dir, "warn"),
                "http {",
                inHttp(dir, "$request_uri $status $upstream_addr $pipe $request_time $connection $connection_requests"),
                "",
                "    upstream httpjson {",
                servers + "        keepalive 32;",
                "        keepalive_timeout 50s;",
                "        keepalive_requests 10000;",
                "    }",
                "    server {",
                "        listen 127.0.0.1:" + listen + ";",
                "        keepalive_timeout 55s 55;",
                "        keepalive_requests 1000000;",
                "        keepalive_time 24h;",
                "        client_max_body_size 8m;",
                "        large_client_header_buffers 4 16k;",
                "        location / {",
                "            proxy_pass http://httpjson;",
                "            proxy_http_version 1.1;",
                "            proxy_set_header Connection \"\";",
                "            proxy_set_header Host $http_host;",
                "            proxy_set_header X-Forwarded-For $remote_addr;",
                "            proxy_buffer_size 16k;",
                "            proxy_busy_buffers_size 16k;",
                "            proxy_connect_timeout 2s;",
                "            proxy_read_timeout 3s;",
                "            proxy_send_timeout 10s;",
                "        }",
                "    }",
                "    # the same, but closing every client connection after 100 requests",
                "    server {",
                "        listen 127.0.0.1:" + closing + ";",
                "        keepalive_requests 100;",
                "        location / {",
                "            proxy_pass http://httpjson;",
                "            proxy_http_version 1.1;",
                "            proxy_set_header Connection \"\";",
                "        }",
                "    }",
                more + "}",
                "");
    }

    /** An upstream of the one provider with a queue, and a server for it, inside the http block. */
    static String queuedConfig(int listen, int provider) {
        return String.join(
                "\n",
                "    upstream queued {",
                "        server 127.0.0.1:" + provider + " max_fails=0;",
                "        keepalive 4;",
                "    }",
                "    server {",
                "        listen 127.0.0.1:" + listen + ";",
                "        location / {",
                "            proxy_pass http://queued;",
                "            proxy_http_version 1.1;",
                "            proxy_set_header Connection \"\";",
                "        }",
                "    }",
                "");
    }

    @BeforeEach
    void nginxIsInstalled() {
        Assumptions.assumeTrue(nginx != null, NOT_INSTALLED);
    }

    @AfterAll
    static void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    static String base() {
        return "http://127.0.0.1:" + port;
    }

    static TestService consumer() {
        return a.reference(TestService.class, r -> r.setUrl("httpjson://127.0.0.1:" + port));
    }

    static List<String> accessLog() throws IOException {
        return Files.readAllLines(dir.resolve("access.log"));
    }

    @Test
    void httpCallsPassWithTheirAttachmentsBothWays() {
        HttpResponse<String> r = Http.post(
                base() + SVC + "echoAttachment",
                "[\"k\"]",
                "Dubbo-Attachments",
                "k=v%20%E2%9C%93",
                "traceparent",
                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"v ✓\"");
        // nginx's own keep-alive time, not the provider's: the Java consumer retires idle connections by it
        assertThat(r.headers().firstValue("Keep-Alive")).hasValue("timeout=55");
        assertThat(r.headers().firstValue("Server-Timing")).isPresent();
        assertThat(r.headers().firstValue("Dubbo-Attachments"))
                .hasValueSatisfying(h -> assertThat(h).contains("reply-k=seen%3Av%20%E2%9C%93"));
        assertThat(Http.post(
                                base() + SVC + "echoAttachment",
                                "[\"traceparent\"]",
                                "traceparent",
                                "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
                        .body())
                .isEqualTo("\"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\"");
        // the header nginx adds reaches the service when the provider lists it in httpjson.header-attachments
        assertThat(Http.post(base() + SVC + "echoAttachment", "[\"forwarded-for\"]")
                        .body())
                .isEqualTo("\"127.0.0.1\"");
        // and the caller's timeout too: the provider reads it (and refuses one that is not a number)
        HttpCallersTest.assertError(
                Http.post(base() + SVC + "hello", "[\"x\"]", "Dubbo-Timeout", "soon"),
                400,
                "BAD_REQUEST",
                "Dubbo-Timeout");
    }

    @Test
    void errorStatusesAndBodiesPassUnchanged() {
        HttpCallersTest.assertError(
                Http.post(base() + SVC + "nope", "[]"), 404, "METHOD_NOT_FOUND", "hello(java.lang.String name)");
        HttpCallersTest.assertError(Http.post(base() + SVC + "hello", "[\"a\""), 400, "BAD_REQUEST", "hello");
        HttpCallersTest.assertError(
                Http.post(base() + SVC + "fail", "[\"no such user\", 404]"), 500, "BUSINESS_EXCEPTION", "no such user");
        HttpCallersTest.assertError(
                Http.post(base() + SVC + "hello", "\"" + "x".repeat(70 * 1024) + "\""),
                413,
                "PAYLOAD_TOO_LARGE",
                "65536");
        HttpResponse<String> get = Http.send(
                HttpRequest.newBuilder(URI.create(base() + SVC + "hello")).GET().build());
        HttpCallersTest.assertError(get, 405, "METHOD_NOT_ALLOWED", "POST");
        assertThat(get.headers().firstValue("Allow")).hasValue("POST");
        assertThat(Http.post(base() + SVC + "hello", "[\"still here\"]").body()).startsWith("\"Hello, still here");
    }

    /** A call longer than proxy_read_timeout is answered by nginx (504), not by the provider. */
    @Test
    void aCallLongerThanTheProxyReadTimeoutIsAGatewayTimeout() {
        long start = System.nanoTime();
        HttpResponse<String> r = Http.post(base() + SVC + "slow", "[6000]", "Dubbo-Timeout", "6000");
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(r.statusCode()).isEqualTo(504);
        assertThat(r.body()).contains("nginx");
        assertThat(millis).isBetween(2500L, 5900L);
    }

    /** With a Dubbo timeout below proxy_read_timeout the Java consumer's own timeout is the one that fires. */
    @Test
    void theConsumersTimeoutFiresFirstWhenItIsTheShorter() {
        TestService slow = a.reference(TestService.class, r -> {
            r.setUrl("httpjson://127.0.0.1:" + port);
            r.setTimeout(500);
        });
        long start = System.nanoTime();
        assertThatThrownBy(() -> slow.slow(2000))
                .isInstanceOfSatisfying(
                        RpcException.class,
                        e -> assertThat(e.isTimeout()).as(e.toString()).isTrue());
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(1900L);
        assertThat(slow.hello("after")).startsWith("Hello, after from ");
    }

    /**
     * A call that waited in the provider's queue longer than its Dubbo-Timeout is not run: the provider's 504 and
     * JSON body come back through nginx (whose own proxy_read_timeout is longer).
     */
    @Test
    void aCallThatWaitedPastItsDubboTimeoutIsNotRunAndSaysSoThroughNginx() throws Exception {
        String base = "http://127.0.0.1:" + queuedPort;
        CompletableFuture<HttpResponse<String>> slow =
                CompletableFuture.supplyAsync(() -> Http.post(base + SVC + "slow", "[1500]"));
        assertThat(SLOW_RUNNING.await(10, TimeUnit.SECONDS)).isTrue();
        HttpResponse<String> late = Http.post(base + SVC + "hello", "[\"late\"]", "Dubbo-Timeout", "300");
        HttpCallersTest.assertError(late, 504, "DEADLINE_EXCEEDED", "300 ms");
        assertThat(slow.get(10, TimeUnit.SECONDS).body()).isEqualTo("\"slept 1500\"");
        assertThat(Http.post(base + SVC + "hello", "[\"on time\"]", "Dubbo-Timeout", "300")
                        .body())
                .isEqualTo("\"Hello, on time\"");
    }

    @Test
    void gzipBothWays() throws Exception {
        String big = "y".repeat(4000);
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(zipped)) {
            gz.write(("[\"" + big + "\"]").getBytes(StandardCharsets.UTF_8));
        }
        HttpResponse<byte[]> r = Http.sendForBytes(HttpRequest.newBuilder(URI.create(base() + SVC + "nullable"))
                .header("Content-Type", "application/json")
                .header("Content-Encoding", "gzip")
                .header("Accept-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(zipped.toByteArray()))
                .build());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Encoding")).hasValue("gzip");
        String body = new String(
                new GZIPInputStream(new ByteArrayInputStream(r.body())).readAllBytes(), StandardCharsets.UTF_8);
        assertThat(body).isEqualTo("\"" + big + "\"");
    }

    @Test
    void theJavaConsumerCallsThroughNginxAndReachesBothProviders() {
        TestService s = consumer();
        RpcContext.getClientAttachment().setAttachment("k", "from java");
        assertThat(s.echoAttachment("k")).isEqualTo("from java");
        Set<String> seen = ConcurrentHashMap.newKeySet();
        for (int i = 0; i < 20; i++) {
            String answer = s.hello("java " + i);
            assertThat(answer).startsWith("Hello, java " + i + " from ");
            seen.add(answer.substring(answer.lastIndexOf(' ') + 1));
        }
        assertThat(seen).containsExactlyInAnyOrder("a", "b");
        assertThatThrownBy(() -> s.fail("boom", 7)).hasMessageContaining("boom");
    }

    /**
     * Many callers at once: the consumer pipelines short calls on a few connections, nginx answers a connection's
     * requests one after the other, and every caller gets its own answers; both providers serve.
     */
    @Test
    void concurrentPipelinedCallsAndABoundedLoadRunWithoutErrors() throws Exception {
        TestService s = consumer();
        // the first answer tells the consumer the method is short: pipelining from here on. The run calls a method
        // no other test calls, so its lines in nginx's log are its own.
        assertThat(s.concat("warm", "up")).isEqualTo("warmup");
        int callers = 16;
        int calls = 500;
        AtomicInteger ok = new AtomicInteger();
        Callers.concurrently(callers, c -> {
            for (int i = 0; i < calls; i++) {
                assertThat(s.concat(c + "-", String.valueOf(i))).isEqualTo(c + "-" + i);
                ok.incrementAndGet();
            }
        });
        assertThat(ok.get()).isEqualTo(callers * calls);
        await().atMost(Duration.ofSeconds(10)).until(() -> concatLines().size() > callers * calls);
        List<String> lines = concatLines();
        assertThat(lines).hasSize(callers * calls + 1).allSatisfy(l -> assertThat(l)
                .contains(" 200 "));
        // nginx logs "p" for a request that arrived behind another on the same connection
        assertThat(lines.stream().filter(l -> l.contains(" p ")).count())
                .as("pipelined requests")
                .isPositive();
        assertThat(lines)
                .anySatisfy(l -> assertThat(l).contains(" 127.0.0.1:" + a.port() + " "))
                .anySatisfy(l -> assertThat(l).contains(" 127.0.0.1:" + b.port() + " "));
    }

    /**
     * nginx closes a client connection after keepalive_requests (here 100). With pipelining off the consumer never
     * has a request behind the one nginx answers last, so no call is lost (docs/gateways.md, "Connections closed by
     * nginx").
     */
    @Test
    void withPipeliningOffNoCallIsLostWhenNginxClosesConnections() throws Exception {
        TestService s = a.reference(TestService.class, r -> {
            r.setUrl("httpjson://127.0.0.1:" + closingPort);
            r.setParameters(Map.of("httpjson.pipelining", "1"));
        });
        int callers = 8;
        int calls = 250;
        Callers.concurrently(callers, c -> {
            for (int i = 0; i < calls; i++) {
                assertThat(s.doubled(new int[] {c, i})).containsExactly(2 * c, 2 * i);
            }
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> linesOf("/doubled ").size() >= callers * calls);
        List<String> lines = linesOf("/doubled ");
        assertThat(lines)
                .hasSize(callers * calls)
                .allSatisfy(l -> assertThat(l).contains(" 200 ").doesNotContain(" p "));
        // the last field is the request's number on its connection: nginx closed connections at 100
        assertThat(lines).anySatisfy(l -> assertThat(l).endsWith(" 100"));
    }

    /**
     * The same closes with pipelining on: the requests the consumer had pipelined behind the one nginx answers with
     * {@code Connection: close} are not processed by nginx (RFC 9112, section 9.6), so the consumer sends them again
     * on another connection. Every call gets its answer and each reaches a provider exactly once.
     */
    @Test
    void withPipeliningTheRequestsBehindAnAnnouncedCloseGoOutAgain() throws Exception {
        TestService s = a.reference(TestService.class, r -> r.setUrl("httpjson://127.0.0.1:" + closingPort));
        // the first answer tells the consumer the method is short: pipelining from here on
        assertThat(s.big(-1L)).isEqualTo(0L);
        int callers = 16;
        int calls = 250;
        Callers.concurrently(callers, c -> {
            for (int i = 0; i < calls; i++) {
                long v = c * 1_000_000L + i;
                assertThat(s.big(v)).isEqualTo(v + 1);
            }
        });
        await().atMost(Duration.ofSeconds(10)).until(() -> linesOf("/big ").size() >= callers * calls + 1);
        List<String> lines = linesOf("/big ");
        assertThat(lines).hasSize(callers * calls + 1).allSatisfy(l -> assertThat(l)
                .contains(" 200 "));
        assertThat(lines.stream().filter(l -> l.contains(" p ")).count())
                .as("pipelined requests")
                .isPositive();
        assertThat(lines).as("connections nginx closed").anySatisfy(l -> assertThat(l)
                .endsWith(" 100"));
    }

    private static List<String> linesOf(String path) throws IOException {
        return accessLog().stream().filter(l -> l.contains(path)).toList();
    }

    private static List<String> concatLines() throws IOException {
        return accessLog().stream().filter(l -> l.contains("/concat ")).toList();
    }
}
