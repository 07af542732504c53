package io.httpjson.protocol.internal.openapi;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.codec.internal.JsonTypes;

/** The schemas of the types JSON holds as one string, number or boolean (docs/protocol.md, "JSON mapping"). */
final class Scalars {

    private Scalars() {}

    /** The schema of {@code c} if it is one of them, else {@code null}. A fresh map each time. */
    static Map<String, Object> of(Class<?> c) {
        if (c == String.class) {
            return type("string", null);
        }
        if (c == char.class || c == Character.class) {
            Map<String, Object> s = type("string", null);
            s.put("minLength", 1);
            s.put("maxLength", 1);
            return s;
        }
        if (c == boolean.class || c == Boolean.class) {
            return type("boolean", null);
        }
        if (c == byte.class || c == Byte.class) {
            return range(type("integer", "int32"), Byte.MIN_VALUE, Byte.MAX_VALUE);
        }
        if (c == short.class || c == Short.class) {
            return range(type("integer", "int32"), Short.MIN_VALUE, Short.MAX_VALUE);
        }
        if (c == int.class || c == Integer.class) {
            return type("integer", "int32");
        }
        if (c == long.class || c == Long.class) {
            return described(type("integer", "int64"), "A 64-bit integer. " + Schemas.BIG_NUMBER);
        }
        if (c == BigInteger.class) {
            return described(type("integer", null), "An integer of any size. " + Schemas.BIG_NUMBER);
        }
        if (c == float.class || c == Float.class) {
            return type("number", "float");
        }
        if (c == double.class || c == Double.class) {
            return type("number", "double");
        }
        if (c == BigDecimal.class) {
            return described(type("number", null), "A decimal of any precision. " + Schemas.BIG_NUMBER);
        }
        if (c == byte[].class) {
            // OpenAPI 3.1's way; format byte (3.0's) makes some generators hand back the raw JSON text as bytes
            Map<String, Object> s = type("string", null);
            s.put("contentEncoding", "base64");
            return described(s, "bytes as base64 (RFC 4648, padded)");
        }
        if (c == UUID.class) {
            return type("string", "uuid");
        }
        if (c == URI.class || c == URL.class) {
            return type("string", "uri");
        }
        if (JsonTypes.isTextType(c)) {
            return described(type("string", null), "a " + c.getName() + " as its text, e.g. en_US for a Locale");
        }
        if (c == AtomicBoolean.class) {
            return type("boolean", null);
        }
        if (c == AtomicInteger.class) {
            return type("integer", "int32");
        }
        if (c == AtomicLong.class) {
            return described(type("integer", "int64"), "A 64-bit integer. " + Schemas.BIG_NUMBER);
        }
        return time(c);
    }

    private static Map<String, Object> time(Class<?> c) {
        if (c == LocalDate.class) {
            return described(type("string", "date"), "ISO-8601 date, e.g. 2024-01-31");
        }
        if (c == Instant.class || Date.class.isAssignableFrom(c) || c == OffsetDateTime.class) {
            return described(type("string", "date-time"), "ISO-8601 date-time with offset, e.g. 2024-01-31T10:15:30Z");
        }
        if (c == ZonedDateTime.class) {
            return described(
                    type("string", "date-time"),
                    "ISO-8601 date-time with offset and optional zone id, e.g. 2024-01-31T10:15:30+01:00[Europe/Paris]");
        }
        if (c == LocalDateTime.class) {
            // RFC 3339 date-time wants an offset; a LocalDateTime has none
            return described(
                    type("string", "date-time"),
                    "ISO-8601 local date-time, without offset, e.g. 2024-01-31T10:15:30 (java.time.LocalDateTime)");
        }
        if (c == LocalTime.class) {
            return described(type("string", "time"), "ISO-8601 local time, without offset, e.g. 10:15:30");
        }
        if (c == Duration.class) {
            return described(type("string", "duration"), "ISO-8601 duration, e.g. PT1.5S");
        }
        return null;
    }

    private static Map<String, Object> type(String type, String format) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", type);
        if (format != null) {
            s.put("format", format);
        }
        return s;
    }

    private static Map<String, Object> range(Map<String, Object> s, long min, long max) {
        s.put("minimum", min);
        s.put("maximum", max);
        return s;
    }

    private static Map<String, Object> described(Map<String, Object> s, String description) {
        s.put("description", description);
        return s;
    }
}
