package io.httpjson.protocol.reliability;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static io.httpjson.protocol.reliability.AdmissionTest.SVC;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Unusual but valid, and invalid, HTTP/1.1 requests as curl, language runtimes, browsers and gateways send them,
 * byte for byte, against what RFC 9110 and 9112 require: each gets its status (in order, when pipelined), and either
 * the connection stays usable for the next request, or the last answer says {@code Connection: close}, the provider
 * closes, and nothing sent after it (a request hidden there) ever runs.
 */
class RequestSyntaxTest {

    static final AdmissionTest.Counting IMPL = new AdmissionTest.Counting();

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .service(TestService.class, IMPL)
            .param("httpjson.cors-allowed-origins", "http://allowed.example")
            .build();

    static final String OK = "[\"x\"]";
    static final String JSON = "Content-Type: application/json";
    static final String CHUNKED_OK = "5\r\n" + OK + "\r\n0\r\n\r\n";
    static final String HELLO = "POST " + SVC + "hello HTTP/1.1";

    /** A request exactly as given: its line, header lines, an empty line, then the body (ISO-8859-1). */
    static String req(String line, String body, String... headers) {
        return line + "\r\n" + String.join("", headers.length == 0 ? List.of() : lines(headers)) + "\r\n"
                + (body == null ? "" : body);
    }

    private static List<String> lines(String... headers) {
        List<String> l = new ArrayList<>();
        for (String h : headers) {
            l.add(h + "\r\n");
        }
        return l;
    }

    /** A well-formed POST of {@code body} to {@code path}, with extra header lines. */
    static String post(String path, String body, String... extra) {
        List<String> h = new ArrayList<>(List.of("Host: 127.0.0.1", JSON, "Content-Length: " + body.length()));
        h.addAll(List.of(extra));
        return req("POST " + path + " HTTP/1.1", body, h.toArray(new String[0]));
    }

    /** Would run {@code hello("smuggled")} if the provider read on after an answer that closes. */
    static final String HIDDEN = post(SVC + "hello", "[\"smuggled\"]");

    record Case(String name, String bytes, boolean closes, int... statuses) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The answers keep the connection: the next request on it is served. */
    static Case keeps(String name, String bytes, int... statuses) {
        return new Case(name, bytes, false, statuses);
    }

    /** The last answer closes the connection; a request sent after it never runs. */
    static Case closes(String name, String bytes, int... statuses) {
        return new Case(name, bytes + HIDDEN, true, statuses);
    }

