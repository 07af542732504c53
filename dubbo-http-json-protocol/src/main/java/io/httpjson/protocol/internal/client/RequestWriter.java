package io.httpjson.protocol.internal.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.Gzip;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.Wire;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;

/**
 * Writes a whole HTTP/1.1 request, head and JSON body, into one buffer on the caller's thread, so that the IO
 * thread only hands it to the socket. The parts of the head that never change for a method (request line, Host,
 * Content-Type, Accept-Encoding, version, group, overload signature) are made once per method. The body is written
 * straight after the head; its length goes into a {@code Content-Length} field whose value is right-aligned in a
 * fixed run of spaces (optional whitespace before a field value, RFC 9110 5.6.3), so nothing is copied.
 */
final class RequestWriter {

    private static final byte[] CONTENT_LENGTH = "Content-Length:".getBytes(StandardCharsets.US_ASCII);
    /** Room for any int: 10 digits. */
    private static final int LENGTH_DIGITS = 10;

    private static final byte[] END_OF_HEAD = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT_ENCODING_GZIP =
            "Content-Encoding: gzip\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TIMEOUT = (Wire.TIMEOUT + ": ").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ATTACHMENTS = (Wire.ATTACHMENTS + ": ").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] REQUEST_ID = (Wire.REQUEST_ID + ": ").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPOND_ASYNC =
            (Wire.PREFER + ": " + Wire.RESPOND_ASYNC + "\r\n").getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CRLF = {'\r', '\n'};

    private final String pathPrefix;
    private final String host;
    private final String version;
    private final String group;
    private final boolean gzip;
    private final int gzipThreshold;
    private final Map<MethodMeta, Head> heads = new ConcurrentHashMap<>();

    /** What is made once per method: the fixed part of its request head, and its pace on this provider. */
    static final class Head {
        final byte[] bytes;
        final Pace pace = new Pace();

        Head(byte[] bytes) {
            this.bytes = bytes;
        }
    }

    RequestWriter(String pathPrefix, String host, String version, String group, boolean gzip, int gzipThreshold) {
        this.pathPrefix = pathText(pathPrefix);
        this.host = headerText("host", host);
        this.version = version == null ? null : headerText("version", version);
        this.group = group == null ? null : headerText("group", group);
        this.gzip = gzip;
        this.gzipThreshold = gzipThreshold;
    }

