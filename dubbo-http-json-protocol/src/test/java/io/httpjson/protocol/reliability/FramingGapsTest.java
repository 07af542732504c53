package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.httpjson.protocol.reliability.AdmissionTest.SVC;
import static io.httpjson.protocol.reliability.AdmissionTest.assertErrorBody;
import static io.httpjson.protocol.reliability.AdmissionTest.assertNextCallSucceeds;
import static io.httpjson.protocol.reliability.AdmissionTest.raw;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Framing and admission gaps found in review, over raw sockets against real providers: the HTTP/1.0 framing rule
 * on every path, refusals that do not wait for a body they will not use, stalled bodies, and the close that
 * Jetty's own errors must announce.
 */
class FramingGapsTest {

    static final AdmissionTest.Counting IMPL = new AdmissionTest.Counting();

    /** Default idle timeout (60 s): an answer that comes within the socket's 5 s was not waiting for it. */
    @RegisterExtension
    static DubboServer server =
            DubboServer.builder().service(TestService.class, IMPL).build();

    /** Short idle timeout, long head timeout: a body that stops coming ends at the idle timeout. */
    @RegisterExtension
    static DubboServer idle = DubboServer.builder()
            .param("httpjson.idle-timeout", "1000")
            .service(TestService.class, new AdmissionTest.Counting())
            .build();

    static final String HIDDEN = new String(
            raw(
                    "POST " + SVC + "hello HTTP/1.1",
                    "[\"smuggled\"]",
                    "Host: 127.0.0.1",
                    "Content-Type: application/json"),
            StandardCharsets.ISO_8859_1);

    /** The head of an HTTP/1.0 POST that says its body is chunked, which HTTP/1.0 has no framing for. */
    static final byte[] CHUNKED_HTTP10 = raw(
            "POST " + SVC + "hello HTTP/1.0",
            null,
            "Host: 127.0.0.1",
            "Connection: keep-alive",
            "Content-Type: application/json",
            "Transfer-Encoding: chunked");

    static Socket connect(DubboServer s) throws IOException {
        Socket socket = RawHttp.connect(s.port());
        socket.setSoTimeout(5_000);
        return socket;
    }

