package io.httpjson.codec.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import io.httpjson.codec.internal.Shape.Kind;

/**
 * One pass over JSON text that accepts exactly RFC 8259 and, guided by a {@link Shape}, only values the declared
 * type holds without loss. Recursive descent, at most {@link #MAX_DEPTH} levels; allocates nothing unless it
 * fails. A failure carries the JSON path below the value it was asked to check. Not API.
 */
final class JsonChecker {

    /** The nesting both engines allow (fastjson2's default maximum level, the Gson engine's nesting limit). */
    static final int MAX_DEPTH = 2048;

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH = 0x8080808080808080L;
    private static final long SPACES = 0x2020202020202020L;
    private static final long QUOTES = 0x2222222222222222L;
    private static final long BACKSLASHES = 0x5C5C5C5C5C5C5C5CL;

    final byte[] b;
    private final int start;
    final int end;
    int p;
    private int depth;

    JsonChecker(byte[] b, int offset, int length) {
        this.b = b;
        this.start = offset;
        this.end = offset + length;
        this.p = offset;
    }

    /** A check that failed: the problem, and the path (prepended segment by segment as the stack unwinds). */
    static final class Failure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final StringBuilder path = new StringBuilder();

        Failure(String message) {
            super(message, null, false, false);
        }

        Failure at(String segment) {
            path.insert(0, segment);
            return this;
        }
    }

    Failure syntax(String problem) {
        return new Failure("malformed JSON at offset " + (p - start) + ": " + problem);
    }

    Failure mismatch(Shape s, String found) {
        return new Failure("expected " + StrictJson.expected(s) + " but found " + found);
    }

    /** The next significant byte (p moves to it), or -1 at the end. */
    int skipWhitespace() {
        final byte[] b = this.b;
        int i = p;
        while (i < end) {
            byte c = b[i];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                p = i;
                return c;
            }
            i++;
        }
        p = i;
        return -1;
    }

    /** Nothing but white space is left. */
    void expectEnd() {
        int c = skipWhitespace();
        if (c != -1) {
            throw syntax("expected the end of the input after the value but found " + StrictJson.describe(c));
        }
    }

    void value(Shape s) {
        int c = skipWhitespace();
        switch (c) {
            case '{':
                object(s);
                return;
            case '[':
                array(s);
                return;
            case '"':
                string(s);
                return;
            case 't':
                literal(TRUE);
                bool(s, "true");
                return;
            case 'f':
                literal(FALSE);
                bool(s, "false");
                return;
            case 'n':
                literal(NULL);
                return;
            case -1:
                throw syntax("expected a value but found the end of the input");
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    JsonNumbers.check(this, s);
                    return;
                }
                throw syntax("expected a value but found " + StrictJson.describe(c));
        }
    }

    private void literal(byte[] word) {
        int n = word.length;
        if (end - p < n || b[p + 1] != word[1] || b[p + 2] != word[2] || b[p + 3] != word[3]
                || (n == 5 && b[p + 4] != word[4])) {
            throw syntax("expected a value but found " + StrictJson.describe(b[p]));
        }
        p += n;
    }

    private void bool(Shape s, String found) {
        if (s.kind != Kind.BOOLEAN && s.kind != Kind.ANY) {
            throw mismatch(s, found);
        }
    }

    void enter() {
        if (++depth > MAX_DEPTH) {
            throw syntax("JSON nested too deeply (more than " + MAX_DEPTH + " levels)");
        }
        p++;
    }

    private void object(Shape s) {
        Kind k = s.kind;
        if (k != Kind.POJO && k != Kind.MAP && k != Kind.ANY) {
            throw mismatch(s, "an object");
        }
        enter();
        Shape.Member[] members = k == Kind.POJO ? s.members() : null;
        Shape values = k == Kind.MAP ? s.element() : Shape.ANY;
        int next = 0;
        int c = skipWhitespace();
        if (c == '}') {
            p++;
            depth--;
            return;
        }
        while (true) {
            if (c != '"') {
                throw syntax("expected a field name in double quotes but found " + StrictJson.describe(c));
            }
            int keyStart = p + 1;
            boolean escaped = scanString();
            int keyEnd = p - 1;
            c = skipWhitespace();
            if (c != ':') {
                throw syntax("expected ':' after a field name but found " + StrictJson.describe(c));
            }
            p++;
            Shape v = values;
            if (members != null) {
                int m = member(members, keyStart, keyEnd, escaped, next);
                if (m >= 0) {
                    v = members[m].shape();
                    next = m + 1;
                } else {
                    v = Shape.ANY; // an unknown key is ignored, its value is only checked to be JSON
                }
            }
            try {
                value(v);
            } catch (Failure f) {
                throw f.at("." + decode(keyStart, keyEnd, escaped));
            }
            c = skipWhitespace();
            if (c == ',') {
                p++;
                c = skipWhitespace();
                if (c == '}') {
                    throw syntax("trailing comma before '}'");
                }
            } else if (c == '}') {
                p++;
                depth--;
                return;
            } else {
                throw syntax("expected ',' or '}' but found " + StrictJson.describe(c));
            }
        }
    }

    private void array(Shape s) {
        Kind k = s.kind;
        if (k != Kind.LIST && k != Kind.ANY) {
            throw mismatch(s, "an array");
        }
        enter();
        Shape e = k == Kind.LIST ? s.element() : Shape.ANY;
        int c = skipWhitespace();
        if (c == ']') {
            p++;
            depth--;
            return;
        }
        for (int i = 0;; i++) {
            try {
                value(e);
            } catch (Failure f) {
                throw f.at("[" + i + "]");
            }
            c = skipWhitespace();
            if (c == ',') {
                p++;
                if (skipWhitespace() == ']') {
                    throw syntax("trailing comma before ']'");
                }
            } else if (c == ']') {
                p++;
                depth--;
                return;
            } else {
                throw syntax("expected ',' or ']' but found " + StrictJson.describe(c));
            }
        }
    }

    private void string(Shape s) {
        int from = p + 1;
        boolean escaped = scanString();
        int to = p - 1;
        switch (s.kind) {
            case STRING:
            case ANY:
            case BYTES:
                return;
            case CHAR:
                if (decode(from, to, escaped).length() != 1) {
                    throw mismatch(s, StrictJson.quote(decode(from, to, escaped)));
                }
                return;
            case ENUM:
                if (!constant(s, from, to, escaped)) {
                    throw mismatch(s, StrictJson.quote(decode(from, to, escaped)));
                }
                return;
            case TIME:
            case DATE:
                if (!escaped && TimeCheck.valid(s.raw, b, from, to)) {
                    return;
                }
                try {
                    JsonTypes.parseTime(s.raw, decode(from, to, escaped));
                } catch (RuntimeException e) {
                    throw new Failure("expected " + StrictJson.expected(s) + " but found "
                            + StrictJson.quote(decode(from, to, escaped)));
                }
                return;
            default:
                throw mismatch(s, "the string " + StrictJson.quote(decode(from, to, escaped)));
        }
    }

    /**
     * Moves p past the string that starts at p; true if it has escapes. Refuses raw control characters; the
     * bytes are UTF-8 already (see {@link Utf8Check}).
     */
    boolean scanString() {
        final byte[] b = this.b;
        final int end = this.end;
        int i = p + 1;
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
                p = i;
                throw syntax("unterminated string");
            }
            byte c = b[i];
            if (c == '"') {
                p = i + 1;
                return escaped;
            }
            if (c == '\\') {
                escaped = true;
                i = escape(i);
            } else if (c >= 0x20 || c < 0) {
                i++;
            } else {
                p = i;
                throw syntax(String.format("raw control character U+%04X in a string (write it as an escape, e.g. \\n)", c));
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

    private int escape(int i) {
        if (i + 1 >= end) {
            p = i;
            throw syntax("unterminated string");
        }
        switch (b[i + 1]) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                return i + 2;
            case 'u':
                for (int j = i + 2; j < i + 6; j++) {
                    if (j >= end || Character.digit(b[j], 16) < 0) {
                        p = i;
                        throw syntax("expected four hex digits after \\u");
                    }
                }
                return i + 6;
            default:
                p = i;
                throw syntax("invalid escape \\" + (char) (b[i + 1] & 0xFF));
        }
    }

    private int member(Shape.Member[] members, int from, int to, boolean escaped, int next) {
        if (escaped) {
            String key = decode(from, to, true);
            for (int m = 0; m < members.length; m++) {
                if (members[m].text.equals(key)) {
                    return m;
                }
            }
            return -1;
        }
        if (next < members.length && same(from, to, members[next].name)) {
            return next;
        }
        for (int m = 0; m < members.length; m++) {
            if (same(from, to, members[m].name)) {
                return m;
            }
        }
        return -1;
    }

    private boolean constant(Shape s, int from, int to, boolean escaped) {
        if (escaped) {
            String key = decode(from, to, true);
            for (byte[] name : s.constants) {
                if (new String(name, StandardCharsets.UTF_8).equals(key)) {
                    return true;
                }
            }
            return false;
        }
        for (byte[] name : s.constants) {
            if (same(from, to, name)) {
                return true;
            }
        }
        return false;
    }

    private boolean same(int from, int to, byte[] name) {
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

    /** The text of a string already scanned (between its quotes). */
    String decode(int from, int to, boolean escaped) {
        return StrictJson.decode(b, from, to, escaped);
    }
}
