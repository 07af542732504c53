package io.httpjson.protocol.internal.codec;

/**
 * Just enough JSON scanning to choose how to read a request body before any JSON library sees it: the first
 * significant byte, and the number of elements of a top-level array. Never allocates, never recurses.
 */
public final class JsonScan {

    private JsonScan() {}

    /** Index of the first byte that is not JSON white space, or {@code end}. */
    public static int skipWhitespace(byte[] b, int from, int end) {
        int i = from;
        while (i < end && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    /** The first significant byte, or -1 for an empty (or all white space) body. */
    public static int firstByte(byte[] b, int off, int len) {
        int i = skipWhitespace(b, off, off + len);
        return i < off + len ? b[i] : -1;
    }

    /**
     * Elements of the array starting at the first significant byte (which must be {@code [}), or -1 if the
     * array is malformed or truncated (the JSON library then reports the precise error).
     */
    public static int countArrayElements(byte[] b, int off, int len) {
        int end = off + len;
        int i = skipWhitespace(b, off, end);
        if (i >= end || b[i] != '[') {
            return -1;
        }
        int depth = 0;
        int count = 0;
        boolean sawValue = false;
        for (; i < end; i++) {
            byte c = b[i];
            if (c == '"') {
                i++;
                while (i < end && b[i] != '"') {
                    if (b[i] == '\\') {
                        i++;
                    }
                    i++;
                }
                if (i >= end) {
                    return -1;
                }
                if (depth == 1) {
                    sawValue = true;
                }
            } else if (c == '[' || c == '{') {
                if (depth == 1) {
                    sawValue = true;
                }
                depth++;
            } else if (c == ']' || c == '}') {
                depth--;
                if (depth == 0) {
                    return sawValue ? count + 1 : count;
                }
            } else if (c == ',' && depth == 1) {
                count++;
            } else if (depth == 1 && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                sawValue = true;
            }
        }
        return -1;
    }

    /** The first significant byte inside the array that starts the body, or -1. */
    public static int firstElementByte(byte[] b, int off, int len) {
        int end = off + len;
        int i = skipWhitespace(b, off, end);
        if (i >= end || b[i] != '[') {
            return -1;
        }
        i = skipWhitespace(b, i + 1, end);
        return i < end ? b[i] : -1;
    }

    /**
     * Offset of the first byte that does not belong to well-formed UTF-8 (RFC 3629: no overlong forms, no
     * surrogates, nothing above U+10FFFF, no truncated sequence), or -1 if all of {@code b[off, off+len)} is.
     * JSON between systems must be UTF-8 (RFC 8259 section 8.1); the JSON engines would otherwise replace or
     * reinterpret broken sequences, each in its own way (an overlong {@code C0 AF} read as '/').
     */
    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    public static int invalidUtf8(byte[] b, int off, int len) {
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
                if ((c2 & 0xC0) != 0x80 || (c1 & 0xC0) != 0x80 || (c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F)) {
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
                if ((c1 & 0xC0) != 0x80 || (b[i + 2] & 0xC0) != 0x80 || (b[i + 3] & 0xC0) != 0x80
                        || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F)) {
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
