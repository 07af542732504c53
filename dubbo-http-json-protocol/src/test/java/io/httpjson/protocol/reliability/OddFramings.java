package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.params.provider.Arguments;

import static io.httpjson.protocol.reliability.HostileProviderTest.value;
import static io.httpjson.protocol.reliability.HostileProviderTest.write;
import static io.httpjson.protocol.reliability.OddResponsesTest.echo;
import static io.httpjson.protocol.reliability.OddResponsesTest.head;

/**
 * The first answers of {@link OddResponsesTest#validFramingsCarryTheValue}: framings valid in HTTP/1.1 that an
 * httpjson provider never uses itself, each with the error it must give, or null where the value must arrive.
 */
final class OddFramings {

    private OddFramings() {}

    static Stream<Arguments> validFramings() {
        FakeProvider.Script closeDelimited = (n, id, body, out) -> {
            write(out, head("HTTP/1.1 200 OK", id, "Content-Type: application/json") + "\"" + value(body) + "\"");
            out.flush();
            throw new IOException("the close ends the body");
        };
        FakeProvider.Script chunkedExtensionsTrailers = (n, id, body, out) -> {
            String v = "\"" + value(body) + "\"";
            write(out, head("HTTP/1.1 200 OK", id, "Transfer-Encoding: chunked", "Trailer: X-Checksum"));
            write(out, "1;name=\"x\"\r\n" + v.charAt(0) + "\r\n");
            write(out, Integer.toHexString(v.length() - 1) + " ; ext\r\n" + v.substring(1) + "\r\n");
            write(out, "0\r\nX-Checksum: 1234\r\n\r\n");
        };
        FakeProvider.Script lengthAndChunked = (n, id, body, out) -> {
            String v = "\"" + value(body) + "\"";
            write(out, head("HTTP/1.1 200 OK", id, "Content-Length: 1", "Transfer-Encoding: chunked"));
            write(out, Integer.toHexString(v.length()) + "\r\n" + v + "\r\n0\r\n\r\n");
        };
        FakeProvider.Script http10KeepAlive = (n, id, body, out) -> {
            String v = "\"" + value(body) + "\"";
            write(out, head("HTTP/1.0 200 OK", id, "Connection: keep-alive", "Content-Length: " + v.length()) + v);
        };
        FakeProvider.Script http10 = (n, id, body, out) -> {
            String v = "\"" + value(body) + "\"";
            write(out, head("HTTP/1.0 200 OK", id, "Content-Length: " + v.length()) + v);
            out.flush();
            throw new IOException("HTTP/1.0 closes");
        };
        FakeProvider.Script noReason = (n, id, body, out) -> {
            String v = "\"" + value(body) + "\"";
            write(out, head("HTTP/1.1 200", id, "Content-Length: " + v.length()) + v);
        };
        FakeProvider.Script oddCasing = (n, id, body, out) -> {
            String v = "\"" + value(body) + "\"";
            write(
                    out,
                    "HTTP/1.1 200 OK\r\ndubbo-request-id: " + id + "\r\nCONTENT-TYPE: text/plain\r\n"
                            + "content-type: application/json\r\nkeep-alive: TIMEOUT=30\r\ncontent-LENGTH: "
                            + v.length() + "\r\n\r\n" + v);
        };
        FakeProvider.Script foldedAndTight = (n, id, body, out) -> {
            String v = "\"" + value(body) + "\"";
            write(
                    out,
                    head("HTTP/1.1 200 OK", null, "Dubbo-Request-Id:" + id + "  ", "X-Note: one", "  two")
                                    .replace("\r\n\r\n", "\r\nContent-Length:" + v.length() + "\r\n\r\n")
                            + v);
        };
        FakeProvider.Script interimFirst = (n, id, body, out) -> {
            write(out, "HTTP/1.1 100 Continue\r\n\r\n");
            write(out, "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\n\r\n");
            echo(id, body, out);
        };
        FakeProvider.Script trickledHead = (n, id, body, out) -> {
            for (byte b : FakeProvider.response(200, id, "\"" + value(body) + "\"")) {
                out.write(b);
                out.flush();
            }
        };

        return Stream.of(
                Arguments.of("body ended by the close", closeDelimited, null),
                Arguments.of("chunk extensions and trailers", chunkedExtensionsTrailers, null),
                // RFC 9112 6.3: "ought to be handled as an error" (a smuggling sign); the connection is dropped
                Arguments.of(
                        "Content-Length and chunked", lengthAndChunked, "both Content-Length and Transfer-Encoding"),
                Arguments.of("HTTP/1.0 keep-alive", http10KeepAlive, null),
                Arguments.of("HTTP/1.0", http10, null),
                Arguments.of("no reason phrase", noReason, null),
                Arguments.of("odd casing, two Content-Types", oddCasing, null),
                Arguments.of("100 and 103 first", interimFirst, null),
                Arguments.of("folded header, no space after colons", foldedAndTight, null),
                Arguments.of("head a byte at a time", trickledHead, null),
                Arguments.of("gzip not asked for", gzipped("GZIP"), null),
                // RFC 9110 8.4.1.3: a recipient SHOULD read x-gzip as gzip
                Arguments.of("x-gzip", gzipped("x-gzip"), null));
    }

    /** The answer gzipped, its Content-Encoding named {@code coding}. */
    static FakeProvider.Script gzipped(String coding) {
        return (n, id, body, out) -> {
            ByteArrayOutputStream z = new ByteArrayOutputStream();
            try (GZIPOutputStream gz = new GZIPOutputStream(z)) {
                gz.write(("\"" + value(body) + "\"").getBytes(StandardCharsets.UTF_8));
            }
            out.write(FakeProvider.response(200, id, z.toByteArray(), "Content-Encoding: " + coding));
        };
    }
}
