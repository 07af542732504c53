package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.httpjson.protocol.reliability.AdmissionTest.SVC;
import static io.httpjson.protocol.reliability.AdmissionTest.assertErrorBody;
import static io.httpjson.protocol.reliability.AdmissionTest.assertNextCallSucceeds;
import static io.httpjson.protocol.reliability.RequestSyntaxTest.CHUNKED_OK;
import static io.httpjson.protocol.reliability.RequestSyntaxTest.HIDDEN;
import static io.httpjson.protocol.reliability.RequestSyntaxTest.JSON;
import static io.httpjson.protocol.reliability.RequestSyntaxTest.req;
import static org.assertj.core.api.Assertions.assertThat;

/** Requests the provider answered against RFC 9110/9112, found in review; each test failed before its fix. */
class RequestSyntaxGapsTest {

    static final AdmissionTest.Counting IMPL = new AdmissionTest.Counting();

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .service(TestService.class, IMPL, s -> s.setParameters(Map.of("httpjson.get", "true")))
            .service(TestService.class, IMPL, s -> {
                s.setPath("v1/tests");
                s.setGroup("v1");
                s.setParameters(Map.of("httpjson.get", "true"));
            })
            .param("httpjson.cors-allowed-origins", "http://allowed.example")
            .param("httpjson.header-attachments", "X-Tenant")
            .build();

    static RawHttp.Response send(String request, boolean expectClose) throws IOException {
        try (Socket s = RawHttp.connect(server.port())) {
            s.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            RawHttp.Response r = RawHttp.read(in);
            if (expectClose) {
                assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
                assertThat(in.readAllBytes())
                        .as("nothing after the answer that closes")
                        .isEmpty();
            }
            return r;
        }
    }

    /**
     * A transfer coding other than chunked (RFC 9112, 6.1: "SHOULD respond with 501"): the provider dropped it and
     * read the still-encoded body as JSON, so a gzip-coded body was a misleading 400 about malformed JSON and
     * anything else ran as if it had not been coded at all; the health path answered 200.
     */
    @Test
    void aTransferCodingOtherThanChunkedIs501AndCloses() throws IOException {
        int before = IMPL.smuggled;
        String[][] requests = {
            {"POST " + SVC + "hello HTTP/1.1", "Transfer-Encoding: gzip, chunked"},
            {"POST " + SVC + "hello HTTP/1.1", "Transfer-Encoding: x-custom,chunked"},
            {"POST " + SVC + "hello HTTP/1.1", "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked"},
            {"GET /health HTTP/1.1", "Transfer-Encoding: deflate, chunked"},
        };
        for (String[] r : requests) {
            RawHttp.Response answer = send(req(r[0], CHUNKED_OK + HIDDEN, "Host: a", JSON, r[1]), true);
            assertErrorBody(answer, 501, "BAD_REQUEST", "Transfer-Encoding", "chunked");
        }
        assertThat(IMPL.smuggled - before).as("hidden requests that ran").isZero();
        assertNextCallSucceeds(server);
    }

    /**
     * A path parameter (RFC 3986, 3.3: {@code ;} belongs to its segment, so {@code hello;x} is another resource
     * than {@code hello}) was dropped with its {@code ;}, and {@code nope;/../hello} reached {@code hello}: a gateway
     * that allows, denies or routes by path (nginx's {@code location}, Envoy's routes keep the {@code ;}) saw one
     * method while the provider ran another.
     */
    @Test
    void aPathParameterIsPartOfItsSegmentNotDropped() throws IOException {
        int before = IMPL.smuggled;
        String[] paths = {
            SVC + "hello;x", SVC + "hello;", "/io.httpjson.protocol.api.TestService;v=1/hello", SVC + "nope;/../hello",
        };
        for (String path : paths) {
            RawHttp.Response r = send(RequestSyntaxTest.post(path, "[\"smuggled\"]"), false);
            assertThat(r.status()).as(path + ": " + r).isEqualTo(404);
            assertErrorBody(r, 404, "SERVICE_NOT_FOUND", path, "';'");
        }
        assertThat(IMPL.smuggled - before).as("calls that ran").isZero();
        assertNextCallSucceeds(server);
    }

