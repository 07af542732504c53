package io.httpjson.codec.conformance;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.ThrowableJson;
import io.httpjson.codec.conformance.Model.Color;
import io.httpjson.codec.conformance.Model.Foo;
import io.httpjson.codec.internal.AllowList;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * What a {@link JsonCodec} accepts, as data: strict RFC 8259 syntax and lossless binding to the declared types.
 * Every engine runs the same cases with the same expectations (one subclass per engine), so both accept and
 * refuse exactly the same input, and refuse it with the same message.
 */
public abstract class StrictInputContract {

    /** An accepted case whose value is not compared. */
    static final Object ANY_VALUE = new Object();

    record Case(String json, Type type, String error, Object value) {
        @Override
        public String toString() {
            String j = json.length() > 60 ? json.substring(0, 60) + "..." : json;
            return j.replace("\n", "\\n").replace("\t", "\\t") + " as " + type.getTypeName()
                    + (error == null ? " -> accepted" : " -> refused");
        }
    }

    protected abstract JsonCodec codec();

    /** The dubbo-protocol serialization over the same engine. */
    protected abstract Serialization serialization();

    static Case ok(String json, Type type, Object value) {
        return new Case(json, type, null, value);
    }

    static Case bad(String json, Type type, String error) {
        return new Case(json, type, error, null);
    }

    static Type listOf(Type element) {
        return parameterized(List.class, element);
    }

    static Type parameterized(Class<?> raw, Type... args) {
        return CodecContract.type(raw, args);
    }

