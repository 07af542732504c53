package io.httpjson.protocol.internal;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The percent-encoding of attachment keys and values: UTF-8, every byte but {@code A-Z a-z 0-9 - . _ ~} as
 * {@code %XX}.
 */
final class PercentCoding {

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

    private PercentCoding() {}

    static void escape(String s, StringBuilder out) {
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

    static String unescape(String s, int from, int to) {
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
}