    static List<Case> cases() {
        String h = "Host: a";
        String cl = "Content-Length: 5";
        return List.of(
                // Expect (RFC 9110, 10.1.1): the body may follow at once; another expectation is 417
                keeps(
                        "Expect: 100-continue, body sent at once",
                        req(HELLO, OK, h, JSON, cl, "Expect: 100-continue"),
                        200),
                closes("Expect: something-else", req(HELLO, OK, h, JSON, cl, "Expect: something-else"), 417),
                closes(
                        "Expect: 100-continue, 415, body sent anyway",
                        req(HELLO, OK, h, "Content-Type: text/plain", cl, "Expect: 100-continue"),
                        415),
                new Case(
                        "Expect: 100-continue, 415 while the client waits for 100",
                        req(HELLO, null, h, "Content-Type: text/plain", cl, "Expect: 100-continue"),
                        true,
                        415),
                // methods (RFC 9110, 9.1: case-sensitive; 15.5.6: a 405 says Allow)
                keeps("HEAD of a method", req("HEAD " + SVC + "hello HTTP/1.1", null, h), 405),
                keeps("HEAD /health", req("HEAD /health HTTP/1.1", null, h), 200),
                keeps(
                        "OPTIONS * preflight",
                        req(
                                "OPTIONS * HTTP/1.1",
                                null,
                                h,
                                "Origin: http://allowed.example",
                                "Access-Control-Request-Method: POST"),
                        204),
                keeps("CONNECT", req("CONNECT 127.0.0.1:80 HTTP/1.1", null, "Host: 127.0.0.1:80"), 405),
                keeps("unknown method", req("FROB " + SVC + "hello HTTP/1.1", null, h), 405),
                keeps("lower-case post", req("post " + SVC + "hello HTTP/1.1", OK, h, JSON, cl), 405),
                // Content-Type (RFC 9110, 8.3: type, subtype and charset name case-insensitive, value may be quoted)
                keeps(
                        "charset quoted",
                        req(HELLO, OK, h, "Content-Type: application/json; charset=\"utf-8\"", cl),
                        200),
                keeps("type in upper case", req(HELLO, OK, h, "Content-Type: APPLICATION/JSON;CHARSET=UTF-8", cl), 200),
                keeps("+json type", req(HELLO, OK, h, "Content-Type: application/problem+json", cl), 200),
                keeps("charset=utf-16", req(HELLO, OK, h, "Content-Type: application/json; charset=utf-16", cl), 415),
                // the request target (RFC 9112, 3.2; RFC 3986, 5.2.4)
                keeps(
                        "absolute-form",
                        req("POST http://127.0.0.1" + SVC + "hello HTTP/1.1", OK, "Host: 127.0.0.1", JSON, cl),
                        200),
                keeps("percent-encoded unreserved", post("/io%2Ehttpjson.protocol.api.TestService/%68ello", OK), 200),
                keeps("dot segments", post("/x/../io.httpjson.protocol.api.TestService/./hello", OK), 200),
                keeps("trailing slash", post(SVC + "hello/", OK), 404),
                closes("encoded dot segment", post("/x/%2e%2e" + SVC + "hello", OK), 400),
                closes("above the root", post("/.." + SVC + "hello", OK), 400),
                closes("double slash", post("/" + SVC + "hello", OK), 400),
                closes("fragment", post(SVC + "hello#f", OK), 400),
                closes("raw non-ASCII byte", post(SVC + "hell\u00f6", OK), 400),
                // header fields (RFC 9112, 3.2, 5.1, 5.2; RFC 9110, 5.5)
                closes("no Host in HTTP/1.1", req(HELLO, OK, JSON, cl), 400),
                closes("no Host in HTTP/1.0", req("POST " + SVC + "hello HTTP/1.0", OK, JSON, cl), 200),
                closes("two Host lines", req(HELLO, OK, h, "Host: b", JSON, cl), 400),
                closes("obs-fold", req(HELLO, OK, h, JSON, "X-A: 1", " 2", cl), 400),
                closes("space before the colon", req(HELLO, OK, h, JSON, "Content-Length : 5"), 400),
                closes("NUL in a value", req(HELLO, OK, h, JSON, "X-A: a\0b", cl), 400),
                closes("CR in a value", req(HELLO, OK, h, JSON, "X-A: a\rb", cl), 400),
                // framing (RFC 9112, 6.1, 6.3, 7.1)
                keeps("Content-Length with leading zeros", req(HELLO, OK, h, JSON, "Content-Length: 005"), 200),
                closes("two different Content-Lengths", req(HELLO, OK, h, JSON, cl, "Content-Length: 6"), 400),
                closes("Content-Length: +5", req(HELLO, OK, h, JSON, "Content-Length: +5"), 400),
                closes(
                        "chunked and Content-Length",
                        req(HELLO, "0\r\n\r\n", h, JSON, "Transfer-Encoding: chunked", "Content-Length: 5"),
                        400),
                closes("chunked twice", req(HELLO, CHUNKED_OK, h, JSON, "Transfer-Encoding: chunked, chunked"), 400),
                closes("chunked not last", req(HELLO, CHUNKED_OK, h, JSON, "Transfer-Encoding: chunked, gzip"), 400),
                closes("gzip without chunked", req(HELLO, OK, h, JSON, "Transfer-Encoding: gzip"), 400),
                keeps(
                        "chunk extensions",
                        req(HELLO, "5;a=b\r\n" + OK + "\r\n0;c\r\n\r\n", h, JSON, "Transfer-Encoding: chunked"),
                        200),
                keeps(
                        "request trailers",
                        req(HELLO, "5\r\n" + OK + "\r\n0\r\nX-T: 1\r\n\r\n", h, JSON, "Transfer-Encoding: chunked"),
                        200),
                keeps(
                        "chunk sizes with leading zeros",
                        req(HELLO, "0005\r\n" + OK + "\r\n000\r\n\r\n", h, JSON, "Transfer-Encoding: chunked"),
                        200),
                closes(
                        "chunk size beyond a long",
                        req(
                                HELLO,
                                "10000000000000005\r\n" + OK + "\r\n0\r\n\r\n",
                                h,
                                JSON,
                                "Transfer-Encoding: chunked"),
                        400),
                keeps("bare LF line ends", HELLO + "\nHost: a\n" + JSON + "\n" + cl + "\n\n" + OK, 200),
                // connection management (RFC 9112, 9.3, 9.6; RFC 9110, 7.8)
                keeps(
                        "Upgrade: h2c is ignored",
                        req(
                                HELLO,
                                OK,
                                h,
                                JSON,
                                cl,
                                "Connection: Upgrade, HTTP2-Settings",
                                "Upgrade: h2c",
                                "HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA"),
                        200),
                closes("Connection: close", req(HELLO, OK, h, JSON, cl, "Connection: close"), 200),
                closes("HTTP/1.0", req("POST " + SVC + "hello HTTP/1.0", OK, h, JSON, cl), 200),
                keeps(
                        "HTTP/1.0 keep-alive",
                        req("POST " + SVC + "hello HTTP/1.0", OK, h, JSON, cl, "Connection: keep-alive"),
                        200),
                closes("HTTP/2.0 request line", req("POST " + SVC + "hello HTTP/2.0", OK, h, JSON, cl), 426),
                // pipelining (RFC 9112, 9.3.2): answers in order; nothing after a framing error runs
                keeps(
                        "pipelined, 415 in the middle",
                        post(SVC + "hello", OK)
                                + req(HELLO, OK, h, "Content-Type: text/plain", cl)
                                + post(SVC + "hello", OK),
                        200,
                        415,
                        200),
                keeps(
                        "pipelined, bad JSON in the middle",
                        post(SVC + "hello", OK) + post(SVC + "hello", "[") + post(SVC + "hello", OK),
                        200,
                        400,
                        200),
                closes(
                        "pipelined, framing error in the middle",
                        post(SVC + "hello", OK) + req(HELLO, OK, h, JSON, "Content-Length: x5"),
                        200,
                        400));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void answeredAsTheRfcSays(Case c) throws IOException {
        int before = IMPL.smuggled;
        try (Socket s = RawHttp.connect(server.port())) {
            s.getOutputStream().write(c.bytes().getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            InputStream in = new BufferedInputStream(s.getInputStream());
            boolean head = c.bytes().startsWith("HEAD ");
            RawHttp.Response r = null;
            for (int status : c.statuses()) {
                r = RawHttp.read(in, head);
                assertThat(r.status()).as("%s: %s", c, r).isEqualTo(status);
                if (status >= 400 && !head) {
                    assertThat(r.header("Content-Type")).as(r.toString()).startsWith("application/json");
                }
            }
            if (c.closes()) {
                if (!c.bytes().startsWith("POST " + SVC + "hello HTTP/1.0")) {
                    assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
                }
                assertThat(in.readAllBytes())
                        .as("nothing after the answer that closes")
                        .isEmpty();
            } else {
                assertThat(r.header("Connection")).as(r.toString()).isNotEqualToIgnoringCase("close");
                s.getOutputStream().write(post(SVC + "hello", "[\"again\"]").getBytes(StandardCharsets.US_ASCII));
                assertThat(RawHttp.read(in).text()).as(c.name()).isEqualTo("\"Hello, again\"");
            }
        }
        assertThat(IMPL.smuggled).as("hidden requests that ran").isEqualTo(before);
    }
}
