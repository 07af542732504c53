package io.httpjson.codec.internal;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Date;
import java.util.Set;

import io.httpjson.codec.JsonCodecException;

/**
 * Engine-independent pieces of the JSON mapping, so that every engine formats java.time values, dates and
 * {@code Object}-typed numbers the same way. Not API.
 */
public final class JsonTypes {

    /**
     * The java.time types written as ISO-8601 strings, plus {@link Date} and its java.sql subclasses (instants: a
     * Timestamp with its nanoseconds).
     */
    public static final Set<Class<?>> TIME_TYPES = Set.of(
            LocalDate.class,
            LocalDateTime.class,
            LocalTime.class,
            Instant.class,
            OffsetDateTime.class,
            OffsetTime.class,
            ZonedDateTime.class,
            Duration.class,
            Period.class,
            Year.class,
            YearMonth.class,
            MonthDay.class,
            ZoneOffset.class,
            Date.class,
            java.sql.Timestamp.class,
            java.sql.Date.class,
            java.sql.Time.class);

    /** The JDK's classes outside the mapping that both engines write as a string and read from one. */
    static final Set<Class<?>> TEXT_TYPES = Set.of(
            java.util.UUID.class,
            java.net.URI.class,
            java.net.URL.class,
            java.util.Locale.class,
            java.util.Currency.class,
            StringBuilder.class,
            StringBuffer.class);

    private JsonTypes() {}

    /** One of {@link #TEXT_TYPES}: written as its {@code toString()}, as a value and as a map key. */
    public static boolean isTextType(Class<?> c) {
        return TEXT_TYPES.contains(c);
    }

    /**
     * True if the strict check reads a value of {@code c} only as null: an interface or abstract class (but
     * Collection, Map, Number), Optional, a JDK class outside the mapping.
     */
    public static boolean readsOnlyNull(Class<?> c) {
        return Shape.of(c).kind == Shape.Kind.NONE;
    }

    /** A class of the JDK's (by name). */
    static boolean isJdkClass(String n) {
        return n.startsWith("java.")
                || n.startsWith("javax.")
                || n.startsWith("jdk.")
                || n.startsWith("sun.")
                || n.startsWith("com.sun.");
    }

    /** A collection class that refuses null elements: sorted sets, array deques, priority and concurrent queues. */
    static boolean takesNoNull(Class<?> c) {
        return java.util.SortedSet.class.isAssignableFrom(c)
                || java.util.ArrayDeque.class.isAssignableFrom(c)
                || java.util.PriorityQueue.class.isAssignableFrom(c)
                || java.util.EnumSet.class.isAssignableFrom(c)
                || java.util.concurrent.BlockingQueue.class.isAssignableFrom(c)
                || java.util.concurrent.ConcurrentLinkedQueue.class.isAssignableFrom(c)
                || java.util.concurrent.ConcurrentLinkedDeque.class.isAssignableFrom(c);
    }

    public static boolean isTimeType(Class<?> c) {
        return TIME_TYPES.contains(c) || (c != null && ZoneId.class.isAssignableFrom(c));
    }

    /** ISO-8601 text of a java.time value or a {@link Date} (as a UTC instant). */
    public static String formatTime(Object v) {
        String fast = IsoTimes.format(v);
        return fast != null ? fast : formatTimeWithJdk(v);
    }

    /** {@link #formatTime} by the JDK's formatters alone (what {@link IsoTimes} must agree with). */
    static String formatTimeWithJdk(Object v) {
        if (v instanceof LocalDateTime) {
            return DateTimeFormatter.ISO_LOCAL_DATE_TIME.format((LocalDateTime) v);
        } else if (v instanceof LocalTime) {
            return DateTimeFormatter.ISO_LOCAL_TIME.format((LocalTime) v);
        } else if (v instanceof OffsetDateTime) {
            return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format((OffsetDateTime) v);
        } else if (v instanceof OffsetTime) {
            return DateTimeFormatter.ISO_OFFSET_TIME.format((OffsetTime) v);
        } else if (v instanceof ZonedDateTime) {
            return DateTimeFormatter.ISO_ZONED_DATE_TIME.format((ZonedDateTime) v);
        } else if (v instanceof java.sql.Timestamp) {
            return formatTime(((java.sql.Timestamp) v).toInstant());
        } else if (v instanceof Date) {
            return Instant.ofEpochMilli(((Date) v).getTime()).toString(); // java.sql.Date has no toInstant()
        } else if (v instanceof ZoneId) {
            return ((ZoneId) v).getId();
        }
        // LocalDate, Instant, Duration, Period, Year, YearMonth, MonthDay: toString() is ISO-8601
        return v.toString();
    }

    /** Parses ISO-8601 text written by {@link #formatTime} as {@code type}. */
    public static Object parseTime(Class<?> type, String s) {
        Object fast = IsoTimes.parse(type, s);
        return fast != null ? fast : parseTimeWithJdk(type, s);
    }

