package io.httpjson.serialization.gson.internal;

import java.math.BigDecimal;
import java.math.BigInteger;

import com.google.gson.JsonSyntaxException;
import com.google.gson.stream.JsonReader;
import io.httpjson.codec.internal.JsonTypes;

/**
 * A map key as JSON text: the text its value would be in JSON (an enum constant's {@code name()}, a date or time
 * in ISO-8601 as {@link TimeAdapterFactory} writes it, a number or boolean as its literal), and back. The strict
 * input check has accepted the key's text for the key type before it is read here. Not API.
 */
final class MapKeyText {

    static final int STRING = 0;
    static final int INT = 1;
    static final int LONG = 2;
    static final int SHORT = 3;
    static final int BYTE = 4;
    static final int BIG_INTEGER = 5;
    static final int BIG_DECIMAL = 6;
    static final int DOUBLE = 7;
    static final int FLOAT = 8;
    static final int BOOLEAN = 9;
    static final int CHAR = 10;
    static final int ENUM = 11;
    static final int TIME = 12;
    /** A UUID, URI, Locale... ({@link JsonTypes#isTextType}): read by Gson's adapter of its class. */
    static final int TEXT = 13;

    static final int OTHER = 14;

    private MapKeyText() {}

    /** How keys of the declared key class are read: one of the constants above. */
    static int kind(Class<?> c) {
        if (c == String.class || c == Object.class) return STRING;
        if (c == Integer.class) return INT;
        if (c == Long.class) return LONG;
        if (c == Short.class) return SHORT;
        if (c == Byte.class) return BYTE;
        if (c == BigInteger.class) return BIG_INTEGER;
        if (c == BigDecimal.class) return BIG_DECIMAL;
        if (c == Double.class) return DOUBLE;
        if (c == Float.class) return FLOAT;
        if (c == Boolean.class) return BOOLEAN;
        if (c == Character.class) return CHAR;
        if (c.isEnum()) return ENUM;
        if (JsonTypes.isTimeType(c)) return TIME;
        if (JsonTypes.isTextType(c)) return TEXT;
        return OTHER;
    }

    /** The key of class {@code c} (of {@link #kind} {@code kind}) whose text is {@code s}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static Object parse(int kind, Class<?> c, String s, JsonReader in) {
        try {
            switch (kind) {
                case STRING:
                    return s;
                case INT:
                    return Integer.valueOf(s);
                case LONG:
                    return Long.valueOf(s);
                case SHORT:
                    return Short.valueOf(s);
                case BYTE:
                    return Byte.valueOf(s);
                case BIG_INTEGER:
                    return new BigInteger(s);
                case BIG_DECIMAL:
                    return new BigDecimal(s);
                case DOUBLE:
                    return Double.valueOf(s);
                case FLOAT:
                    return Float.valueOf(s);
                case BOOLEAN:
                    if (s.equals("true") || s.equals("false")) {
                        return Boolean.valueOf(s);
                    }
                    break;
                case CHAR:
                    if (s.length() == 1) {
                        return s.charAt(0);
                    }
                    break;
                case ENUM:
                    return Enum.valueOf((Class) c, s);
                case TIME:
                    return JsonTypes.parseTime(c, s);
                default:
                    throw new JsonSyntaxException(
                            "map keys of type " + c.getName() + " are not read from JSON at " + in.getPreviousPath());
            }
        } catch (IllegalArgumentException e) { // NumberFormatException, no such constant
            throw new JsonSyntaxException(message(c, s, in), e);
        }
        throw new JsonSyntaxException(message(c, s, in));
    }

    private static String message(Class<?> c, String s, JsonReader in) {
        return "expected map keys of type " + c.getSimpleName() + " but found the key \"" + JsonTypes.abbreviate(s)
                + "\" at " + in.getPreviousPath();
    }
}