    static List<Case> cases() {
        Type strings = listOf(String.class);
        Type map = parameterized(Map.class, String.class, Object.class);
        List<Case> l = new ArrayList<>();
        // syntax: RFC 8259 and nothing else
        l.add(ok(" {\"a\" : [1, -0.5e-3, \"x\\u00e9\\n\", true, false, null]}\r\n\t", Object.class, ANY_VALUE));
        l.add(bad("['x']", strings, "single quotes"));
        l.add(bad("{'a':1}", map, "single quotes"));
        l.add(bad("[\"x\" /* c */]", strings, "comments"));
        l.add(bad("// c\n[\"x\"]", strings, "comments"));
        l.add(bad("{a:1}", map, "quote"));
        l.add(bad("[\"x\",]", strings, "trailing comma"));
        l.add(bad("{\"a\":1,}", map, "trailing comma"));
        l.add(bad("[NaN]", listOf(Double.class), "NaN"));
        l.add(bad("[Infinity]", listOf(Double.class), "Infinity"));
        l.add(bad("[-Infinity]", listOf(Double.class), "digit"));
        l.add(bad("[01]", listOf(Integer.class), "leading zeros"));
        l.add(bad("[-01]", listOf(Integer.class), "leading zeros"));
        l.add(bad("[1.]", listOf(Double.class), "decimal point"));
        l.add(bad("[.5]", listOf(Double.class), "'.'"));
        l.add(bad("[+1]", listOf(Integer.class), "'+'"));
        l.add(bad("[1e]", listOf(Double.class), "exponent"));
        l.add(bad("[0x10]", listOf(Integer.class), "'x'"));
        l.add(bad("[\"a\tb\"]", strings, "raw control character U+0009"));
        l.add(bad("[\"a\nb\"]", strings, "raw control character U+000A"));
        l.add(bad("[\"a\\xb\"]", strings, "invalid escape"));
        l.add(bad("[\"\\u12\"]", strings, "hex digits"));
        l.add(bad("[\"x\"] x", strings, "end of the input"));
        l.add(bad("[\"x\"][\"y\"]", strings, "end of the input"));
        l.add(bad("1\u001A", int.class, "end of the input"));
        l.add(bad("[tru]", listOf(Boolean.class), "value"));
        l.add(bad("[\"x\"", strings, "end of the input"));
        l.add(bad("", String.class, "end of the input"));
        l.add(ok("[\"\\ud83d\\ude00\\u00e9\"]", strings, List.of("\ud83d\ude00\u00e9")));
        // integers: integer literals within the range of the type
        l.add(bad("1.5", long.class, "1.5 (not an integer)"));
        l.add(bad("1e2", long.class, "not an integer"));
        l.add(bad("1.0", Integer.class, "not an integer"));
        l.add(ok("9223372036854775807", long.class, Long.MAX_VALUE));
        l.add(ok("-9223372036854775808", Long.class, Long.MIN_VALUE));
        l.add(bad("9223372036854775808", long.class, "out of range"));
        l.add(bad("-9223372036854775809", long.class, "out of range"));
        l.add(bad("99999999999999999999999", Long.class, "out of range"));
        l.add(bad("1e30", int.class, "not an integer"));
        l.add(bad("3000000000", int.class, "out of range: -2147483648..2147483647"));
        l.add(ok("-2147483648", int.class, Integer.MIN_VALUE));
        l.add(bad("128", byte.class, "out of range"));
        l.add(bad("40000", Short.class, "out of range"));
        l.add(ok("-0", int.class, 0));
        l.add(bad("\"12\"", long.class, "expected an integer (long) but found the string \"12\""));
        l.add(bad("\"12\"", Integer.class, "the string"));
        l.add(bad("true", int.class, "found true"));
        l.add(bad("1.5", BigInteger.class, "not an integer"));
        l.add(ok("1" + "0".repeat(40), BigInteger.class, BigInteger.TEN.pow(40)));
        l.add(bad("9".repeat(10_001), BigInteger.class, "longer than 10000 characters"));
        // decimals and Object-typed numbers: bounded
        l.add(ok("1.5e3", BigDecimal.class, new BigDecimal("1.5e3")));
        l.add(bad("\"1.5\"", BigDecimal.class, "the string"));
        l.add(bad("1e999999999", BigDecimal.class, "exponent beyond \u00b12047"));
        l.add(bad("1e999999999", Object.class, "exponent beyond \u00b12047"));
        l.add(bad("[1e-2048]", listOf(Object.class), "[0]: expected a JSON value but found 1e-2048 (exponent beyond"));
        l.add(bad("1e-2048", double.class, "exponent beyond"));
        l.add(bad("0." + "0".repeat(8000) + "1e-2047", Object.class, "scale beyond \u00b19999"));
        l.add(ok("1e2047", Object.class, new BigDecimal("1e2047")));
        l.add(bad("9".repeat(20_000), BigDecimal.class, "longer than 10000 characters"));
        l.add(bad("9".repeat(1_000_000), Object.class, "longer than 10000 characters"));
        l.add(ok("1.5", double.class, 1.5d));
        l.add(ok("1e308", Double.class, 1e308d));
        l.add(bad("1e309", double.class, "out of range"));
        l.add(bad("1e400", double.class, "out of range"));
        l.add(bad("1e39", float.class, "out of range"));
        // more digits than a double holds, beside halfway between two floats: read through the nearest double (as
        // fastjson2 reads a float) it became the float on the other side (1.0, where the nearest is 1.0000001)
        l.add(bad("1.00000005960464477539062501", float.class, "so near halfway between two floats"));
        l.add(bad("[1.00000017881393432617187499]", listOf(Float.class), "[0]: expected"));
        l.add(ok("1.00000005960464477539062501", double.class, 1.0000000596046448d));
        l.add(ok("1.00000005960464477539", float.class, 1.0f)); // just below halfway: read
        l.add(ok("0.0000000001e-400", double.class, 0d));
        // kinds: a list is an array, a POJO or map an object, a string a string
        l.add(bad("{\"a\":1}", strings, "expected an array (List<String>) but found an object"));
        l.add(bad("5", strings, "expected an array"));
        l.add(bad("[1]", strings, "[0]: expected a string but found 1"));
        l.add(bad("{\"a\":1}", String.class, "expected a string but found an object"));
        l.add(bad("[1]", Foo.class, "expected an object (Foo) but found an array"));
        l.add(bad("\"x\"", Foo.class, "expected an object (Foo)"));
        l.add(bad("{\"tags\":{\"a\":1}}", Foo.class, ".tags: expected an array (List<String>) but found an object"));
        l.add(bad("{\"tags\":5}", Foo.class, ".tags: expected an array"));
        l.add(bad("{\"tags\":[\"a\",\"b\",3]}", Foo.class, "value (Foo).tags[2]: expected a string but found 3"));
        l.add(bad("{\"count\":1.5}", Foo.class, ".count: expected an integer (int) but found 1.5"));
        l.add(bad("[[1,2]]", listOf(map), "[0]: expected an object (Map<String, Object>) but found an array"));
        l.add(bad("\"true\"", boolean.class, "expected true or false"));
        l.add(bad("1", Boolean.class, "expected true or false"));
        l.add(bad("\"ab\"", char.class, "one character"));
        l.add(ok("\"a\"", Character.class, 'a'));
        l.add(bad("[1,2]", byte[].class, "base64"));
        l.add(ok("\"AAH/\"", byte[].class, ANY_VALUE));
        l.add(bad("\"AAH\\/\"", byte[].class, "base64")); // "\/" is "/", but fastjson2 reads no escape there
        l.add(ok("\"YQ==\"", byte[].class, ANY_VALUE));
        l.add(bad("\"YQ\"", byte[].class, "expected a base64 string (byte[]) but found \"YQ\""));
        l.add(bad("\"YR==\"", byte[].class, "found \"YR==\""));
        l.add(bad("\"YQ=a\"", byte[].class, "base64"));
        l.add(bad("\"Y Q==\"", byte[].class, "base64"));
        l.add(bad("\"YQ-_\"", byte[].class, "base64"));
        // enums by constant name
        l.add(ok("\"GREEN\"", Color.class, Color.GREEN));
        l.add(bad("\"NOPE\"", Color.class, "expected one of the constants [RED, GREEN] (Color) but found \"NOPE\""));
        l.add(bad("\"green\"", Color.class, "[RED, GREEN]"));
        l.add(bad("0", Color.class, "[RED, GREEN]"));
        l.add(bad("{\"color\":\"BLUE\"}", Foo.class, ".color: expected one of the constants"));
        // dates and times: ISO-8601
        l.add(ok("\"2024-01-31\"", LocalDate.class, LocalDate.of(2024, 1, 31)));
        l.add(bad(
                "\"yesterday\"",
                LocalDateTime.class,
                "expected an ISO-8601 LocalDateTime string but found \"yesterday\""));
        l.add(bad("\"2024-02-30\"", LocalDate.class, "ISO-8601 LocalDate"));
        l.add(bad("\"2024-01-31 10:15:30\"", LocalDateTime.class, "ISO-8601 LocalDateTime"));
        l.add(bad("20240131", LocalDate.class, "ISO-8601 LocalDate"));
        l.add(bad("{\"day\":\"31/01/2024\"}", Foo.class, ".day: expected an ISO-8601 LocalDate string"));
        l.add(ok("1700000000000", Date.class, new Date(1_700_000_000_000L)));
        l.add(bad("1.5", Date.class, "not an integer"));
        l.add(bad("\"31/01/2024\"", Date.class, "ISO-8601 instant"));
        // map keys: a key's text is what a value of the key type would be in JSON
        Type longKeys = parameterized(Map.class, Long.class, String.class);
        Type colorKeys = parameterized(Map.class, Color.class, String.class);
        l.add(ok("{\"12\":\"a\",\"-3\":\"b\"}", longKeys, Map.of(12L, "a", -3L, "b")));
        l.add(bad(
                "{\"007\":\"a\"}", longKeys, "expected map keys that are an integer (Long) but found the key \"007\""));
        l.add(bad("{\"+12\":\"a\"}", longKeys, "the key \"+12\""));
        l.add(bad("{\" 12\":\"a\"}", longKeys, "the key \" 12\""));
        l.add(bad("{\"1e2\":\"a\"}", longKeys, "the key \"1e2\""));
        l.add(bad("{\"1.0\":\"a\"}", parameterized(Map.class, Integer.class, String.class), "the key \"1.0\""));
        l.add(bad("{\"null\":\"a\"}", longKeys, "the key \"null\""));
        l.add(ok("{\"GREEN\":\"g\"}", colorKeys, Map.of(Color.GREEN, "g")));
        l.add(bad(
                "{\"NOPE\":\"a\"}",
                colorKeys,
                "expected one of the constants [RED, GREEN] (Color) but found \"NOPE\""));
        l.add(bad("{\"red\":\"a\"}", colorKeys, "[RED, GREEN]"));
        l.add(ok("{\"true\":\"t\"}", parameterized(Map.class, Boolean.class, String.class), Map.of(true, "t")));
        l.add(bad("{\"yes\":\"a\"}", parameterized(Map.class, Boolean.class, String.class), "the key \"yes\""));
        l.add(ok(
                "{\"2024-01-31\":1}",
                parameterized(Map.class, LocalDate.class, Integer.class),
                Map.of(LocalDate.of(2024, 1, 31), 1)));
        l.add(bad(
                "{\"31/01/2024\":1}", parameterized(Map.class, LocalDate.class, Integer.class), "ISO-8601 LocalDate"));
        l.add(bad(
                "{\"{}\":1}",
                parameterized(Map.class, Foo.class, Integer.class),
                "map keys of type Foo are not read from JSON"));
        // interfaces, abstract classes and Optional: null only (the engines would each invent a class or refuse)
        l.add(bad("{\"name\":\"x\"}", Comparable.class, "expected null (Comparable is an interface or abstract class"));
        l.add(bad("\"x\"", CharSequence.class, "expected null (CharSequence is an interface"));
        l.add(bad("12", java.io.Serializable.class, "expected null (Serializable"));
        l.add(ok("null", CharSequence.class, null));
        l.add(bad("1.5", parameterized(java.util.Optional.class, Long.class), "Optional<Long> is not read from JSON"));
        // java.sql's dates: the ISO instants they are written as (a Timestamp with its nanoseconds)
        l.add(bad("1.5", java.sql.Timestamp.class, "expected an ISO-8601 Timestamp string but found 1.5"));
        java.sql.Timestamp nanos = java.sql.Timestamp.from(java.time.Instant.parse("2024-01-31T10:15:30.123456789Z"));
        l.add(ok("\"2024-01-31T10:15:30.123456789Z\"", java.sql.Timestamp.class, nanos));
        l.add(ok("\"2024-01-31T10:15:30Z\"", java.sql.Date.class, new java.sql.Date(1_706_696_130_000L)));
        l.add(ok("\"2024-01-31T10:15:30.5Z\"", java.sql.Time.class, new java.sql.Time(1_706_696_130_500L)));
        l.add(bad("\"2024-01-31 10:15:30\"", java.sql.Timestamp.class, "expected an ISO-8601 Timestamp string"));
        // Number and the atomic integers: numbers by the rules of their kind
        l.add(bad("\"12\"", Number.class, "expected a number (Number) but found the string \"12\""));
        l.add(bad("{\"a\":1}", Number.class, "expected a number (Number) but found an object"));
        l.add(bad("1.5", java.util.concurrent.atomic.AtomicLong.class, "not an integer"));
        l.add(bad("\"12\"", java.util.concurrent.atomic.AtomicInteger.class, "the string"));
        // "@type" is an ordinary key in a value read as Object or a map, and refused in a POJO
        l.add(ok(
                "{\"@type\":\"java.net.URL\",\"val\":\"x\"}",
                Object.class,
                Map.of("@type", "java.net.URL", "val", "x")));
        l.add(ok("{\"@type\":\"java.net.URL\"}", map, Map.of("@type", "java.net.URL")));
        l.add(bad("{\"@type\":\"java.net.URL\",\"name\":\"x\"}", Foo.class, "\"@type\""));
        // wherever it stands, escaped or not (fastjson2 looks only at a leading one, and ignored this one)
        l.add(bad("{\"name\":\"x\",\"@type\":\"java.net.URL\"}", Foo.class, "\"@type\" is not accepted"));
        l.add(bad("{\"name\":\"x\",\"\\u0040type\":\"java.net.URL\"}", Foo.class, "\"@type\" is not accepted"));
        l.add(bad("[{\"name\":\"x\",\"@type\":\"x\"}]", listOf(Foo.class), "[0]: \"@type\" is not accepted"));
        // "$ref" is data
        l.add(ok("{\"$ref\":\"..\"}", map, Map.of("$ref", "..")));
        l.add(ok("{\"a\":{\"$ref\":\"$\"}}", Object.class, Map.of("a", Map.of("$ref", "$"))));
        l.add(ok("[{\"$ref\":\"$\"}]", listOf(Object.class), List.of(Map.of("$ref", "$"))));
        l.add(ok("{\"name\":\"n\",\"$ref\":\"$\"}", Foo.class, new Foo("n", 0)));
        // review (differential gson-text vs fastjson2-text): cases on which the two engines disagree
        // a null element of a primitive array: refused with its path, not 0 (fastjson2) or a bare
        // IllegalArgumentException (Gson)
        l.add(bad("[1,null,3]", int[].class, "value (int[])[1]: expected an integer (int) but found null"));
        l.add(bad("[true,null]", boolean[].class, "value (boolean[])[1]: expected true or false"));
        // duplicate keys: the last wins (docs/protocol.md), in a typed map too (Gson refuses "duplicate key")
        Type intValues = parameterized(Map.class, String.class, Integer.class);
        l.add(ok("{\"a\":1,\"a\":2}", intValues, Map.of("a", 2)));
        l.add(ok("{\"1\":\"x\",\"1\":\"y\"}", longKeys, Map.of(1L, "y")));
        // a null element: kept by a Queue or Deque (read as a LinkedList, which takes null), refused with its
        // path by a collection that takes none (not dropped, as fastjson2 did, nor a bare NullPointerException)
        List<String> withNull = java.util.Arrays.asList("b", null, "a");
        l.add(ok("[\"b\",null,\"a\"]", parameterized(java.util.Queue.class, String.class), withNull));
        l.add(ok("[\"b\",null,\"a\"]", parameterized(java.util.Deque.class, String.class), withNull));
        l.add(bad(
                "[\"b\",null,\"a\"]",
                parameterized(java.util.SortedSet.class, String.class),
                "[1]: expected an element but found null (SortedSet<String> does not take null)"));
        l.add(bad("[\"b\",null]", parameterized(java.util.ArrayDeque.class, String.class), "does not take null"));
        // ISO-8601 text both engines write is read back as the same value by both
        l.add(ok("\"10:15:30.1234\"", java.time.LocalTime.class, java.time.LocalTime.of(10, 15, 30, 123_400_000)));
        l.add(ok("\"999\"", java.time.Year.class, java.time.Year.of(999)));
        l.add(ok(
                "\"+12024-01-31T10:15:30Z\"",
                Date.class,
                Date.from(java.time.Instant.parse("+12024-01-31T10:15:30Z"))));
        l.add(ok(
                "\"2024-10-27T02:30:00+01:00[Europe/Paris]\"",
                java.time.ZonedDateTime.class,
                java.time.ZonedDateTime.parse("2024-10-27T02:30:00+01:00[Europe/Paris]")));
        l.add(ok(
                "\"2024-06-30T10:15:30+05:00[Europe/Paris]\"",
                java.time.ZonedDateTime.class,
                java.time.ZonedDateTime.parse("2024-06-30T10:15:30+05:00[Europe/Paris]")));
        l.add(ok(
                "\"2024-01-31T10:15:30Z[UTC]\"",
                java.time.ZonedDateTime.class,
                java.time.ZonedDateTime.parse("2024-01-31T10:15:30Z[UTC]")));
        // a POJO with an Optional field: null (or absent) is read, as the contract says, by both engines
        l.add(ok("{\"name\":\"n\"}", Model.WithOptional.class, ANY_VALUE));
        l.add(ok("{\"name\":\"n\",\"nick\":null}", Model.WithOptional.class, ANY_VALUE));
        // JDK classes outside the mapping: refused by the strict check, not coerced (fastjson2 reads true
        // into a StringBuilder, {"x":1} into a Locale, 1 into an AtomicBoolean)
        l.add(bad("true", StringBuilder.class, "value (StringBuilder)"));
        l.add(bad("{\"x\":1}", java.util.Locale.class, "value (Locale)"));
        l.add(bad("1", java.util.concurrent.atomic.AtomicBoolean.class, "value (AtomicBoolean)"));
        l.add(ok("true", java.util.concurrent.atomic.AtomicBoolean.class, ANY_VALUE));
        l.add(bad("\"a\"", java.io.File.class, "is a JDK class outside httpjson's JSON mapping"));
        l.add(bad("{\"path\":\"a\"}", java.util.regex.Pattern.class, "value (Pattern)"));
        l.add(bad(
                "\"UTC\"",
                java.util.TimeZone.class,
                "expected null (TimeZone is a JDK class outside httpjson's JSON mapping, read only as null: declare a"
                        + " java.time.ZoneId) but found the string \"UTC\""));
        l.add(bad("\"a+\"", java.util.regex.Pattern.class, "send the pattern as a String"));
        // the JDK's text types: a string, as both engines write them
        String uuid = "550e8400-e29b-41d4-a716-446655440000";
        l.add(ok("\"" + uuid + "\"", java.util.UUID.class, java.util.UUID.fromString(uuid)));
        l.add(ok("\"http://a/b\"", java.net.URI.class, java.net.URI.create("http://a/b")));
        l.add(bad("{\"x\":1}", java.net.URI.class, "expected a string"));
        // a UUID as it is written, 8-4-4-4-12 hexadecimal digits (UUID.fromString reads a digit short as another id)
        l.add(ok(
                "\"" + uuid.toUpperCase(java.util.Locale.ROOT) + "\"",
                java.util.UUID.class,
                java.util.UUID.fromString(uuid)));
        l.add(bad("\"550e8400-e29b-41d4-a716-44665544000\"", java.util.UUID.class, "a UUID string"));
        l.add(bad("\"1-1-1-1-1\"", java.util.UUID.class, "a UUID string"));
        l.add(bad("\"550e8400e29b41d4a716446655440000\"", java.util.UUID.class, "a UUID string"));
        l.add(bad("\"550e8400-e29b-41d4-a716-4466554400001\"", java.util.UUID.class, "a UUID string"));
        l.add(bad("\"+50e8400-e29b-41d4-a716-446655440000\"", java.util.UUID.class, "a UUID string"));
        l.add(ok("\"\\u0035" + uuid.substring(1) + "\"", java.util.UUID.class, java.util.UUID.fromString(uuid)));
        l.add(bad(
                "{\"1-1-1-1-1\":\"a\"}",
                parameterized(Map.class, java.util.UUID.class, String.class),
                "a UUID string"));
        // a Locale as Locale.toString writes it
        l.add(ok("\"en_US\"", java.util.Locale.class, java.util.Locale.US));
        l.add(ok("\"fr\"", java.util.Locale.class, java.util.Locale.FRENCH));
        l.add(bad("true", StringBuilder.class, "expected a string"));
        // RFC 8259 8.2: a lone half of a UTF-16 pair is no character, and could not be written back
        l.add(bad("\"\\ud800\"", String.class, "unpaired surrogate \\uD800"));
        l.add(bad("\"\\ud800x\"", String.class, "unpaired surrogate \\uD800"));
        l.add(bad("\"\\udc00\\ud800\"", String.class, "unpaired surrogate \\uDC00"));
        l.add(bad("\"\\ud800\\u0041\"", String.class, "unpaired surrogate \\uD800"));
        l.add(bad("{\"\\ud83d\":1}", Object.class, "unpaired surrogate \\uD83D"));
        return l;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void acceptsExactlyWhatTheContractAllows(Case c) {
        byte[] b = c.json().getBytes(StandardCharsets.UTF_8);
        if (c.error() == null) {
            Object v = codec().read(b, 0, b.length, c.type());
            if (c.value() != ANY_VALUE) {
                assertThat(v).isEqualTo(c.value());
            }
        } else {
            assertThatThrownBy(() -> codec().read(b, 0, b.length, c.type()))
                    .isExactlyInstanceOf(JsonCodecException.class)
                    .hasMessageContaining(c.error());
        }
    }

    @Test
    void aSetKeepsTheOrderOfTheArray() {
        byte[] b = "[3,1,2]".getBytes(StandardCharsets.UTF_8);
        Object v = codec().read(b, 0, b.length, parameterized(java.util.Set.class, Integer.class));
        assertThat(new ArrayList<Object>((java.util.Collection<?>) v)).containsExactly(3, 1, 2);
    }

    @Test
    void aMapOfStringsKeepsTheOrderOfTheObject() {
        byte[] b = "{\"zz\":\"1\",\"b\":\"2\",\"a\":\"3\",\"m\":\"4\",\"c\":\"5\"}".getBytes(StandardCharsets.UTF_8);
        Map<?, ?> m = (Map<?, ?>) codec().read(b, 0, b.length, parameterized(Map.class, String.class, String.class));
        assertThat(new ArrayList<Object>(m.keySet())).containsExactly("zz", "b", "a", "m", "c");
    }

    @Test
    void objectValuesInsideListsAndMapsAreLinkedHashMaps() {
        byte[] b = "[{\"a\":{}}]".getBytes(StandardCharsets.UTF_8);
        List<?> v = (List<?>) codec().read(b, 0, b.length, listOf(Object.class));
        assertThat(v.get(0)).isExactlyInstanceOf(java.util.LinkedHashMap.class);
        byte[] m = "{\"k\":{\"a\":1}}".getBytes(StandardCharsets.UTF_8);
        Map<?, ?> mv = (Map<?, ?>) codec().read(m, 0, m.length, parameterized(Map.class, String.class, Object.class));
        assertThat(mv.get("k")).isExactlyInstanceOf(java.util.LinkedHashMap.class);
    }

    /**
     * A type variable left unbound (a method's own {@code <T> T echo(T t)}, as Dubbo hands it to the dubbo protocol's
     * decoder) is read as {@code Object}, by both engines alike: one made its own map class of it.
     */
    @Test
    void anUnboundTypeVariableIsReadAsObject() {
        Type variable = List.class.getTypeParameters()[0];
        byte[] b = "{\"a\":{\"b\":1}}".getBytes(StandardCharsets.UTF_8);
        Object v = codec().read(b, 0, b.length, variable);
        assertThat(v).isExactlyInstanceOf(java.util.LinkedHashMap.class);
        assertThat(((Map<?, ?>) v).get("a")).isExactlyInstanceOf(java.util.LinkedHashMap.class);
        Type listOfVariable = List.class.getGenericInterfaces()[0]; // Collection<E>
        byte[] l = "[{\"a\":1}]".getBytes(StandardCharsets.UTF_8);
        List<?> list = new ArrayList<>((java.util.Collection<?>) codec().read(l, 0, l.length, listOfVariable));
        assertThat(list.get(0)).isExactlyInstanceOf(java.util.LinkedHashMap.class);
    }

    /**
     * A JDK class outside the mapping, which JSON reads back only as null, is refused as a declared type when read
     * (the cases above, with what to declare instead). A value of one, in an {@code Object} position above all, is
     * written as the engine can, as it was: fastjson2-text writes a Pattern as its text, read back by the
     * {@code Object} row; where Gson cannot (it would reflect on the JDK's private fields, or has no adapter for a
     * Class), the value is refused in the words the read side uses, not with advice to write a Gson TypeAdapter.
     */
    @Test
    void aJdkClassOutsideTheMappingIsWrittenAsTheEngineCanOrRefusedInOneMessage() {
        java.util.regex.Pattern pattern = java.util.regex.Pattern.compile("a+");
        java.util.TimeZone zone = java.util.TimeZone.getTimeZone("Asia/Shanghai");
        String outside = " is a JDK class outside httpjson's JSON mapping, read only as null: ";
        Map<Object, String> words = new java.util.LinkedHashMap<>();
        words.put(pattern, "cannot write a Pattern as JSON: Pattern" + outside + "send the pattern as a String");
        words.put(zone, "cannot write a TimeZone as JSON: TimeZone" + outside + "declare a java.time.ZoneId");
        words.put(Integer.class, "cannot write a Class as JSON: Class" + outside + "send the class name as a String");
        words.put(new java.io.File("a"), "cannot write a File as JSON: File" + outside);
        for (Map.Entry<Object, String> e : words.entrySet()) {
            assertWrittenOrRefused(e.getKey(), e.getValue());
            assertWrittenOrRefused(Map.of("v", e.getKey()), e.getValue());
            assertWrittenOrRefused(List.of(e.getKey()), e.getValue());
        }
        Model.WithJdkFields fields = new Model.WithJdkFields();
        fields.zone = zone;
        assertWrittenOrRefused(fields, words.get(zone));
        fields.zone = null;
        fields.type = Integer.class;
        assertWrittenOrRefused(fields, words.get(Integer.class));
        fields.type = null;
        fields.pattern = pattern;
        assertWrittenOrRefused(fields, words.get(pattern));
        // null is written, and read back
        fields.pattern = null;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        assertThatCode(() -> codec().write(fields, null, out)).doesNotThrowAnyException();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"name\":\"n\"}");
    }