    /** {@link #parseTime} by the JDK's parsers alone (what {@link IsoTimes} must agree with). */
    static Object parseTimeWithJdk(Class<?> type, String s) {
        try {
            if (type == LocalDate.class) return LocalDate.parse(s);
            if (type == LocalDateTime.class) return LocalDateTime.parse(s);
            if (type == LocalTime.class) return LocalTime.parse(s);
            if (type == Instant.class) return Instant.parse(s);
            if (type == OffsetDateTime.class) return OffsetDateTime.parse(s);
            if (type == OffsetTime.class) return OffsetTime.parse(s);
            if (type == ZonedDateTime.class) return ZonedDateTime.parse(s);
            if (type == Duration.class) return Duration.parse(s);
            if (type == Period.class) return Period.parse(s);
            if (type == Year.class) return Year.parse(s);
            if (type == YearMonth.class) return YearMonth.parse(s);
            if (type == MonthDay.class) return MonthDay.parse(s);
            if (type == ZoneOffset.class) return ZoneOffset.of(s);
            if (ZoneId.class.isAssignableFrom(type)) return ZoneId.of(s);
            if (type == Date.class) return Date.from(Instant.parse(s));
            if (type == java.sql.Timestamp.class) return java.sql.Timestamp.from((Instant) parseTime(Instant.class, s));
            if (type == java.sql.Date.class) return new java.sql.Date(((Date) parseTime(Date.class, s)).getTime());
            if (type == java.sql.Time.class) return new java.sql.Time(((Date) parseTime(Date.class, s)).getTime());
        } catch (DateTimeException e) {
            throw new JsonCodecException(
                    "expected an ISO-8601 " + type.getSimpleName() + " string but found \"" + abbreviate(s) + "\": "
                            + e.getMessage(),
                    e);
        }
        throw new JsonCodecException("not a date/time type: " + type.getTypeName());
    }

    /**
     * The value of a JSON number read with declared type {@code Object}: integers as the smallest of
     * Integer, Long, BigInteger; anything with a fraction or exponent as BigDecimal.
     */
    public static Number objectNumber(String text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (c == '.' || c == 'e' || c == 'E') {
                return new BigDecimal(text);
            }
        }
        int digits = text.length() - (text.charAt(0) == '-' ? 1 : 0);
        if (digits <= 9) {
            return Integer.valueOf(text);
        }
        if (digits <= 18) {
            long l = Long.parseLong(text);
            return (l == (int) l) ? (Number) Integer.valueOf((int) l) : (Number) Long.valueOf(l);
        }
        BigInteger b = new BigInteger(text);
        if (b.bitLength() < 32) return b.intValue();
        if (b.bitLength() < 64) return b.longValue();
        return b;
    }

    /**
     * The text of a BigDecimal or BigInteger to write, or a {@link JsonCodecException} if no httpjson reader would
     * take it back (an exponent beyond \u00b12047, a scale beyond \u00b19999, more than 10,000 characters).
     */
    public static String writableNumber(Number n) {
        if (n instanceof BigDecimal
                && ((BigDecimal) n).precision() <= 1000
                && Math.abs(((BigDecimal) n).scale()) <= 1000) {
            return n.toString(); // within every bound: exponent, scale and length are all far from them
        }
        String text = n.toString();
        String why = JsonNumbers.unreadable(text);
        if (why != null) {
            throw new JsonCodecException("cannot write the " + n.getClass().getSimpleName() + " " + abbreviate(text)
                    + " as JSON: " + why + ", which no httpjson reader takes back");
        }
        return text;
    }

    /** The value a primitive type takes when JSON says null or the value is absent; null for other types. */
    public static Object primitiveDefault(Type type) {
        if (!(type instanceof Class) || !((Class<?>) type).isPrimitive()) return null;
        Class<?> c = (Class<?>) type;
        if (c == int.class) return 0;
        if (c == long.class) return 0L;
        if (c == boolean.class) return Boolean.FALSE;
        if (c == double.class) return 0d;
        if (c == float.class) return 0f;
        if (c == short.class) return (short) 0;
        if (c == byte.class) return (byte) 0;
        if (c == char.class) return (char) 0;
        return null;
    }

    /** A short, readable name of a type for error messages. */
    public static String typeName(Type type) {
        if (type == null) return "Object";
        if (type instanceof Class) {
            Class<?> c = (Class<?>) type;
            return c.isArray() ? typeName(c.getComponentType()) + "[]" : c.getName();
        }
        if (type instanceof ParameterizedType || type instanceof GenericArrayType) {
            return type.getTypeName();
        }
        return type.toString();
    }

    public static Class<?> rawClass(Type type) {
        if (type instanceof Class) return (Class<?>) type;
        if (type instanceof ParameterizedType) return (Class<?>) ((ParameterizedType) type).getRawType();
        if (type instanceof GenericArrayType) {
            return Array.newInstance(rawClass(((GenericArrayType) type).getGenericComponentType()), 0)
                    .getClass();
        }
        return Object.class;
    }

    public static String abbreviate(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    /** A short excerpt of input for error messages. */
    public static String excerpt(byte[] json, int offset, int length) {
        int n = Math.min(length, 80);
        String s = new String(json, offset, n, StandardCharsets.UTF_8);
        return n < length ? s + "..." : s;
    }

    /** Index of a named argument; an unknown name is an error that lists the known ones. */
    public static int argumentIndex(String[] names, String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        throw new JsonCodecException(
                "unknown argument \"" + abbreviate(name) + "\"; expected one of " + Arrays.toString(names));
    }

    /** Gives the arguments a named-argument object left out {@code null}, or their primitive default. */
    public static void fillMissing(Object[] values, boolean[] seen, Type[] types) {
        for (int i = 0; i < types.length; i++) {
            if (!seen[i]) {
                values[i] = primitiveDefault(types[i]);
            }
        }
    }

    /** What was being read when reading named arguments failed: the argument and its type, if known. */
    public static String namedArgumentContext(String[] names, Type[] types, String name) {
        if (name != null) {
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name)) {
                    return "cannot read argument \"" + name + "\" (" + typeName(types[i]) + ")";
                }
            }
        }
        return "cannot read named arguments";
    }
}
