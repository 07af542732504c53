package io.httpjson.protocol.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.apache.dubbo.common.constants.CommonConstants.GROUP_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.INTERFACE_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.PATH_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.TIMEOUT_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.VERSION_KEY;

/**
 * The {@code Dubbo-Attachments} header: {@code key=value} pairs separated by {@code ,}; keys and values are
 * UTF-8, percent-encoded except for {@code A-Z a-z 0-9 - . _ ~}. Strings travel as they are; numbers, booleans,
 * characters and enums as their text; other values are not sent (HTTP headers carry text only).
 */
public final class Attachments {

    /** Keys that travel in their own headers or in the path, never in the attachments header. */
    private static final Set<String> ROUTING_KEYS =
            Set.of(PATH_KEY, INTERFACE_KEY, VERSION_KEY, GROUP_KEY, TIMEOUT_KEY);

    private static final boolean[] UNRESERVED = new boolean[128];
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            UNRESERVED[c] = true;
        }
        for (char c = 'A'; c <= 'Z'; c++) {
            UNRESERVED[c] = true;
        }
        for (char c = '0'; c <= '9'; c++) {
            UNRESERVED[c] = true;
        }
        UNRESERVED['-'] = true;
        UNRESERVED['.'] = true;
        UNRESERVED['_'] = true;
        UNRESERVED['~'] = true;
    }

    private Attachments() {}

    /**
     * Encodes the attachments to send, or returns {@code null} when there are none.
     *
     * @throws AttachmentsTooLargeException when the encoded header would exceed {@code maxBytes}
     */
    public static String encode(Map<String, Object> attachments, int maxBytes) {
        if (attachments == null || attachments.isEmpty()) {
            return null;
        }
        StringBuilder sb = null;
        for (Map.Entry<String, Object> e : attachments.entrySet()) {
            String key = e.getKey();
            if (key == null || ROUTING_KEYS.contains(key)) {
                continue;
            }
            String value = text(e.getValue());
            if (value == null) {
                continue;
            }
            if (sb == null) {
                sb = new StringBuilder(64);
            } else {
                sb.append(',');
            }
            escape(key, sb);
            sb.append('=');
            escape(value, sb);
            if (sb.length() > maxBytes) {
                throw new AttachmentsTooLargeException(
                        "attachments: " + sb.length() + "+ bytes encoded (expected: at most "
                                + maxBytes + " bytes, set by " + HttpJsonConfig.MAX_ATTACHMENT_BYTES
                                + "). Send large data as an argument, not as an attachment; the attachment that crossed the"
                                + " limit is '" + key + "'");
            }
        }
        return sb == null ? null : sb.toString();
    }

    private static String text(Object value) {
        if (value instanceof String) {
            return (String) value;
        }
        if (value instanceof Number
                || value instanceof Boolean
                || value instanceof Character
                || value instanceof Enum) {
            return value.toString();
        }
        return null;
    }

    private static void escape(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (cp < 128 && UNRESERVED[cp]) {
                out.append((char) cp);
            } else {
                for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
                    out.append('%').append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
                }
            }
            i += Character.charCount(cp);
        }
    }

    /** A value that can stand in an HTTP header as it is: printable ASCII, at most 8 KiB. */
    public static boolean isHeaderSafe(String value) {
        if (value.length() > 8192) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes a header value into {@code into}.
     *
     * @throws IllegalArgumentException naming the malformed part
     */
    public static Map<String, Object> decode(String header, Map<String, Object> into) {
        if (header == null || header.isEmpty()) {
            return into;
        }
        Map<String, Object> out = into == null ? new HashMap<>() : into;
        int start = 0;
        int len = header.length();
        while (start < len) {
            int end = header.indexOf(',', start);
            if (end < 0) {
                end = len;
            }
            int eq = header.indexOf('=', start);
            if (eq < 0 || eq > end) {
                throw new IllegalArgumentException(
                        Wire.ATTACHMENTS + ": '" + header.substring(start, end).trim()
                                + "' (expected: key=value pairs separated by ',', percent-encoded)");
            }
            // the whitespace the header may have around a pair is dropped; spaces inside the key or value travel
            // percent-encoded and are part of it
            // an empty key ("=v") is an ordinary key, as over the dubbo protocol: a Java consumer sends the one set
            int from = skipSpaces(header, start, eq);
            String key = unescape(header, from, trailingSpaces(header, from, eq));
            from = skipSpaces(header, eq + 1, end);
            out.put(key, unescape(header, from, trailingSpaces(header, from, end)));
            start = end + 1;
        }
        return out;
    }

    private static int skipSpaces(String s, int from, int to) {
        while (from < to && (s.charAt(from) == ' ' || s.charAt(from) == '\t')) {
            from++;
        }
        return from;
    }

    private static int trailingSpaces(String s, int from, int to) {
        while (to > from && (s.charAt(to - 1) == ' ' || s.charAt(to - 1) == '\t')) {
            to--;
        }
        return to;
    }

    private static String unescape(String s, int from, int to) {
        int pct = s.indexOf('%', from);
        if (pct < 0 || pct >= to) {
            return s.substring(from, to);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '%') {
                if (i + 2 >= to) {
                    throw new IllegalArgumentException(Wire.ATTACHMENTS + ": truncated escape at offset " + i
                            + " (expected: %XX with two hex digits)");
                }
                int hi = Character.digit(s.charAt(i + 1), 16);
                int lo = Character.digit(s.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException(Wire.ATTACHMENTS + ": bad escape '" + s.substring(i, i + 3)
                            + "' at offset " + i + " (expected: %XX with two hex digits)");
                }
                bytes.write((hi << 4) | lo);
                i += 2;
            } else if (c < 128) {
                bytes.write(c);
            } else {
                byte[] b = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(b, 0, b.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The attachments would not fit the header limit. */
    public static final class AttachmentsTooLargeException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        AttachmentsTooLargeException(String message) {
            super(message);
        }
    }
}
