package io.httpjson.protocol.internal.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.GZIPInputStream;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.ServiceMeta;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The request bytes the client writes: one buffer, a Content-Length that matches the body. */
class RequestWriterTest {

    interface Api {
        String hello(String name);

        int add(int a, int b);

        int add(long a, long b);
    }

    private final JsonCodec codec = new Fastjson2TextCodec();
    private final ServiceMeta meta = ServiceMeta.of(Api.class);

    private static String head(byte[] request) {
        String s = new String(request, StandardCharsets.ISO_8859_1);
        return s.substring(0, s.indexOf("\r\n\r\n") + 4);
    }

    private static byte[] bytes(ByteBuf buf) {
        try {
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.startsWith("Content-Length:")) {
                return Integer.parseInt(
                        line.substring("Content-Length:".length()).trim());
            }
        }
        throw new AssertionError("no Content-Length in " + head);
    }

    @Test
    void headAndBodyInOneBufferWithMatchingLength() throws IOException {
        RequestWriter w = new RequestWriter("/x.Api/", "127.0.0.1:1", "1.0", "g", true, 32 * 1024);
        MethodMeta m = meta.byName("hello")[0];
        byte[] req = bytes(w.write(w.head(m), m, new Object[] {"中文 name"}, codec, 3000, "k=v", null, 1L, false));
        String head = head(req);
        assertTrue(head.startsWith("POST /x.Api/hello HTTP/1.1\r\n"), head);
        assertTrue(head.contains("\r\nHost: 127.0.0.1:1\r\n"), head);
        assertTrue(head.contains("\r\nDubbo-Service-Version: 1.0\r\n"), head);
        assertTrue(head.contains("\r\nDubbo-Service-Group: g\r\n"), head);
        assertTrue(head.contains("\r\nDubbo-Timeout: 3000\r\n"), head);
        assertTrue(head.contains("\r\nDubbo-Attachments: k=v\r\n"), head);
        // not overloaded here, but the provider's interface may have gained an overload since
        assertTrue(head.contains("\r\nDubbo-Parameter-Types: java.lang.String\r\n"), head);
        byte[] body = "[\"中文 name\"]".getBytes(StandardCharsets.UTF_8);
        assertEquals(body.length, contentLength(head));
        assertEquals(head.length() + body.length, req.length);
        assertArrayEquals(body, java.util.Arrays.copyOfRange(req, head.length(), req.length));
    }

    @Test
    void overloadsCarryTheirSignatureAndLengthsOfEveryWidthFit() throws IOException {
        RequestWriter w = new RequestWriter("/x.Api/", "h:1", null, null, false, -1);
        MethodMeta m = meta.find("add", new Class<?>[] {long.class, long.class});
        byte[] req = bytes(w.write(w.head(m), m, new Object[] {1L, 2L}, codec, 7, null, null, 1L, false));
        String head = head(req);
        assertTrue(head.contains("\r\nDubbo-Parameter-Types: long,long\r\n"), head);
        assertTrue(!head.contains("Accept-Encoding"), head);
        assertEquals(req.length - head.length(), contentLength(head));
        for (int size : new int[] {0, 9, 10, 99_999, 1_000_000}) {
            MethodMeta hello = meta.byName("hello")[0];
            byte[] r = bytes(
                    w.write(w.head(hello), hello, new Object[] {"x".repeat(size)}, codec, 1, null, null, 1L, false));
            assertEquals(r.length - head(r).length(), contentLength(head(r)));
        }
    }

    @Test
    void largeBodiesAreGzippedAndTheLengthIsTheCompressedOne() throws IOException {
        RequestWriter w = new RequestWriter("/x.Api/", "h:1", null, null, true, 100);
        MethodMeta m = meta.byName("hello")[0];
        String name = "abc".repeat(1000);
        byte[] req = bytes(w.write(w.head(m), m, new Object[] {name}, codec, 1, null, null, 1L, false));
        String head = head(req);
        assertTrue(head.contains("\r\nContent-Encoding: gzip\r\n"), head);
        assertEquals(req.length - head.length(), contentLength(head));
        byte[] zipped = java.util.Arrays.copyOfRange(req, head.length(), req.length);
        byte[] plain = new GZIPInputStream(new java.io.ByteArrayInputStream(zipped)).readAllBytes();
        assertEquals("[\"" + name + "\"]", new String(plain, StandardCharsets.UTF_8));
    }

    @Test
    void pathsArePercentEncodedAndHeaderValuesMustBePrintableAscii() {
        assertEquals("/a.B%C3%A9/", RequestWriter.pathText("/a.Bé/"));
        assertEquals("/a%20b%25%3F%23/", RequestWriter.pathText("/a b%?#/"));
        assertEquals("/%F0%9F%98%80/", RequestWriter.pathText("/😀/"));
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new RequestWriter("/x/", "h:1", "1.0\r\nX: y", null, false, -1));
        assertTrue(e.getMessage().startsWith("version: "), e.getMessage());
        assertTrue(e.getMessage().contains("expected: printable ASCII"), e.getMessage());
    }
}
