package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Stream;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a request must pass before its body is read (browser origin, Host, Content-Type, framing, Dubbo's token),
 * against real providers of both JSON engines over raw sockets: each refusal has its status and a JSON error body
 * that names the problem, and the provider answers the next valid call.
 */
class AdmissionTest {

    static final String SVC = "/io.httpjson.protocol.api.TestService/";
    static final String TOKEN = "s3cret";
    /** Announced but never sent: an answer that comes anyway was given without reading (or decoding) the body. */
    static final long UNSENT = 4L * 1024 * 1024;

    /** Counts the calls of {@code hello("smuggled")}: a request hidden in another's body must never run. */
    static final class Counting extends TestServiceImpl {
        volatile int smuggled;

        @Override
        public String hello(String name) {
            if ("smuggled".equals(name)) {
                smuggled++;
            }
            return super.hello(name);
        }
    }

    static final Counting FASTJSON_IMPL = new Counting();
    static final Counting GSON_IMPL = new Counting();

    @RegisterExtension
    static DubboServer fastjson = server(FASTJSON_IMPL).build();

    @RegisterExtension
    static DubboServer gson =
            server(GSON_IMPL).param("serialization", "gson-text").build();

    /** Answers only the Host names it is told to (against DNS rebinding). */
    @RegisterExtension
    static DubboServer hostBound = DubboServer.builder()
            .param("httpjson.allowed-hosts", "localhost, 127.0.0.1, *.internal.example:8090")
            .service(TestService.class, new TestServiceImpl())
            .build();

    /**
     * A page whose origin is the request's own Host calls "as the provider itself", but only under a name the
     * provider knows as its own: without {@code httpjson.allowed-hosts}, a page on {@code http://rebind.example} whose
     * name was made to resolve to the provider (DNS rebinding) passed as same-origin and ran calls. Addresses and
     * localhost cannot be rebound; a name must be listed.
     */
    @Test
    void aPageOnARebindableNameDoesNotCallAsTheProviderItself() throws IOException {
        int port = fastjson.port();
        for (String host : new String[] {"rebind.example:" + port, "rebind.example"}) {
            assertErrorBody(fromItsOwnPage(port, host), 403, "FORBIDDEN", "rebind.example", "httpjson.allowed-hosts");
        }
        for (String host :
                new String[] {"127.0.0.1:" + port, "localhost:" + port, "[::1]:" + port, "LOCALHOST.:" + port}) {
            RawHttp.Response r = fromItsOwnPage(port, host);
            assertThat(r.status()).as("%s: %s", host, r).isEqualTo(200);
        }
        // a name the provider lists as its own is its own origin
        RawHttp.Response listed = fromItsOwnPage(hostBound.port(), "a.internal.example:8090");
        assertThat(listed.status()).as("%s", listed).isEqualTo(200);
    }

    /** A call from a page whose origin is the request's own {@code Host}. */
    private static RawHttp.Response fromItsOwnPage(int port, String host) throws IOException {
        return RawHttp.exchange(
                port,
                raw(
                        "POST " + SVC + "hello HTTP/1.1",
                        "[\"a\"]",
                        "Host: " + host,
                        "Origin: http://" + host,
                        "Content-Type: application/json"));
    }

    /** TestService twice: open, and in group "secured" with a token and a filter that refuses on request. */
    static DubboServer.Builder server(TestServiceImpl impl) {
        return DubboServer.builder()
                .service(TestService.class, impl)
                .service(TestService.class, new TestServiceImpl(), s -> {
                    s.setGroup("secured");
                    s.setToken(TOKEN);
                    s.setFilter("admission-refusal");
                });
    }

    static Stream<String> engines() {
        return Stream.of("fastjson2", "gson");
    }

    static DubboServer server(String engine) {
        return engine.equals("gson") ? gson : fastjson;
    }

    /** A request exactly as given: the request line, then {@code headerLines}, a Content-Length if there is a body. */
    static byte[] raw(String requestLine, String body, String... headerLines) {
        StringBuilder sb = new StringBuilder(requestLine).append("\r\n");
        for (String h : headerLines) {
            sb.append(h).append("\r\n");
        }
        byte[] b = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        if (body != null) {
            sb.append("Content-Length: ").append(b.length).append("\r\n");
        }
        sb.append("\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + b.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(b, 0, all, head.length, b.length);
        return all;
    }

    static void assertErrorBody(RawHttp.Response r, int status, String code, String... fragments) {
        assertThat(r.status()).as(r.toString()).isEqualTo(status);
        assertThat(r.header("Content-Type")).as(r.toString()).startsWith("application/json");
        Object parsed = new Fastjson2TextCodec().read(r.body(), 0, r.body().length, Object.class);
        assertThat(parsed).as(r.text()).isInstanceOf(Map.class);
        Map<?, ?> body = (Map<?, ?>) parsed;
        assertThat(body.get("code")).as(r.text()).isEqualTo(code);
        assertThat(body.get("status")).as(r.text()).isEqualTo(status);
        assertThat((String) body.get("help"))
                .as(r.text())
                .contains("troubleshooting.md#" + code.toLowerCase().replace('_', '-'));
        for (String f : fragments) {
            assertThat((String) body.get("message")).as(r.text()).contains(f);
        }
    }

    static void assertNextCallSucceeds(DubboServer server) {
        assertThat(Http.post(server.baseUrl() + SVC + "hello", "[\"next\"]").body())
                .isEqualTo("\"Hello, next\"");
    }

    /**
     * Sends only the head of a request that announces {@link #UNSENT} body bytes, and reads the answer: it can only
     * come if the provider answered without the body.
     */
    static RawHttp.Response headOnly(DubboServer server, String path, String... headerLines) throws IOException {
        String[] lines = Stream.concat(Stream.of(headerLines), Stream.of("Content-Length: " + UNSENT))
                .toArray(String[]::new);
        try (Socket s = RawHttp.connect(server.port())) {
            s.getOutputStream().write(raw("POST " + path + " HTTP/1.1", null, lines));
            s.getOutputStream().write("[\"".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
            return r;
        }
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("engines")
    void aBodyWithoutContentTypeIsRefusedNamingTheHeader(String engine) throws IOException {
        DubboServer server = server(engine);
        RawHttp.Response r =
                RawHttp.exchange(server.port(), raw("POST " + SVC + "hello HTTP/1.1", "[\"a\"]", "Host: 127.0.0.1"));
        assertErrorBody(r, 415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type: application/json");
        // a call without a body needs none
        RawHttp.Response ping =
                RawHttp.exchange(server.port(), raw("POST " + SVC + "ping HTTP/1.1", "", "Host: 127.0.0.1"));
        assertThat(ping.status()).as(ping.toString()).isEqualTo(200);
        assertNextCallSucceeds(server);
    }

    /**
     * The requests a page on another origin can send without a preflight (a form, {@code fetch} in
     * {@code no-cors} mode, {@code navigator.sendBeacon}): refused from the headers, whatever their method or type.
     */
    @ParameterizedTest(name = "[{0}]")
    @MethodSource("engines")
    void aForeignOriginIsRefusedBeforeTheBodyIsRead(String engine) throws IOException {
        DubboServer server = server(engine);
        for (String type : new String[] {
            "text/plain;charset=UTF-8",
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "application/json"
        }) {
            RawHttp.Response r = headOnly(
                    server, SVC + "hello", "Host: 127.0.0.1", "Origin: https://evil.example", "Content-Type: " + type);
            assertErrorBody(r, 403, "FORBIDDEN", "https://evil.example", "httpjson.cors-allowed-origins");
        }
        RawHttp.Response get = RawHttp.exchange(
                server.port(), raw("GET " + SVC + "ping HTTP/1.1", null, "Host: 127.0.0.1", "Origin: null"));
        assertErrorBody(get, 403, "FORBIDDEN", "null");
        // the provider's own pages: Origin is scheme://Host
        RawHttp.Response self = RawHttp.exchange(
                server.port(),
                raw(
                        "POST " + SVC + "hello HTTP/1.1",
                        "[\"self\"]",
                        "Host: 127.0.0.1:" + server.port(),
                        "Origin: http://127.0.0.1:" + server.port(),
                        "Content-Type: application/json"));
        assertThat(self.text()).as(self.toString()).isEqualTo("\"Hello, self\"");
        assertNextCallSucceeds(server);
    }

    @Test
    void aHostThatIsNotListedIsMisdirected() throws IOException {
        int port = hostBound.port();
        for (String host : new String[] {
            "evil.example",
            "evil.example:" + port,
            "127.0.0.1.evil.example",
            "a.internal.example:9999",
            "internal.example:8090"
        }) {
            RawHttp.Response r = RawHttp.exchange(
                    port,
                    raw(
                            "POST " + SVC + "hello HTTP/1.1",
                            "[\"a\"]",
                            "Host: " + host,
                            "Content-Type: application/json"));
            assertErrorBody(r, 421, "MISDIRECTED_REQUEST", "Host: " + host, "httpjson.allowed-hosts", "localhost");
        }
        RawHttp.Response none = RawHttp.exchange(
                port, raw("POST " + SVC + "hello HTTP/1.0", "[\"a\"]", "Content-Type: application/json"));
        assertErrorBody(none, 421, "MISDIRECTED_REQUEST", "Host: null");
        for (String host : new String[] {
            "127.0.0.1:" + port,
            "LOCALHOST:" + port,
            "localhost",
            "a.internal.example:8090",
            "b.a.internal.example:8090"
        }) {
            RawHttp.Response ok = RawHttp.exchange(
                    port,
                    raw(
                            "POST " + SVC + "hello HTTP/1.1",
                            "[\"h\"]",
                            "Host: " + host,
                            "Content-Type: application/json"));
            assertThat(ok.text()).as(host + " -> " + ok).isEqualTo("\"Hello, h\"");
        }
        assertNextCallSucceeds(hostBound);
    }

    /**
     * HTTP/1.0 has no chunked encoding: a proxy in front may frame such a request by its (absent) length, so the
     * provider must not read a second request out of its body.
     */
    @ParameterizedTest(name = "[{0}]")
    @MethodSource("engines")
    void chunkedHttp10IsRefusedAndTheRequestHiddenInItsBodyNeverRuns(String engine) throws IOException {
        DubboServer server = server(engine);
        Counting impl = engine.equals("gson") ? GSON_IMPL : FASTJSON_IMPL;
        byte[] request = FramingGapsTest.CHUNKED_HTTP10;
        byte[] body =
                ("b\r\n[\"outside\"]\r\n0\r\n\r\n" + FramingGapsTest.HIDDEN).getBytes(StandardCharsets.ISO_8859_1);
        try (Socket s = RawHttp.connect(server.port())) {
            OutputStream out = s.getOutputStream();
            out.write(request);
            out.write(body);
            out.flush();
            InputStream in = s.getInputStream();
            RawHttp.Response r = RawHttp.read(in);
            assertErrorBody(r, 400, "BAD_REQUEST", "Transfer-Encoding", "HTTP/1.0");
            assertThat(r.header("Connection")).isEqualTo("close");
            // nothing else comes: the connection is closed without a second answer
            assertThat(in.readAllBytes()).isEmpty();
        }
        assertThat(impl.smuggled).isZero();
        assertNextCallSucceeds(server);
    }

    @ParameterizedTest(name = "[{0}]")
    @MethodSource("engines")
    void aHugeDubboTimeoutIsClampedNotAnInstantDeadline(String engine) throws IOException {
        DubboServer server = server(engine);
        RawHttp.Response r = RawHttp.exchange(
                server.port(), RawHttp.post(SVC + "hello", "[\"patient\"]", "Dubbo-Timeout: 9223372036854775807"));
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
        assertThat(r.text()).isEqualTo("\"Hello, patient\"");
        RawHttp.Response beyondLong = RawHttp.exchange(
                server.port(), RawHttp.post(SVC + "hello", "[\"x\"]", "Dubbo-Timeout: 99999999999999999999"));
        // digits only, more than a day: a day, however many digits (docs/protocol.md)
        assertThat(beyondLong.text()).as(beyondLong.toString()).isEqualTo("\"Hello, x\"");
        assertNextCallSucceeds(server);
    }

    /** Dubbo's token, checked from the headers: a 4 MB body announced without it is refused unread. */
    @ParameterizedTest(name = "[{0}]")
    @MethodSource("engines")
    void aMissingTokenIs401AndAWrongOne403BeforeTheBodyIsRead(String engine) throws IOException {
        DubboServer server = server(engine);
        RawHttp.Response missing = headOnly(
                server,
                SVC + "hello",
                "Host: 127.0.0.1",
                "Content-Type: application/json",
                "Dubbo-Service-Group: secured");
        assertErrorBody(missing, 401, "UNAUTHORIZED", "token", "Dubbo-Attachments");
        assertThat(missing.header("WWW-Authenticate")).startsWith("DubboToken");
        RawHttp.Response wrong = headOnly(
                server,
                SVC + "hello",
                "Host: 127.0.0.1",
                "Content-Type: application/json",
                "Dubbo-Service-Group: secured",
                "Dubbo-Attachments: token=guess");
        assertErrorBody(wrong, 403, "FORBIDDEN", "token");
        assertThat(wrong.text()).doesNotContain(TOKEN).doesNotContain("guess");
        RawHttp.Response right = RawHttp.exchange(
                server.port(),
                RawHttp.post(
                        SVC + "hello", "[\"t\"]", "Dubbo-Service-Group: secured", "Dubbo-Attachments: token=" + TOKEN));
        assertThat(right.text()).as(right.toString()).isEqualTo("\"Hello, t\"");
        assertNextCallSucceeds(server);
    }

    /** A provider filter refusing with Dubbo's forbidden or authorization RpcException: 403 or 401, never 500. */
    @ParameterizedTest(name = "[{0}]")
    @MethodSource("engines")
    void aFilterThatRefusesAnswers403Or401(String engine) throws IOException {
        DubboServer server = server(engine);
        String attachments = "Dubbo-Attachments: token=" + TOKEN + ",refuse=";
        RawHttp.Response forbidden = RawHttp.exchange(
                server.port(),
                RawHttp.post(SVC + "hello", "[\"f\"]", "Dubbo-Service-Group: secured", attachments + "forbidden"));
        assertErrorBody(forbidden, 403, "FORBIDDEN", "not allowed");
        RawHttp.Response unauthorized = RawHttp.exchange(
                server.port(),
                RawHttp.post(SVC + "hello", "[\"f\"]", "Dubbo-Service-Group: secured", attachments + "unauthorized"));
        assertErrorBody(unauthorized, 401, "UNAUTHORIZED", "who are you?");
        assertThat(unauthorized.text()).contains("\"rpcCode\":13");
        assertNextCallSucceeds(server);
    }
}