    private void assertWrittenOrRefused(Object value, String words) {
        try {
            codec().write(value, null, java.io.OutputStream.nullOutputStream());
        } catch (JsonCodecException e) {
            assertThat(e).hasMessageContaining(words);
        } catch (java.io.IOException | RuntimeException e) {
            throw new AssertionError("neither written nor refused in httpjson's words: " + value, e);
        }
    }

    /**
     * An inner (non-static) class keeps its enclosing instance, which JSON cannot carry: as a declared type it is
     * refused when read, by both engines in the same words (it was read with that instance null, so that a method
     * using it failed later with a NullPointerException; hessian2 carries it). A value of one is written as its
     * fields, as before (in an {@code Object} position it is read as a map). An anonymous subclass of a POJO
     * (double-brace initialisation) is written as before, and read as the class it extends.
     */
    @Test
    void anInnerClassIsRefusedNotReadWithoutItsEnclosingInstance() throws Exception {
        String message = "Inner is an inner class of Outer (not static), whose Outer instance JSON cannot carry:"
                + " declare it static";
        assertRefused(
                "{\"v\":\"x\"}",
                b -> codec().read(b, 0, b.length, Model.Outer.Inner.class),
                "value (Inner): expected null (" + message + ") but found an object");
        assertRefused(
                "{\"inner\":{\"v\":\"x\"}}",
                b -> codec().read(b, 0, b.length, Model.WithInner.class),
                "value (WithInner).inner: expected null (" + message + ") but found an object");
        Model.Outer.Inner inner = new Model.Outer().new Inner();
        inner.v = "x";
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        codec().writeArray(new Object[] {inner, Map.of("in", inner)}, new Type[] {Object.class, Object.class}, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("[{\"v\":\"x\"},{\"in\":{\"v\":\"x\"}}]");
        @SuppressWarnings("serial")
        Model.User anonymous = new Model.User() {
            {
                name = "ann";
            }
        };
        out.reset();
        assertThatCode(() -> codec().write(anonymous, null, out)).doesNotThrowAnyException();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"name\":\"ann\"");
    }