    /**
     * A body whose chunked framing breaks (a chunk size that is not hex or beyond a long, data longer than its
     * size) was refused with "could not read the request body:
     * org.eclipse.jetty.server.internal.HttpConnection$HttpEofException: Early EOF", which names a Jetty class and
     * suggests the caller closed the connection: the message says what the framing must be.
     */
    @Test
    void aBrokenChunkedBodyIsRefusedWithAMessageThatSaysSo() throws IOException {
        int before = IMPL.smuggled;
        String[] bodies = {
            "zz\r\n[\"x\"]\r\n0\r\n\r\n", "10000000000000005\r\n[\"x\"]\r\n0\r\n\r\n", "5\r\n[\"x\"]XX0\r\n\r\n"
        };
        for (String body : bodies) {
            String request =
                    req("POST " + SVC + "hello HTTP/1.1", body + HIDDEN, "Host: a", JSON, "Transfer-Encoding: chunked");
            RawHttp.Response r = send(request, true);
            assertErrorBody(r, 400, "BAD_REQUEST", "chunked", "RFC 9112");
            assertThat(r.text()).as(body).doesNotContain("org.eclipse.jetty").doesNotContain("Exception");
        }
        assertThat(IMPL.smuggled - before).as("hidden requests that ran").isZero();
        assertNextCallSucceeds(server);
    }

    /**
     * Answers given without reading the body (a GET call, the health path, a preflight) went out while the body was
     * still coming and did not say {@code Connection: close}; Jetty then closed the connection over the unread
     * body, and a pooling caller sent its next request into it. The answer says it closes; a body that has all
     * arrived is dropped and the connection kept.
     */
    @Test
    void anAnswerGivenBeforeItsBodyCameSaysTheConnectionCloses() throws IOException {
        String[] heads = {
            req("GET " + SVC + "hello?name=g HTTP/1.1", "[", "Host: a", "Content-Length: 100"),
            req("GET /health HTTP/1.1", "[", "Host: a", "Content-Length: 100"),
            req(
                    "OPTIONS " + SVC + "hello HTTP/1.1",
                    "[",
                    "Host: a",
                    "Content-Length: 100",
                    "Origin: http://allowed.example",
                    "Access-Control-Request-Method: POST"),
        };
        for (String head : heads) {
            RawHttp.Response r = send(head, true);
            assertThat(r.status()).as(r.toString()).isBetween(200, 204);
        }
        String[] whole = {
            req("GET " + SVC + "hello?name=g HTTP/1.1", "[\"x\"]", "Host: a", "Content-Length: 5"),
            req("GET /health HTTP/1.1", CHUNKED_OK, "Host: a", "Transfer-Encoding: chunked"),
        };
        for (String request : whole) {
            try (Socket s = RawHttp.connect(server.port())) {
                s.getOutputStream().write((request + HIDDEN).getBytes(StandardCharsets.ISO_8859_1));
                InputStream in = s.getInputStream();
                RawHttp.Response first = RawHttp.read(in);
                assertThat(first.status()).as(first.toString()).isEqualTo(200);
                assertThat(first.header("Connection")).as(first.toString()).isNull();
                assertThat(RawHttp.read(in).text()).isEqualTo("\"Hello, smuggled\"");
            }
        }
        assertNextCallSucceeds(server);
    }

    /**
     * The charset was found by searching the whole value for {@code charset=} and taken by its first letters:
     * {@code charset=utf-8x} passed, a parameter {@code xcharset=} was read as the charset, a second
     * {@code Content-Type} line went unseen, and a refused charset was told to send {@code application/json}
     * without a word of UTF-8 (RFC 8259, 8.1: JSON exchanged between systems is UTF-8).
     */
    @Test
    void theCharsetIsAParameterNamedCharsetAndOnlyUtf8() throws IOException {
        String hello = "POST " + SVC + "hello HTTP/1.1";
        String[][] refused = {
            {"Content-Type: application/json; charset=utf-8x", "utf-8x"},
            {"Content-Type: application/json;charset=iso-8859-1", "UTF-8"},
            {"Content-Type: application/json\r\nContent-Type: text/plain", "text/plain"},
        };
        for (String[] r : refused) {
            RawHttp.Response answer = send(req(hello, "[\"x\"]", "Host: a", r[0], "Content-Length: 5"), false);
            assertErrorBody(answer, 415, "UNSUPPORTED_MEDIA_TYPE", r[1]);
        }
        String[] accepted = {
            "Content-Type: application/json; xcharset=latin1",
            "Content-Type: application/json; charset=UTF8",
            "Content-Type: application/json; q=\"a;charset=latin1\"; charset=utf-8",
        };
        for (String ct : accepted) {
            RawHttp.Response answer = send(req(hello, "[\"x\"]", "Host: a", ct, "Content-Length: 5"), false);
            assertThat(answer.text()).as(ct).isEqualTo("\"Hello, x\"");
        }
    }