    /**
     * The health path is answered before the framing rule: a chunked HTTP/1.0 request to it is served, the
     * connection kept, and the request hidden in its body runs.
     */
    @Test
    void chunkedHttp10ToTheHealthPathIsRefusedAndItsHiddenRequestNeverRuns() throws IOException {
        int before = IMPL.smuggled;
        for (String method : new String[] {"GET", "HEAD"}) {
            byte[] head = raw(
                    method + " /health HTTP/1.0",
                    null,
                    "Host: 127.0.0.1",
                    "Connection: keep-alive",
                    "Transfer-Encoding: chunked");
            try (Socket s = connect(server)) {
                OutputStream out = s.getOutputStream();
                out.write(head);
                out.write(("0\r\n\r\n" + HIDDEN).getBytes(StandardCharsets.ISO_8859_1));
                out.flush();
                InputStream in = s.getInputStream();
                RawHttp.Response r = RawHttp.read(in, method.equals("HEAD"));
                assertThat(r.status()).as(method + " " + r).isEqualTo(400);
                if (method.equals("GET")) {
                    assertErrorBody(r, 400, "BAD_REQUEST", "Transfer-Encoding", "HTTP/1.0");
                }
                assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
                assertThat(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1))
                        .as("nothing after the refusal")
                        .isEmpty();
            }
        }
        assertThat(IMPL.smuggled - before).as("hidden requests run").isZero();
        assertNextCallSucceeds(server);
    }

    /**
     * Docs: a chunked HTTP/1.0 request "gets 400 and the connection is closed without reading further". The
     * refusal says it closes, yet it first reads (as chunked) and drops the body it says it cannot trust, and so
     * waits for a body that does not come until the idle timeout.
     */
    @Test
    void chunkedHttp10IsRefusedWithoutWaitingForItsBody() throws IOException {
        byte[] head = CHUNKED_HTTP10;
        try (Socket s = connect(server)) {
            s.getOutputStream().write(head);
            s.getOutputStream().write("5\r\n[\"".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            // within the socket's 5 s, far below the 60 s idle timeout
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertErrorBody(r, 400, "BAD_REQUEST", "Transfer-Encoding", "HTTP/1.0");
            assertThat(r.header("Connection")).isEqualTo("close");
        }
        assertNextCallSucceeds(server);
    }

    /**
     * A body that stops coming is the slowest body there is: documented as 408 REQUEST_TIMEOUT (closed), it gets
     * 400 BAD_REQUEST naming Jetty's TimeoutException.
     */
    @Test
    void aBodyThatStopsComingGets408() throws IOException {
        for (String framing : new String[] {"Content-Length: 10", "Transfer-Encoding: chunked"}) {
            byte[] head = raw(
                    "POST " + SVC + "hello HTTP/1.1",
                    null,
                    "Host: 127.0.0.1",
                    "Content-Type: application/json",
                    framing);
            String part = framing.startsWith("Content") ? "[\"a" : "5\r\n[\"a";
            try (Socket s = connect(idle)) {
                s.getOutputStream().write(head);
                s.getOutputStream().write(part.getBytes(StandardCharsets.US_ASCII));
                s.getOutputStream().flush();
                RawHttp.Response r = RawHttp.read(s.getInputStream());
                assertErrorBody(r, 408, "REQUEST_TIMEOUT");
                assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
                assertThat(r.text()).doesNotContain("java.util.concurrent");
            }
        }
        assertNextCallSucceeds(idle);
    }

    /**
     * A refusal found from the head (here a foreign Origin) whose body then stops coming: the answer went out with
     * {@code Keep-Alive} (no {@code Connection: close}), and the connection was closed under it.
     */
    @Test
    void aRefusalWhoseBodyStopsComingSaysTheConnectionCloses() throws IOException {
        byte[] head = raw(
                "POST " + SVC + "hello HTTP/1.1",
                null,
                "Host: 127.0.0.1",
                "Origin: http://evil.example",
                "Content-Type: application/json",
                "Content-Length: 10");
        try (Socket s = connect(idle)) {
            s.getOutputStream().write(head);
            s.getOutputStream().write("[\"a".getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            RawHttp.Response r = RawHttp.read(in);
            assertErrorBody(r, 403, "FORBIDDEN", "http://evil.example");
            assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
            assertThat(r.header("Keep-Alive")).as(r.toString()).isNull();
        }
        assertNextCallSucceeds(idle);
    }

    /**
     * Errors Jetty answers itself (414, 505) close the connection but did not say so: only 400, 408 and 431 got
     * {@code Connection: close}.
     */
    @Test
    void jettysOwnErrorsThatCloseSaySo() throws IOException {
        byte[][] requests = {
            raw("POST " + SVC + "hello?" + "a".repeat(20_000) + " HTTP/1.1", "[\"a\"]", "Host: 127.0.0.1"),
            raw("POST " + SVC + "hello HTTP/1.2", "[\"a\"]", "Host: 127.0.0.1", "Content-Type: application/json")
        };
        int[] statuses = {414, 505};
        for (int i = 0; i < requests.length; i++) {
            try (Socket s = connect(server)) {
                s.getOutputStream().write(requests[i]);
                s.getOutputStream().flush();
                InputStream in = s.getInputStream();
                RawHttp.Response r = RawHttp.read(in);
                assertThat(r.status()).as(r.toString()).isEqualTo(statuses[i]);
                assertThat(r.header("Content-Type")).startsWith("application/json");
                // the provider closes: nothing more comes
                assertThat(in.readAllBytes()).isEmpty();
                assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
            }
        }
        assertNextCallSucceeds(server);
    }
}
