package io.httpjson.codec.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The string rules of {@link JsonChecker}: where a string ends (eight bytes at a time), its escapes, no raw control
 * characters; field names and enum constants matched against the raw bytes. Not API.
 */
final class JsonStrings {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;
    private static final long SPACES = 0x2020202020202020L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;

    private JsonStrings() {}

    /**
     * Moves the checker past the string that starts at its position; true if the string has escapes. Refuses raw
     * control characters; the bytes are UTF-8 already (see {@link Utf8Check}).
     */
    static boolean scan(JsonChecker j) {
        final byte[] b = j.b;
        final int end = j.end;
        int i = j.p + 1;
        boolean escaped = false;
        while (true) {
            // eight bytes at a time while none is '"', '\\' or a control character (non-ASCII bytes never are)
            while (i + 8 <= end) {
                long w = (long) LONGS.get(b, i);
                long hits = (zero(w ^ QUOTES) | zero(w ^ BACKSLASHES) | (w - SPACES)) & ~w & HIGH;
                if (hits != 0) {
                    i += Long.numberOfTrailingZeros(hits) >>> 3; // the lowest hit is a real one
                    break;
                }
                i += 8;
            }
            if (i >= end) {
                j.p = i;
                throw j.syntax("unterminated string");
            }
            byte c = b[i];
            if (c == '"') {
                j.p = i + 1;
                return escaped;
            }
            if (c == '\\') {
                escaped = true;
                i = escape(j, i);
            } else if (c >= 0x20 || c < 0) {
                i++;
            } else {
                j.p = i;
                throw j.syntax(
                        String.format("raw control character U+%04X in a string (write it as an escape, e.g. \\n)", c));
            }
        }
    }

    /**
     * With {@code & ~w & HIGH}: the high bit of each byte of {@code v = w ^ pattern} that is zero, where the byte of
     * {@code w} is ASCII (and perhaps of bytes above such a one): the bytes of {@code w} equal to the pattern's.
     */
    private static long zero(long v) {
        return v - ONES;
    }

    private static int escape(JsonChecker j, int i) {
        final byte[] b = j.b;
        if (i + 1 >= j.end) {
            j.p = i;
            throw j.syntax("unterminated string");
        }
        switch (b[i + 1]) {
            case '"':
            case '\\':
            case '/':
            case 'b':
            case 'f':
            case 'n':
            case 'r':
            case 't':
                return i + 2;
            case 'u':
                int unit = hex4(j, i);
                if (unit < Character.MIN_SURROGATE || unit > Character.MAX_SURROGATE) {
                    return i + 6;
                }
                // RFC 8259 8.2: a lone half of a UTF-16 pair is no character; no engine could write it back
                if (unit > Character.MAX_HIGH_SURROGATE
                        || i + 7 >= j.end
                        || b[i + 6] != '\\'
                        || b[i + 7] != 'u'
                        || !Character.isLowSurrogate((char) hex4(j, i + 6))) {
                    j.p = i;
                    throw j.syntax(String.format(
                            "unpaired surrogate \\u%04X in a string (only a pair of \\uD800-\\uDBFF"
                                    + " then \\uDC00-\\uDFFF is a character)",
                            unit));
                }
                return i + 12;
            default:
                j.p = i;
                throw j.syntax("invalid escape \\" + (char) (b[i + 1] & 0xFF));
        }
    }

    /** The code unit of the four hex digits after the {@code \\u} at {@code i}. */
    private static int hex4(JsonChecker j, int i) {
        int unit = 0;
        for (int k = i + 2; k < i + 6; k++) {
            int d = k < j.end ? Character.digit(j.b[k], 16) : -1;
            if (d < 0) {
                j.p = i;
                throw j.syntax("expected four hex digits after \\u");
            }
            unit = unit << 4 | d;
        }
        return unit;
    }

    static int member(byte[] b, Shape.Member[] members, int from, int to, boolean escaped, int next) {
        if (escaped) {
            String key = StrictJson.decode(b, from, to, true);
            for (int m = 0; m < members.length; m++) {
                if (members[m].text.equals(key)) {
                    return m;
                }
            }
            return -1;
        }
        long head = head(b, from, to - from);
        if (next < members.length && matches(b, from, to, head, members[next])) {
            return next;
        }
        for (int m = 0; m < members.length; m++) {
            if (matches(b, from, to, head, members[m])) {
                return m;
            }
        }
        return -1;
    }

    /** The first eight bytes of {@code b[from, from+length)} (fewer, zero-padded, if it is shorter), little-endian. */
    static long head(byte[] b, int from, int length) {
        if (length >= 8) {
            return (long) LONGS.get(b, from);
        }
        if (from + 8 <= b.length) {
            return (long) LONGS.get(b, from) & ((1L << (length << 3)) - 1);
        }
        long h = 0;
        for (int i = length - 1; i >= 0; i--) {
            h = (h << 8) | (b[from + i] & 0xFF);
        }
        return h;
    }

    /** One load and compare for a name of up to eight bytes; the rest byte by byte. */
    private static boolean matches(byte[] b, int from, int to, long head, Shape.Member m) {
        byte[] name = m.name;
        if (head != m.head || to - from != name.length) {
            return false;
        }
        for (int k = 8; k < name.length; k++) {
            if (b[from + k] != name[k]) {
                return false;
            }
        }
        return true;
    }

    static boolean constant(byte[] b, Shape s, int from, int to, boolean escaped) {
        if (escaped) {
            String key = StrictJson.decode(b, from, to, true);
            for (byte[] name : s.constants) {
                if (new String(name, StandardCharsets.UTF_8).equals(key)) {
                    return true;
                }
            }
            return false;
        }
        for (byte[] name : s.constants) {
            if (same(b, from, to, name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean same(byte[] b, int from, int to, byte[] name) {
        if (to - from != name.length) {
            return false;
        }
        int n = name.length;
        int k = 0;
        for (; k + 8 <= n; k += 8) { // names are short: this beats Arrays.equals here
            if ((long) LONGS.get(b, from + k) != (long) LONGS.get(name, k)) {
                return false;
            }
        }
        for (; k < n; k++) {
            if (b[from + k] != name[k]) {
                return false;
            }
        }
        return true;
    }
}
