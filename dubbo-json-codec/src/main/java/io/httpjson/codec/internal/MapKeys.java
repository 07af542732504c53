package io.httpjson.codec.internal;

import java.nio.charset.StandardCharsets;
import java.util.Date;

import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonChecker.Failure;

/**
 * The keys of a map whose key type is not String: a JSON key is always a string, and its text must be what a
 * value of the key type would be in JSON, by the same rules ({@code "12"} for a Long, not {@code "012"},
 * {@code "+12"} or {@code " 12"}; an enum constant's exact name; an ISO-8601 date), so that both engines read the
 * same keys the same way. Key types that JSON text cannot name (objects, lists) are refused. Not API.
 */
public final class MapKeys {

    private MapKeys() {}

    /**
     * The text a map key that is not a String is written as: the JSON text of its value without quotes (a number's
     * or boolean's literal, {@code BigDecimal.toString}, an enum constant's {@code name()}, a date's ISO-8601 text,
     * a UUID's or Locale's text), as {@link #check} reads it back. A null key, NaN, Infinity and keys of other types
     * (objects, lists) are refused.
     */
    public static String text(Object key) {
        if (key == null) {
            throw new JsonCodecException(
                    "a map with a null key cannot be written as JSON: object keys are strings, and"
                            + " \"null\" would arrive as that text (hessian2 carries null keys; remove the entry or use a key)");
        }
        if (key instanceof Enum) {
            return ((Enum<?>) key).name(); // a constant with a body too, and never its toString()
        }
        if ((key instanceof Double || key instanceof Float) && !Double.isFinite(((Number) key).doubleValue())) {
            throw new JsonCodecException("cannot write the map key " + key + ": JSON has no NaN or Infinity");
        }
        if (key instanceof java.math.BigDecimal) {
            return JsonTypes.writableNumber((Number) key);
        }
        if (key instanceof Number
                || key instanceof Boolean
                || key instanceof Character
                || JsonTypes.isTextType(key.getClass())) {
            return key.toString(); // BigDecimal.toString and a UUID's text, as their values are written
        }
        if (key instanceof Date || JsonTypes.isTimeType(key.getClass())) {
            return JsonTypes.formatTime(key);
        }
        throw new JsonCodecException(
                "cannot write a map key of type " + key.getClass().getName() + ": JSON map keys"
                        + " are strings, numbers, booleans, enum constants, dates or the JDK's text types (UUID...)");
    }

    /** Checks the key {@code j.b[from, to)} (the content of a scanned string) against {@code key}. */
    static void check(JsonChecker j, Shape key, int from, int to, boolean escaped) {
        switch (key.kind) {
            case STRING: // a UUID's, URI's... text: checked as the value would be
            case CHAR:
            case ENUM:
            case TIME:
            case DATE:
                j.text(key, from, to, escaped);
                return;
            case INTEGER:
            case BIG_INTEGER:
            case DECIMAL:
            case FLOATING:
            case BOOLEAN:
                literal(j, key, from, to, escaped);
                return;
            default:
                throw new Failure("map keys of type " + key.name + " are not read from JSON (expected a map whose"
                        + " keys are strings, numbers, booleans, enum constants or dates)");
        }
    }

    /** The key's text read as the JSON number or boolean of the key type, and nothing around it. */
    private static void literal(JsonChecker j, Shape key, int from, int to, boolean escaped) {
        String text = j.decode(from, to, escaped);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        boolean bare = bytes.length > 0 && !blank(bytes[0]) && !blank(bytes[bytes.length - 1]) && bytes[0] != 'n';
        try {
            if (bare) {
                JsonChecker k = new JsonChecker(bytes, 0, bytes.length);
                k.value(key);
                k.expectEnd();
                return;
            }
        } catch (Failure f) {
            // reported below, as a key
        }
        throw new Failure("expected map keys that are " + StrictJson.expected(key) + " but found the key "
                + StrictJson.quote(text));
    }

    private static boolean blank(byte c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
