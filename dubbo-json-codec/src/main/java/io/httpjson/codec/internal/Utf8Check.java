package io.httpjson.codec.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The UTF-8 policy, stated once: input must be well-formed UTF-8 (RFC 3629; JSON between systems must be UTF-8,
 * RFC 8259 section 8.1) and anything else is refused, here, before any engine reads it (the httpjson protocol and
 * the dubbo serializations call this first); output is UTF-8 with an unpaired surrogate written as '?', as
 * {@code String.getBytes(UTF_8)} does. The engines would otherwise replace or reinterpret broken sequences, each
 * in its own way. Checked over bytes, eight ASCII bytes at a time. Not API.
 */
public final class Utf8Check {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Utf8Check() {}

    /**
     * Offset of the first byte that does not belong to well-formed UTF-8 (RFC 3629: no overlong forms, no
     * surrogates, nothing above U+10FFFF, no truncated sequence), or -1 if all of {@code b[off, off+len)} is.
     * JSON between systems must be UTF-8 (RFC 8259 section 8.1); the JSON engines would otherwise replace or
     * reinterpret broken sequences, each in its own way (an overlong {@code C0 AF} read as '/').
     */
    public static int firstInvalid(byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        while (i < end) {
            // eight ASCII bytes at a time
            while (i + 8 <= end && ((long) LONGS.get(b, i) & 0x8080808080808080L) == 0) {
                i += 8;
            }
            if (i >= end) {
                break;
            }
            int c = b[i];
            if (c >= 0) {
                i++;
                continue;
            }
            c &= 0xFF;
            if (c >= 0xE0 && c <= 0xEF) {
                // three bytes (most of CJK): E0 needs A0-BF next (no overlong), ED needs 80-9F (no surrogates)
                if (i + 2 >= end) {
                    return i;
                }
                int c1 = b[i + 1] & 0xFF;
                int c2 = b[i + 2] & 0xFF;
                if ((c2 & 0xC0) != 0x80
                        || (c1 & 0xC0) != 0x80
                        || (c == 0xE0 && c1 < 0xA0)
                        || (c == 0xED && c1 > 0x9F)) {
                    return i;
                }
                i += 3;
            } else if (c >= 0xC2 && c <= 0xDF) {
                if (i + 1 >= end || (b[i + 1] & 0xC0) != 0x80) {
                    return i;
                }
                i += 2;
            } else if (c >= 0xF0 && c <= 0xF4) {
                // four bytes: F0 needs 90-BF next (no overlong), F4 needs 80-8F (at most U+10FFFF)
                if (i + 3 >= end) {
                    return i;
                }
                int c1 = b[i + 1] & 0xFF;
                if ((c1 & 0xC0) != 0x80
                        || (b[i + 2] & 0xC0) != 0x80
                        || (b[i + 3] & 0xC0) != 0x80
                        || (c == 0xF0 && c1 < 0x90)
                        || (c == 0xF4 && c1 > 0x8F)) {
                    return i;
                }
                i += 4;
            } else {
                return i;
            }
        }
        return -1;
    }
}
