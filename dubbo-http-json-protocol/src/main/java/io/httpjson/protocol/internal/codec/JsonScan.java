package io.httpjson.protocol.internal.codec;

import io.httpjson.codec.internal.Utf8Check;

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
     * Offset of the first byte that does not belong to well-formed UTF-8 (RFC 3629), or -1 if all of
     * {@code b[off, off+len)} is: {@link Utf8Check#firstInvalid}.
     */
    public static int invalidUtf8(byte[] b, int off, int len) {
        return Utf8Check.firstInvalid(b, off, len);
    }
}