    /**
     * A version or group named twice, differently ({@code ?version=1&version=2}, two header lines, a header and the
     * query), was taken from the first place looked at, where a proxy in front may take the last: one service
     * version was checked or routed and another called. Naming it twice the same way is fine.
     */
    @Test
    void aVersionOrGroupNamedTwiceDifferentlyIs400() throws IOException {
        String[][] refused = {
            {SVC + "hello?version=1&version=2", "X-Probe: 1"},
            {SVC + "hello?group=a", "Dubbo-Service-Group: b"},
            {SVC + "hello", "Dubbo-Service-Version: 1\r\nDubbo-Service-Version: 2"},
            {SVC + "hello", "Dubbo-Service-Version: 1\r\ntri-service-version: 2"},
        };
        for (String[] r : refused) {
            RawHttp.Response answer = send(RequestSyntaxTest.post(r[0], "[\"x\"]", r[1]), false);
            assertErrorBody(answer, 400, "BAD_REQUEST", "twice");
        }
        RawHttp.Response same = send(RequestSyntaxTest.post(SVC + "hello?version=&group=", "[\"x\"]"), false);
        assertThat(same.text()).isEqualTo("\"Hello, x\"");
    }

    /**
     * {@code Dubbo-Attachments} is a list ({@code key=value} pairs joined by {@code ,}), so two lines of it mean
     * the two lists joined (RFC 9110, 5.3), as a proxy that merges them sends it: the provider read the first line
     * only, and an attachment a gateway added on a line of its own never reached the service.
     */
    @Test
    void twoAttachmentLinesAreOneList() throws IOException {
        String request = RequestSyntaxTest.post(
                SVC + "echoAttachment", "[\"b\"]", "Dubbo-Attachments: a=1", "Dubbo-Attachments: b=2%2C3");
        assertThat(send(request, false).text()).isEqualTo("\"2,3\"");
    }

    /**
     * {@code Content-Encoding} is the list of codings applied, in order (RFC 9110, 8.4), however many lines carry
     * it: only its first line was read, so {@code identity} then {@code gzip} read gzip bytes as JSON, and
     * {@code identity, gzip} was a 415 (so was {@code x-gzip}, which RFC 9110 says to read as gzip); a body gzipped twice was unzipped once and refused as malformed JSON.
     */
    @Test
    void contentEncodingIsTheListOfCodingsApplied() throws IOException {
        byte[] once = gzip("[\"z\"]".getBytes(StandardCharsets.UTF_8));
        String[][] accepted = {
            {"Content-Encoding: identity", "Content-Encoding: gzip"},
            {"Content-Encoding: identity, gzip"},
            {"Content-Encoding: x-gzip"} // RFC 9110 8.4.1.3: the same as gzip
        };
        for (String[] lines : accepted) {
            RawHttp.Response r = RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", once, lines));
            assertThat(r.text()).as(String.join(" ", lines)).isEqualTo("\"Hello, z\"");
        }
        byte[] twice = gzip(once);
        for (String[] lines :
                new String[][] {{"Content-Encoding: gzip, gzip"}, {"Content-Encoding: gzip", "Content-Encoding: gzip"}
                }) {
            RawHttp.Response r = RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", twice, lines));
            assertErrorBody(r, 415, "UNSUPPORTED_MEDIA_TYPE", "gzip, gzip");
        }
    }

