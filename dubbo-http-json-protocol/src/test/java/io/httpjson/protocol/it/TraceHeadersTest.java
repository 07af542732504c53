package io.httpjson.protocol.it;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code tracestate} and {@code baggage} are list headers: a caller or a proxy on the way may send them as several
 * header lines, which mean the same as one line with the values joined by commas (RFC 9110, 5.3; W3C Trace Context,
 * "tracestate": "multiple tracestate headers are allowed"; W3C Baggage likewise). The attachment the service and
 * Dubbo's tracing read holds all of them, not the first line alone. Two {@code traceparent} lines are no parent.
 */
class TraceHeadersTest {

    static final String PROBE = "/" + ProbeService.class.getName() + "/";

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .service(ProbeService.class, new ProbeService.Impl())
            .build();

    /** The value of the attachment {@code key} as the service saw it, for a request with extra header lines. */
    static String attachment(String key, String... headerLines) throws Exception {
        byte[] body = ("[\"" + key + "\"]").getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("POST " + PROBE + "trace HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " + body.length + "\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        head.append("\r\n");
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(head.toString().getBytes(StandardCharsets.US_ASCII));
            s.getOutputStream().write(body);
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            String response = out.toString(StandardCharsets.UTF_8);
            assertThat(response).startsWith("HTTP/1.1 200 ");
            return response.substring(response.indexOf("\r\n\r\n") + 4);
        }
    }

    @Test
    void oneLineIsTheAttachment() throws Exception {
        assertThat(attachment("tracestate", "tracestate: congo=t61rcWkgMzE,rojo=00f067aa0ba902b7"))
                .isEqualTo("\"congo=t61rcWkgMzE,rojo=00f067aa0ba902b7\"");
    }

    @Test
    void severalTracestateLinesAreOneList() throws Exception {
        assertThat(attachment("tracestate", "tracestate: congo=t61rcWkgMzE", "tracestate: rojo=00f067aa0ba902b7"))
                .isEqualTo("\"congo=t61rcWkgMzE,rojo=00f067aa0ba902b7\"");
    }

    @Test
    void severalBaggageLinesAreOneList() throws Exception {
        assertThat(attachment("baggage", "baggage: userId=alice", "baggage: serverNode=DF%2028"))
                .isEqualTo("\"userId=alice,serverNode=DF%2028\"");
    }

    @Test
    void twoTraceparentLinesAreNoTraceContext() throws Exception {
        // W3C's test suite (test_traceparent_duplicated): the callee starts a new trace instead of picking one
        String first = "traceparent: 00-12345678901234567890123456789011-1234567890123456-01";
        String second = "traceparent: 00-12345678901234567890123456789012-1234567890123456-01";
        assertThat(attachment("traceparent", first, second)).isEqualTo("\"null\"");
        assertThat(attachment("tracestate", first, second, "tracestate: foo=1")).isEqualTo("\"null\"");
        assertThat(attachment("traceparent", first)).isEqualTo("\"" + first.substring(13) + "\"");
    }
}
