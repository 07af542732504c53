package io.httpjson.codec.internal;

import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonChecker.Failure;

/**
 * The one input check of every {@code JsonCodec}, run over the bytes before the engine binds
 * them, so that both engines accept exactly the same input: strict RFC 8259 JSON (no comments, single quotes,
 * unquoted keys, trailing commas, NaN/Infinity, leading zeros, raw control characters in strings, invalid UTF-8
 * or trailing text) whose values the declared types hold without loss (see {@link JsonNumbers} for numbers;
 * enums by constant name, java.time values and dates as ISO-8601 strings, strings for String, arrays for lists,
 * objects for maps and POJOs). {@code "$ref"} and other unknown keys are plain data. A failure is a
 * {@link JsonCodecException} naming the argument, the JSON path, what was expected and what was found. Not API.
 */
public final class StrictJson {

    private StrictJson() {}

    /** Checks one value of {@code type}; a failure names it {@code value (Type)}. */
    public static void check(byte[] json, int offset, int length, Type type) {
        Shape s = Shape.of(type);
        JsonChecker j = new JsonChecker(json, offset, length);
        try {
            j.value(s);
            j.expectEnd();
        } catch (Failure f) {
            throw failure("value (" + s.name + ")", f);
        } catch (StackOverflowError e) {
            throw new JsonCodecException("value (" + s.name + "): JSON nested too deeply", e);
        }
    }

    /**
     * Checks a JSON array of arguments, element {@code i} against {@code types[i]} (a failure names it
     * {@code argument i (Type)}); extra elements are only checked to be JSON, the codec reports their number.
     */
    public static void checkArray(byte[] json, int offset, int length, Type[] types) {
        JsonChecker j = new JsonChecker(json, offset, length);
        String where = "arguments";
        try {
            if (j.skipWhitespace() != '[') {
                j.value(Shape.ANY);
                j.expectEnd();
                return;
            }
            j.enter();
            int c = j.skipWhitespace();
            for (int i = 0; c != ']'; i++) {
                Shape s = i < types.length ? Shape.of(types[i]) : Shape.ANY;
                where = "argument " + i + " (" + s.name + ")";
                j.value(s);
                where = "arguments";
                c = j.afterValue(']');
            }
            j.p++;
            j.expectEnd();
        } catch (Failure f) {
            throw failure(where, f);
        } catch (StackOverflowError e) {
            throw new JsonCodecException(where + ": JSON nested too deeply", e);
        }
    }

    /**
     * Checks a JSON object of named arguments, the value of key {@code names[i]} against {@code types[i]} (a failure
     * names it {@code argument "name" (Type)}); unknown keys are only checked to be JSON, the codec reports them.
     */
    public static void checkNamed(byte[] json, int offset, int length, String[] names, Type[] types) {
        JsonChecker j = new JsonChecker(json, offset, length);
        String where = "arguments";
        try {
            if (j.skipWhitespace() != '{') {
                j.value(Shape.ANY);
                j.expectEnd();
                return;
            }
            j.enter();
            int c = j.skipWhitespace();
            while (c != '}') {
                if (c != '"') {
                    throw j.syntax("expected an argument name in double quotes but found " + describe(c));
                }
                int from = j.p + 1;
                boolean escaped = JsonStrings.scan(j);
                String name = decode(json, from, j.p - 1, escaped);
                int colon = j.skipWhitespace();
                if (colon != ':') {
                    throw j.syntax("expected ':' after an argument name but found " + describe(colon));
                }
                j.p++;
                int i = Arrays.asList(names).indexOf(name);
                Shape s = i >= 0 ? Shape.of(types[i]) : Shape.ANY;
                where = "argument \"" + name + "\" (" + s.name + ")";
                j.value(s);
                where = "arguments";
                c = j.afterValue('}');
            }
            j.p++;
            j.expectEnd();
        } catch (Failure f) {
            throw failure(where, f);
        } catch (StackOverflowError e) {
            throw new JsonCodecException(where + ": JSON nested too deeply", e);
        }
    }

    private static JsonCodecException failure(String where, Failure f) {
        return new JsonCodecException(where + f.path + ": " + f.getMessage());
    }