    /**
     * An inner class that is a list or a map is written and read as one: it has an enclosing instance, but what JSON
     * carries of it is its elements (it was refused as an inner class when written).
     */
    @Test
    void anInnerListOrMapClassIsWrittenAsAListOrMap() throws Exception {
        Model.Outer outer = new Model.Outer();
        Model.Outer.Names names = outer.new Names();
        names.add("a");
        Model.Outer.Attrs attrs = outer.new Attrs();
        attrs.put("k", "v");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        codec().writeArray(
                        new Object[] {names, attrs},
                        new Type[] {Model.Outer.Names.class, Model.Outer.Attrs.class},
                        out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("[[\"a\"],{\"k\":\"v\"}]");
    }

    /** The dubbo protocol's serialization (one JSON value per line) applies the same rules. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theDubboSerializationReadsTheSame(Case c) throws Exception {
        assumeFalse(c.json().contains("\n"), "a raw newline ends the line in the dubbo framing");
        byte[] line = (c.json() + "\n").getBytes(StandardCharsets.UTF_8);
        // what a Dubbo application's ServiceConfig/ReferenceConfig does for its interfaces' classes
        org.apache.dubbo.rpc.model.FrameworkModel.defaultModel()
                .getBeanFactory()
                .getOrRegisterBean(org.apache.dubbo.common.utils.SerializeSecurityManager.class)
                .addToAllowed(Model.class.getName());
        ObjectInput in = serialization().deserialize(null, new ByteArrayInputStream(line));
        Class<?> raw = c.type() instanceof Class
                ? (Class<?>) c.type()
                : (Class<?>) ((ParameterizedType) c.type()).getRawType();
        if (c.error() == null) {
            Object v = in.readObject(raw, c.type());
            if (c.value() != ANY_VALUE) {
                assertThat(v).isEqualTo(c.value());
            }
        } else {
            assertThatThrownBy(() -> in.readObject(raw, c.type()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(c.error());
        }
    }

    @Test
    void theDubboSerializationRefusesInvalidUtf8() throws IOException {
        byte[] line = {'"', 'a', (byte) 0xC0, (byte) 0xAF, '"', '\n'};
        ObjectInput in = serialization().deserialize(null, new ByteArrayInputStream(line));
        assertThatThrownBy(() -> in.readObject(String.class, String.class))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("invalid UTF-8 at byte 2");
    }

    @Test
    void aFailureNamesTheArgumentAndThePath() {
        Type[] types = {String.class, Foo.class};
        assertRefused(
                "[\"a\",{\"tags\":[\"x\",\"y\",7]}]",
                b -> codec().readArray(b, 0, b.length, types),
                "argument 1 (Foo).tags[2]: expected a string but found 7");
        assertRefused(
                "[\"a\",{\"count\":1e30}]",
                b -> codec().readArray(b, 0, b.length, types),
                "argument 1 (Foo).count: expected an integer (int) but found 1e30 (not an integer)");
        assertRefused(
                "['a',null]",
                b -> codec().readArray(b, 0, b.length, types),
                "argument 0 (String): malformed JSON at offset 1: expected a value but found ' (single quotes are not JSON:"
                        + " quote strings and names with \")");
        assertRefused(
                "[\"a\",null,]",
                b -> codec().readArray(b, 0, b.length, types),
                "arguments: malformed JSON at offset 10: trailing comma before ']'");
        String[] names = {"s", "foo"};
        assertRefused(
                "{\"s\":\"a\",\"foo\":{\"color\":\"NOPE\"}}",
                b -> codec().readNamed(b, 0, b.length, names, types),
                "argument \"foo\" (Foo).color: expected one of the constants [RED, GREEN] (Color) but found \"NOPE\"");
        assertRefused(
                "{\"s\":\"a\" /* c */}",
                b -> codec().readNamed(b, 0, b.length, names, types),
                "arguments: malformed JSON at offset 9: expected ',' or '}' but found / (comments are not JSON)");
    }

    /**
     * JSON null into a primitive field is the type's default, as for a primitive argument (one engine kept the
     * field's initial value instead); a missing field keeps it in both.
     */
    @Test
    void nullIntoAPrimitiveFieldIsItsTypesDefault() {
        byte[] b = "{\"b\":null,\"c\":null,\"d\":null,\"i\":null,\"l\":null}".getBytes(StandardCharsets.UTF_8);
        Model.Initialized v = (Model.Initialized) codec().read(b, 0, b.length, Model.Initialized.class);
        assertThat(v.i).isZero();
        assertThat(v.l).isZero();
        assertThat(v.b).isFalse();
        assertThat(v.d).isZero();
        assertThat(v.c).isEqualTo((char) 0);
        byte[] empty = "{}".getBytes(StandardCharsets.UTF_8);
        Model.Initialized kept = (Model.Initialized) codec().read(empty, 0, empty.length, Model.Initialized.class);
        assertThat(kept.i).isEqualTo(5);
        assertThat(kept.c).isEqualTo('x');
    }

    /**
     * An application's own {@code Number} subclass is a POJO: its fields are checked as any POJO's (a fraction into
     * its long was truncated by one engine), and the allow-list is asked for its class (it was not, so a STRICT
     * provider made classes it never admitted).
     */
    @Test
    void anApplicationsNumberSubclassIsAPojoTheAllowListIsAskedFor() throws Exception {
        byte[] b = "{\"cents\":150,\"currency\":\"EUR\"}".getBytes(StandardCharsets.UTF_8);
        Model.Amount a = (Model.Amount) codec().read(b, 0, b.length, Model.Amount.class);
        assertThat(a.cents).isEqualTo(150);
        assertThat(a.currency).isEqualTo("EUR");
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        codec().write(a, null, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"cents\":150,\"currency\":\"EUR\"}");
        assertRefused(
                "{\"cents\":1.5,\"currency\":\"EUR\"}",
                j -> codec().read(j, 0, j.length, Model.Amount.class),
                "value (Amount).cents: expected an integer (long) but found 1.5 (not an integer)");

        FrameworkModel framework = Frameworks.strict();
        try {
            assertThatThrownBy(() -> AllowList.of(framework).check(Model.Amount.class))
                    .isInstanceOf(JsonCodecException.class)
                    .hasMessageContaining(Model.Amount.class.getName())
                    .hasMessageContaining("allow-list");
        } finally {
            framework.destroy();
        }
    }

    /**
     * An exception class the allow-list admits is rebuilt on the consumer, but a field of a class it does not admit
     * keeps its default: the field's class is not made (it was, whatever the allow-list said).
     */
    @Test
    void anExceptionsFieldOfAClassTheAllowListRefusesIsNotMade() {
        Model.DetailedException e = new Model.DetailedException("boom");
        e.detail = new Model.Detail();
        e.detail.info = "i";
        e.code = 42;
        FrameworkModel framework = Frameworks.strict();
        try {
            framework
                    .getBeanFactory()
                    .getOrRegisterBean(SerializeSecurityManager.class)
                    .addToAllowed(Model.DetailedException.class.getName());
            Map<String, Object> tree = ThrowableJson.describe(e, codec());
            int before = Model.Detail.MADE.get();
            Throwable back = ThrowableJson.rebuild(tree, codec(), getClass().getClassLoader(), framework);
            assertThat(back).isExactlyInstanceOf(Model.DetailedException.class).hasMessage("boom");
            assertThat(((Model.DetailedException) back).code).isEqualTo(42);
            assertThat(((Model.DetailedException) back).detail).isNull();
            assertThat(Model.Detail.MADE.get() - before).as("Detail made").isZero();
        } finally {
            framework.destroy();
        }
    }

    private static void assertRefused(String json, Consumer<byte[]> read, String message) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> read.accept(b))
                .isExactlyInstanceOf(JsonCodecException.class)
                .hasMessage(message);
    }
}