    /** A body that says gzip and is not: the message said "gzip: gzip: not gzip data". */
    @Test
    void aBodyThatIsNotGzipSaysSoOnce() throws IOException {
        RawHttp.Response r =
                RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", "[\"z\"]", "Content-Encoding: gzip"));
        assertErrorBody(r, 400, "BAD_REQUEST", "gzip: not gzip data");
        assertThat(r.text()).doesNotContain("gzip: gzip:");
    }

    /**
     * An HTTP version the provider does not speak is the caller's to change, yet its 505 had the code
     * SERVER_ERROR, whose help says the provider failed and to read its log.
     */
    @Test
    void anUnknownHttpVersionIsTheCallersError() throws IOException {
        for (String version : new String[] {"HTTP/1.2", "HTTP/3.7"}) {
            String request = req("POST " + SVC + "hello " + version, "[\"x\"]", "Host: a", JSON, "Content-Length: 5");
            assertErrorBody(send(request, true), 505, "BAD_REQUEST", "505");
        }
    }

    /**
     * {@code Dubbo-Timeout} on two lines was read from the first: a second line, even one that is not a number, was
     * not looked at, and a deadline a gateway added on its own line was not kept. Two different values are a 400.
     */
    @Test
    void aTimeoutGivenTwiceDifferentlyIs400() throws IOException {
        String[][] refused = {
            {"Dubbo-Timeout: 5000", "Dubbo-Timeout: soon"},
            {"Dubbo-Timeout: 5000", "Dubbo-Timeout: 100"},
            {"Dubbo-Timeout: 5000", "tri-service-timeout: 100"},
        };
        for (String[] lines : refused) {
            RawHttp.Response r = send(RequestSyntaxTest.post(SVC + "hello", "[\"x\"]", lines), false);
            assertThat(r.status()).as(String.join(" ", lines) + ": " + r).isEqualTo(400);
            assertErrorBody(r, 400, "BAD_REQUEST", "Timeout");
        }
        RawHttp.Response same = send(
                RequestSyntaxTest.post(SVC + "hello", "[\"x\"]", "Dubbo-Timeout: 5000", "tri-service-timeout: 5000"),
                false);
        assertThat(same.text()).isEqualTo("\"Hello, x\"");
    }

    /**
     * {@code Dubbo-Parameter-Types} or {@code Dubbo-Request-Id} on two lines with different values was read from
     * the first line, where a proxy in front may take the last: one overload checked or routed and another run, an
     * answer matched by one id and echoing the other. Two lines alike are fine.
     */
    @Test
    void parameterTypesOrARequestIdGivenTwiceDifferentlyIs400() throws IOException {
        String[][] refused = {
            {"overloaded", "[7]", "Dubbo-Parameter-Types: java.lang.String", "Dubbo-Parameter-Types: int"},
            {"hello", "[\"x\"]", "Dubbo-Request-Id: 1", "Dubbo-Request-Id: 2"},
        };
        for (String[] r : refused) {
            RawHttp.Response answer = send(RequestSyntaxTest.post(SVC + r[0], r[1], r[2], r[3]), false);
            assertErrorBody(answer, 400, "BAD_REQUEST", r[2].substring(0, r[2].indexOf(':')), "twice");
        }
        RawHttp.Response same = send(
                RequestSyntaxTest.post(
                        SVC + "overloaded",
                        "[7]",
                        "Dubbo-Parameter-Types: int",
                        "Dubbo-Parameter-Types: int",
                        "Dubbo-Request-Id: 5",
                        "Dubbo-Request-Id: 5"),
                false);
        assertThat(same.text()).isEqualTo("\"int:7\"");
        assertThat(same.header("Dubbo-Request-Id")).isEqualTo("5");
    }

    /**
     * A GET took its overload from the query alone: {@code Dubbo-Parameter-Types} went unread, so a header that named
     * no overload, or another one than the query fitted, was silently dropped (a POST answers it 404).
     */
    @Test
    void aGetTakesTheOverloadDubboParameterTypesNames() throws IOException {
        String get = "GET " + SVC + "overloaded?0=7 HTTP/1.1";
        RawHttp.Response named = send(req(get, "", "Host: a", "Dubbo-Parameter-Types: int"), false);
        assertThat(named.text()).as(named.toString()).isEqualTo("\"int:7\"");
        RawHttp.Response string = send(req(get, "", "Host: a", "Dubbo-Parameter-Types: String"), false);
        assertThat(string.text()).as(string.toString()).isEqualTo("\"string:7\"");
        RawHttp.Response none = send(req(get, "", "Host: a", "Dubbo-Parameter-Types: long"), false);
        assertErrorBody(none, 404, "METHOD_NOT_FOUND", "Dubbo-Parameter-Types: long");
        RawHttp.Response unfit = send(
                req("GET " + SVC + "hello?0=x&1=y HTTP/1.1", "", "Host: a", "Dubbo-Parameter-Types: String"), false);
        assertErrorBody(unfit, 400, "BAD_REQUEST", "does not fit");
    }

    /** {@code ?version=} named twice alike was refused on a GET as a repeated argument (a POST takes it). */
    @Test
    void aGetNamesTheVersionTwiceAlike() throws IOException {
        RawHttp.Response r =
                send(req("GET " + SVC + "hello?0=x&version=&version=&group= HTTP/1.1", "", "Host: a"), false);
        assertThat(r.text()).as(r.toString()).isEqualTo("\"Hello, x\"");
    }

    /**
     * A body that starts an array and does not end it, sent to an overloaded method without
     * {@code Dubbo-Parameter-Types}, was a 404 "no overload takes -1 arguments" instead of malformed JSON.
     */
    @Test
    void aBrokenArrayToAnOverloadedMethodIs400() throws IOException {
        RawHttp.Response r = send(RequestSyntaxTest.post(SVC + "overloaded", "[1,"), false);
        assertErrorBody(r, 400, "BAD_REQUEST", "JSON array");
    }

    /**
     * A header listed in {@code httpjson.header-attachments} on two lines kept its first line only: a value a
     * gateway added on a line of its own never reached the service. The lines are one list (RFC 9110, 5.3).
     */
    @Test
    void aListedHeaderOnTwoLinesIsOneList() throws IOException {
        RawHttp.Response r = send(
                RequestSyntaxTest.post(SVC + "echoAttachment", "[\"x-tenant\"]", "X-Tenant: a", "X-Tenant: b"), false);
        assertThat(r.text()).as(r.toString()).isEqualTo("\"a, b\"");
        RawHttp.Response one =
                send(RequestSyntaxTest.post(SVC + "echoAttachment", "[\"x-tenant\"]", "X-Tenant: a"), false);
        assertThat(one.text()).isEqualTo("\"a\"");
    }

    /** A timeout of more digits than a long holds was a 400, where more than a day is taken as a day. */
    @Test
    void aTimeoutBeyondALongIsADay() throws IOException {
        RawHttp.Response r =
                send(RequestSyntaxTest.post(SVC + "hello", "[\"x\"]", "Dubbo-Timeout: 99999999999999999999999"), false);
        assertThat(r.text()).as(r.toString()).isEqualTo("\"Hello, x\"");
        RawHttp.Response zeros = send(
                RequestSyntaxTest.post(SVC + "hello", "[\"x\"]", "Dubbo-Timeout: 000000000000000000000005000"), false);
        assertThat(zeros.text()).as(zeros.toString()).isEqualTo("\"Hello, x\"");
    }

    /**
     * A 405's {@code Allow} for a service exported under a path with {@code /} in it split the path at its first
     * {@code /}, found no service there and said POST only, where the method is declared safe (GET, POST).
     */
    @Test
    void allowKnowsAServicePathWithASlash() throws IOException {
        RawHttp.Response get = send(req("GET /v1/tests/hello?0=x&group=v1 HTTP/1.1", "", "Host: a"), false);
        assertThat(get.text()).as(get.toString()).isEqualTo("\"Hello, x\"");
        RawHttp.Response put =
                send(req("PUT /v1/tests/hello HTTP/1.1", "[\"x\"]", "Host: a", JSON, "Content-Length: 5"), false);
        assertThat(put.status()).as(put.toString()).isEqualTo(405);
        assertThat(put.header("Allow")).isEqualTo("GET, POST");
    }

    static byte[] gzip(byte[] data) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream z = new java.util.zip.GZIPOutputStream(out)) {
            z.write(data);
        }
        return out.toByteArray();
    }
}