    /** What a shape accepts, for "expected ... but found ...". */
    static String expected(Shape s) {
        switch (s.kind) {
            case STRING:
                return s.raw == java.util.UUID.class ? UuidCheck.EXPECTED : "a string";
            case CHAR:
                return "a string of one character (" + s.name + ")";
            case BOOLEAN:
                return "true or false (" + s.name + ")";
            case INTEGER:
                return "an integer (" + s.name + ")";
            case BIG_INTEGER:
                return "an integer (BigInteger)";
            case DECIMAL:
                return "a number (" + s.name + ")";
            case FLOATING:
                return "a number (" + s.name + ")";
            case ENUM:
                return "one of the constants " + constants(s) + " (" + s.name + ")";
            case TIME:
                return "an ISO-8601 " + s.name + " string";
            case DATE:
                return "an ISO-8601 instant string or epoch milliseconds (Date)";
            case BYTES:
                return "a base64 string (byte[])";
            case LIST:
                return "an array (" + s.name + ")";
            case MAP:
                return "an object (" + s.name + ")";
            case POJO:
                return "an object (" + s.name + ")";
            case NONE:
                if (s.raw == java.util.Optional.class) {
                    return "null (" + s.name
                            + " is not read from JSON: declare the value's own type, which may be null)";
                }
                Class<?> outer = Unmapped.enclosingInstance(s.raw);
                if (outer != null) {
                    return "null (" + Unmapped.innerClass(s.raw, outer) + ")";
                }
                if (!s.raw.isInterface() && JsonTypes.isJdkClass(s.raw.getName())) {
                    return "null (" + Unmapped.outsideTheMapping(s.raw, s.raw.getSimpleName()) + ")";
                }
                if (s.raw.isInterface() || java.lang.reflect.Modifier.isAbstract(s.raw.getModifiers())) {
                    return "null (" + s.name
                            + " is an interface or abstract class: JSON is read into concrete classes only)";
                }
                return "null (" + s.name + " is a JDK class outside httpjson's JSON mapping: declare a type of the"
                        + " mapping, see docs/serialization.md)";
            default:
                return "a JSON value";
        }
    }

    /** The problem of a null element in a collection that takes none. */
    static String nullElement(Shape list) {
        return "expected an element but found null (" + list.name + " does not take null)";
    }

    private static String constants(Shape s) {
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < s.constants.length && i < 20; i++) {
            sb.append(i == 0 ? "" : ", ").append(new String(s.constants[i], StandardCharsets.UTF_8));
        }
        return sb.append(s.constants.length > 20 ? ", ...]" : "]").toString();
    }

    /** A byte where something else was expected, with a hint for the usual non-JSON habits. */
    static String describe(int c) {
        if (c == -1) return "the end of the input";
        if (c == '\'') return "' (single quotes are not JSON: quote strings and names with \")";
        if (c == '/') return "/ (comments are not JSON)";
        if (c == 'N' || c == 'I') return "'" + (char) c + "' (NaN and Infinity are not JSON numbers)";
        if (c == '}' || c == ']') return "'" + (char) c + "'";
        if (c >= 0x21 && c < 0x7F)
            return "'" + (char) c + "'" + (Character.isLetter(c) ? " (text must be quoted with \")" : "");
        return String.format("the byte 0x%02X", c & 0xFF);
    }

    static String quote(String s) {
        return "\"" + JsonTypes.abbreviate(s) + "\"";
    }

    /** The text of a JSON string's content {@code b[from, to)}, already checked well-formed. */
    static String decode(byte[] b, int from, int to, boolean escaped) {
        if (!escaped) {
            return new String(b, from, to - from, StandardCharsets.UTF_8);
        }
        StringBuilder sb = new StringBuilder(to - from);
        int run = from;
        int i = from;
        while (i < to) {
            if (b[i] != '\\') {
                i++;
                continue;
            }
            sb.append(new String(b, run, i - run, StandardCharsets.UTF_8));
            byte e = b[i + 1];
            switch (e) {
                case 'b':
                    sb.append('\b');
                    break;
                case 'f':
                    sb.append('\f');
                    break;
                case 'n':
                    sb.append('\n');
                    break;
                case 'r':
                    sb.append('\r');
                    break;
                case 't':
                    sb.append('\t');
                    break;
                case 'u':
                    sb.append((char) Integer.parseInt(new String(b, i + 2, 4, StandardCharsets.US_ASCII), 16));
                    break;
                default:
                    sb.append((char) e);
            }
            i += e == 'u' ? 6 : 2;
            run = i;
        }
        return sb.append(new String(b, run, to - run, StandardCharsets.UTF_8)).toString();
    }
}