    /** A path as the request line carries it: UTF-8, percent-encoded outside printable ASCII (and %, ?, #, space). */
    static String pathText(String path) {
        StringBuilder sb = null;
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c > 0x20 && c < 0x7f && c != '%' && c != '?' && c != '#') {
                if (sb != null) {
                    sb.append(c);
                }
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(path.length() + 16).append(path, 0, i);
            }
            int end = Character.isHighSurrogate(c) && i + 1 < path.length() ? i + 2 : i + 1;
            for (byte b : path.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
                sb.append('%')
                        .append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
            i = end - 1;
        }
        return sb == null ? path : sb.toString();
    }

    /** Text that goes into the head as it is: printable ASCII only, so that no value can end a line early. */
    private static String headerText(String name, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                throw new IllegalArgumentException(name + ": " + value + " (expected: printable ASCII characters only;"
                        + " character " + (int) c + " at index " + i + ")");
            }
        }
        return value;
    }

    /**
     * The head of every request for one method (request line, Host, Content-Type, version, group, parameter
     * types), made once.
     */
    Head head(MethodMeta method) {
        Head h = heads.get(method);
        return h != null ? h : heads.computeIfAbsent(method, m -> new Head(headBytes(m, namesTypes(m))));
    }

    /**
     * Whether the request carries the method's parameter types: always, as the dubbo protocol's requests do, so a
     * provider that has since gained an overload of the method with as many parameters still knows which is meant;
     * not for {@code $invoke} and {@code $echo}, which the provider reads by their own rules.
     */
    private static boolean namesTypes(MethodMeta method) {
        return !method.name().startsWith("$");
    }

    /** Where the digits of the {@code Dubbo-Timeout} of a request made with {@code h} start. */
    static int timeoutAt(Head h) {
        return h.bytes.length + TIMEOUT.length;
    }

    /**
     * Rewrites the {@code Dubbo-Timeout} of a request about to be written as the time its call has left, when it
     * waited for a connection: the provider then gives up on a call its caller no longer waits for, as Dubbo's
     * timeout countdown does. The digits take the place of the first ones, padded with spaces (whitespace a field
     * value may end with, RFC 9110 section 5.5), so nothing moves.
     */
    static void timeLeft(ByteBuf request, int at, int timeoutMillis, long startNanos) {
        long waited = (System.nanoTime() - startNanos) / 1_000_000L;
        if (waited <= 0) {
            return;
        }
        String left = Long.toString(Math.max(1, timeoutMillis - waited));
        int width = Integer.toString(timeoutMillis).length();
        for (int i = 0; i < width; i++) {
            request.setByte(at + i, i < left.length() ? left.charAt(i) : ' ');
        }
    }

    /**
     * The request for one call of the method whose {@link #head} is given: {@code id} is echoed in its response, and
     * a {@code oneway} call asks to be answered before it runs.
     */
    ByteBuf write(
            Head h,
            MethodMeta method,
            Object[] args,
            JsonCodec codec,
            int timeoutMillis,
            String attachments,
            String traceHeaders,
            long id,
            boolean oneway)
            throws IOException {
        byte[] head = h.bytes;
        ByteBuf buf = ByteBufAllocator.DEFAULT.buffer(head.length
                + 64
                + (attachments == null ? 0 : attachments.length())
                + (traceHeaders == null ? 0 : traceHeaders.length())
                + 1024);
        try {
            buf.writeBytes(head);
            buf.writeBytes(TIMEOUT);
            buf.writeCharSequence(Integer.toString(timeoutMillis), StandardCharsets.US_ASCII);
            buf.writeBytes(CRLF);
            buf.writeBytes(REQUEST_ID);
            buf.writeCharSequence(Long.toString(id), StandardCharsets.US_ASCII);
            buf.writeBytes(CRLF);
            if (oneway) {
                buf.writeBytes(RESPOND_ASYNC);
            }
            if (traceHeaders != null) {
                buf.writeCharSequence(traceHeaders, StandardCharsets.US_ASCII);
            }
            if (attachments != null) {
                buf.writeBytes(ATTACHMENTS);
                buf.writeCharSequence(attachments, StandardCharsets.US_ASCII);
                buf.writeBytes(CRLF);
            }
            int lengthLine = buf.writerIndex();
            writeLengthLine(buf);
            int bodyStart = buf.writerIndex();
            try (ByteBufOutputStream out = new ByteBufOutputStream(buf)) {
                codec.writeArray(args, method.parameterTypes(), out);
            }
            int bodyLength = buf.writerIndex() - bodyStart;
            if (gzip && bodyLength >= gzipThreshold) {
                ByteBuf zipped = ByteBufAllocator.DEFAULT.buffer(bodyLength / 4 + 64);
                try {
                    Gzip.gzip(buf.nioBuffer(bodyStart, bodyLength), new ByteBufOutputStream(zipped));
                    buf.writerIndex(lengthLine);
                    buf.writeBytes(CONTENT_ENCODING_GZIP);
                    lengthLine = buf.writerIndex();
                    writeLengthLine(buf);
                    bodyStart = buf.writerIndex();
                    bodyLength = zipped.readableBytes();
                    buf.writeBytes(zipped);
                } finally {
                    zipped.release();
                }
            }
            setLength(buf, lengthLine + CONTENT_LENGTH.length, bodyLength);
            return buf;
        } catch (IOException | RuntimeException | Error e) {
            buf.release();
            throw e;
        }
    }

    private byte[] headBytes(MethodMeta method, boolean types) {
        StringBuilder sb = new StringBuilder(160);
        sb.append("POST ").append(pathPrefix).append(pathText(method.name())).append(" HTTP/1.1\r\n");
        sb.append("Host: ").append(host).append("\r\n");
        sb.append("Content-Type: ").append(Wire.JSON).append("\r\n");
        if (gzip) {
            sb.append("Accept-Encoding: gzip\r\n");
        }
        if (version != null) {
            sb.append(Wire.VERSION).append(": ").append(version).append("\r\n");
        }
        if (group != null) {
            sb.append(Wire.GROUP).append(": ").append(group).append("\r\n");
        }
        if (types) {
            sb.append(Wire.PARAMETER_TYPES)
                    .append(": ")
                    .append(headerText("parameter types", method.signature()))
                    .append("\r\n");
        }
        return sb.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static void writeLengthLine(ByteBuf buf) {
        buf.writeBytes(CONTENT_LENGTH);
        for (int i = 0; i < LENGTH_DIGITS; i++) {
            buf.writeByte(' ');
        }
        buf.writeBytes(END_OF_HEAD);
    }

    /** Right-aligns the digits of {@code length} in the run of spaces at {@code at}. */
    private static void setLength(ByteBuf buf, int at, int length) {
        int i = at + LENGTH_DIGITS - 1;
        do {
            buf.setByte(i--, '0' + length % 10);
            length /= 10;
        } while (length > 0);
    }
}
