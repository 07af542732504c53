package io.httpjson.codec.internal;

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
        if (end - p < n
                || b[p + 1] != word[1]
                || b[p + 2] != word[2]
                || b[p + 3] != word[3]
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
        Shape keys = k == Kind.MAP ? s.key() : null;
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
            boolean escaped = JsonStrings.scan(this);
            int keyEnd = p - 1;
            if (keys != null && keys.kind != Kind.ANY && (keys.kind != Kind.STRING || keys.raw != String.class)) {
                MapKeys.check(this, keys, keyStart, keyEnd, escaped);
            }
            c = skipWhitespace();
            if (c != ':') {
                throw syntax("expected ':' after a field name but found " + StrictJson.describe(c));
            }
            p++;
            Shape v = values;
            if (members != null) {
                int m = JsonStrings.member(b, members, keyStart, keyEnd, escaped, next);
                if (m >= 0) {
                    v = members[m].shape();
                    next = m + 1;
                } else if ((escaped || keyEnd - keyStart == 5) && "@type".equals(decode(keyStart, keyEnd, escaped))) {
                    throw new Failure("\"@type\" is not accepted: JSON never names a class here (" + s.name + ")");
                } else {
                    v = Shape.ANY; // an unknown key is ignored, its value is only checked to be JSON
                }
            }
            try {
                c = skipWhitespace();
                if (c == '"' && (v.kind == Kind.STRING || v.kind == Kind.ANY)) {
                    JsonStrings.scan(this); // the most common field, without the dispatch of value()
                } else if ((c >= '0' && c <= '9') || c == '-') {
                    JsonNumbers.check(this, v);
                } else {
                    value(v);
                }
            } catch (Failure f) {
                throw f.at("." + decode(keyStart, keyEnd, escaped));
            }
            if ((c = afterValue('}')) == '}') {
                p++;
                depth--;
                return;
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
        boolean noNull = k == Kind.LIST && s.noNull;
        int c = skipWhitespace();
        if (c == ']') {
            p++;
            depth--;
            return;
        }
        for (int i = 0; ; i++) {
            try {
                if (noNull && skipWhitespace() == 'n') {
                    throw e.raw.isPrimitive() ? mismatch(e, "null") : new Failure(StrictJson.nullElement(s));
                }
                value(e);
            } catch (Failure f) {
                throw f.at("[" + i + "]");
            }
            if (afterValue(']') == ']') {
                p++;
                depth--;
                return;
            }
        }
    }

    /**
     * After a value in an array or object: past a comma to the next value, returning its first byte; or at
     * {@code close}, returning it without moving past it. Anything else, or a comma right before {@code close}, is
     * a syntax error.
     */
    int afterValue(char close) {
        int c = skipWhitespace();
        if (c == ',') {
            p++;
            c = skipWhitespace();
            if (c == close) {
                throw syntax("trailing comma before '" + close + "'");
            }
        } else if (c != close) {
            throw syntax("expected ',' or '" + close + "' but found " + StrictJson.describe(c));
        }
        return c;
    }

    private void string(Shape s) {
        int from = p + 1;
        boolean escaped = JsonStrings.scan(this);
        text(s, from, p - 1, escaped);
    }

    /** Checks the content {@code b[from, to)} of a string already scanned as a value of {@code s}. */
    void text(Shape s, int from, int to, boolean escaped) {
        boolean ok;
        switch (s.kind) {
            case ANY:
                return;
            case STRING:
                ok = s.raw != java.util.UUID.class || UuidCheck.canonical(this, from, to, escaped);
                break;
            case BYTES:
                // as written: fastjson2 reads no escape (such as \/) inside base64, Gson does
                ok = !escaped && Base64Check.canonical(b, from, to);
                break;
            case CHAR:
                ok = decode(from, to, escaped).length() == 1;
                break;
            case ENUM:
                ok = JsonStrings.constant(b, s, from, to, escaped);
                break;
            case TIME:
            case DATE:
                if (!escaped && TimeCheck.valid(s.raw, b, from, to)) {
                    return;
                }
                try {
                    JsonTypes.parseTime(s.raw, decode(from, to, escaped));
                    return;
                } catch (RuntimeException e) {
                    throw new Failure("expected " + StrictJson.expected(s) + " but found "
                            + StrictJson.quote(decode(from, to, escaped)));
                }
            default:
                throw mismatch(s, "the string " + StrictJson.quote(decode(from, to, escaped)));
        }
        if (!ok) {
            throw mismatch(s, StrictJson.quote(decode(from, to, escaped)));
        }
    }

    /** The text of a string already scanned (between its quotes). */
    String decode(int from, int to, boolean escaped) {
        return StrictJson.decode(b, from, to, escaped);
    }
}
