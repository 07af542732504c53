package io.httpjson.codec.internal;

/**
 * A {@code byte[]} arrives as base64 exactly as both engines write it (RFC 4648 section 4, padded): a length that is
 * a multiple of four, the standard alphabet, {@code =} only as the last one or two characters, and the bits that
 * padding leaves over all zero, so that one text means one byte array; and no escapes. Not API.
 */
final class Base64Check {

    private Base64Check() {}

    /** Whether {@code s[from, to)} is canonical padded base64. */
    static boolean canonical(byte[] s, int from, int to) {
        int n = to - from;
        if (n % 4 != 0) {
            return false;
        }
        int pad = n > 0 && s[to - 1] == '=' ? (n > 1 && s[to - 2] == '=' ? 2 : 1) : 0;
        int last = 0;
        for (int i = from; i < to - pad; i++) {
            last = value(s[i]);
            if (last < 0) {
                return false;
            }
        }
        // one '=': the last symbol's low 2 bits are unused; two: its low 4 bits
        return pad == 0 || (last & (pad == 1 ? 0x3 : 0xF)) == 0;
    }

    private static int value(byte c) {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    }
}
