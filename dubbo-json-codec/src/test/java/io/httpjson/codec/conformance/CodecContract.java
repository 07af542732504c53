package io.httpjson.codec.conformance;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.conformance.Model.Color;
import io.httpjson.codec.conformance.Model.Foo;
import io.httpjson.codec.conformance.Model.Result;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What every {@link JsonCodec} writes and reads, as golden JSON: each engine module runs this contract with its
 * own engine (one subclass), so all engines write the same bytes for the same value and read each other's output.
 * An engine added later passes this and {@link StrictInputContract}.
 */
public abstract class CodecContract {

    /** The engine under test. */
    protected abstract JsonCodec codec();

    /** {@code raw<args>} as a {@link ParameterizedType}, named like the source spells it. */
    public static Type type(Class<?> raw, Type... args) {
        return new ParameterizedType() {
            public Type[] getActualTypeArguments() {
                return args;
            }

            public Type getRawType() {
                return raw;
            }

            public Type getOwnerType() {
                return null;
            }

            public String getTypeName() {
                return raw.getName() + "<" + args[args.length - 1].getTypeName() + ">";
            }
        };
    }

    static String json(JsonCodec c, Object v) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        c.write(v, null, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    static Object read(JsonCodec c, String json, Type t) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return c.read(b, 0, b.length, t);
    }

    static final String FULL_FOO = "{\"at\":\"2024-01-31T10:15:30.123\",\"big\":9007199254740993,\"bytes\":\"AAH/\","
            + "\"color\":\"GREEN\",\"count\":7,\"date\":\"2024-01-31T10:15:30.123Z\",\"day\":\"2024-01-31\","
            + "\"huge\":123456789012345678901234567890,\"name\":\"full\",\"price\":1234.5600,\"tags\":[\"a\",\"b\"],"
            + "\"when\":\"2024-01-31T10:15:30Z\"}";

    @Test
    void goldenJsonForEveryMappingRule() throws Exception {
        JsonCodec c = codec();
        assertThat(json(c, Model.fullFoo())).isEqualTo(FULL_FOO);
        assertThat(json(c, new Foo("n", 0)))
                .as("nulls left out, transient skipped")
                .isEqualTo("{\"count\":0,\"name\":\"n\"}");
        assertThat(json(c, null)).isEqualTo("null");
        assertThat(json(c, new Object[] {null, 1, "s"})).isEqualTo("[null,1,\"s\"]");
        assertThat(json(c, new int[] {1, 2})).isEqualTo("[1,2]");
        assertThat(json(c, new Color[] {Color.RED})).isEqualTo("[\"RED\"]");
        assertThat(json(c, List.of())).isEqualTo("[]");
        assertThat(json(c, Map.of())).isEqualTo("{}");
        assertThat(json(c, Long.MAX_VALUE)).isEqualTo("9223372036854775807");
        assertThat(json(c, new Result<>(0, null, List.of(new Foo("a", 1)))))
                .isEqualTo("{\"code\":0,\"data\":[{\"count\":1,\"name\":\"a\"}]}");
        assertThat(json(c, "é\"\\\n<")).isEqualTo("\"é\\\"\\\\\\n<\"");
    }

    static final String FOO_MAP = "{\"x\":{\"count\":1,\"name\":\"x\"},\"y\":" + FULL_FOO + "}";

    static final String USERS =
            "[{\"active\":false,\"birthday\":\"1980-01-01\",\"createdAt\":\"2023-05-01T12:00:30\",\"email\":\"user0@example.com\",\"id\":1000000,\"lastLogin\":\"2024-01-31T10:15:30Z\",\"name\":\"User Number 0\",\"roles\":[\"user\"]},{\"active\":true,\"birthday\":\"1981-02-02\",\"createdAt\":\"2023-05-01T12:01:30\",\"email\":\"user1@example.com\",\"id\":1000001,\"lastLogin\":\"2024-01-31T11:15:30Z\",\"name\":\"User Number 1\",\"roles\":[\"user\",\"admin\"]},{\"active\":true,\"birthday\":\"1982-03-03\",\"createdAt\":\"2023-05-01T12:02:30\",\"email\":\"user2@example.com\",\"id\":1000002,\"lastLogin\":\"2024-01-31T12:15:30Z\",\"name\":\"User Number 2\",\"roles\":[\"user\"]}]";

    /** Values whose JSON every engine writes byte for byte alike, and reads back equal. */
    static Map<Object, String> golden() {
        // keys are compared by identity where they are arrays: the map is only iterated
        Map<Object, String> g = new LinkedHashMap<>();
        g.put(Model.fullFoo(), FULL_FOO);
        g.put(Model.fooMap(), FOO_MAP);
        g.put(Model.users(3), USERS);
        g.put(new Result<>(1, "m", Model.fooMap()), "{\"code\":1,\"data\":" + FOO_MAP + ",\"message\":\"m\"}");
        g.put(Model.allBytes(300), "\"" + Base64.getEncoder().encodeToString(Model.allBytes(300)) + "\"");
        g.put(new long[] {1L << 60}, "[1152921504606846976]");
        g.put(new BigDecimal("1E+3"), "1E+3");
        g.put(BigInteger.TEN.pow(30), "1000000000000000000000000000000");
        g.put(1.5d, "1.5");
        g.put(0.1f, "0.1");
        return g;
    }

    @Test
    void writesTheGoldenBytes() throws Exception {
        for (Map.Entry<Object, String> e : golden().entrySet()) {
            assertThat(json(codec(), e.getKey()))
                    .as(e.getKey().getClass().getName())
                    .isEqualTo(e.getValue());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void readsTheGoldenBytesWithGenericTypes() throws Exception {
        JsonCodec r = codec();
        Type resultOfList = type(Result.class, type(List.class, Foo.class));
        Type mapOfFoo = type(Map.class, String.class, Foo.class);
        assertThat(read(r, FULL_FOO, Foo.class)).isEqualTo(Model.fullFoo());
        Result<?> res =
                (Result<?>) read(r, "{\"code\":2,\"data\":[" + FULL_FOO + "],\"message\":\"ok\"}", resultOfList);
        assertThat(res.code).isEqualTo(2);
        assertThat((List<Object>) res.data).containsExactly(Model.fullFoo());
        Map<?, ?> m = (Map<?, ?>) read(r, FOO_MAP, mapOfFoo);
        assertThat(m).isEqualTo(Model.fooMap());
        assertThat(new ArrayList<Object>(m.keySet())).containsExactly("x", "y");
        assertThat((byte[])
                        read(r, "\"" + Base64.getEncoder().encodeToString(Model.allBytes(300)) + "\"", byte[].class))
                .isEqualTo(Model.allBytes(300));
        assertThat((Color[]) read(r, json(r, Color.values()), Color[].class)).containsExactly(Color.values());
        assertThat(json(r, read(r, USERS, type(List.class, Model.User.class)))).isEqualTo(USERS);
    }

    @Test
    void objectTypedValuesFollowTheContract() {
        JsonCodec c = codec();
        Object v = read(
                c,
                "{\"i\":1,\"l\":12345678901,\"b\":123456789012345678901234567890,\"d\":2.5,\"e\":1e3,"
                        + "\"a\":[true,null,\"s\",{}]}",
                Object.class);
        assertThat(v).isInstanceOf(LinkedHashMap.class);
        Map<?, ?> m = (Map<?, ?>) v;
        assertThat(m.get("i")).isEqualTo(1);
        assertThat(m.get("l")).isEqualTo(12345678901L);
        assertThat(m.get("b")).isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(m.get("d")).isEqualTo(new BigDecimal("2.5"));
        assertThat(m.get("e")).isInstanceOf(BigDecimal.class);
        assertThat(m.get("a")).isInstanceOf(ArrayList.class);
        assertThat(((List<?>) m.get("a")).get(3)).isInstanceOf(LinkedHashMap.class);
        assertThat(read(c, "1700000000123", java.util.Date.class)).isEqualTo(new java.util.Date(1700000000123L));
    }

    @Test
    void readArrayAndNamed() {
        JsonCodec c = codec();
        byte[] b = "[\"a\",2,null]".getBytes(StandardCharsets.UTF_8);
        assertThat(c.readArray(b, 0, b.length, new Type[] {String.class, int.class, long.class}))
                .containsExactly("a", 2, 0L);
        assertThatThrownBy(() -> c.readArray(b, 0, b.length, new Type[] {String.class, int.class}))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageContaining("expected 2 argument(s) but found 3");
        assertThatThrownBy(
                        () -> c.readArray(b, 0, b.length, new Type[] {String.class, int.class, long.class, int.class}))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageContaining("expected 4 argument(s) but found 3");
        assertThatThrownBy(() -> c.readArray(b, 0, b.length, new Type[] {int.class, int.class, long.class}))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageContaining("argument 0")
                .hasMessageContaining("int");
        byte[] marker = "[\"a\",2,null]\u001A[9]".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(
                        () -> c.readArray(marker, 0, marker.length, new Type[] {String.class, int.class, long.class}))
                .isInstanceOf(JsonCodecException.class);
        byte[] n = "{\"b\":3,\"a\":\"x\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(c.readNamed(
                        n, 0, n.length, new String[] {"a", "b", "c"}, new Type[] {String.class, int.class, int.class}))
                .containsExactly("x", 3, 0);
        assertThatThrownBy(() -> c.readNamed(n, 0, n.length, new String[] {"a"}, new Type[] {String.class}))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageContaining("unknown argument \"b\"")
                .hasMessageContaining("[a]");
    }

    @Test
    void badInputIsAlwaysJsonCodecExceptionWithAReadableMessage() {
        JsonCodec c = codec();
        assertBad(c, "{\"name\":", Foo.class, "Foo");
        assertBad(c, "{\"name\" \"x\"}", Foo.class, "Foo");
        assertBad(c, "[1,2", int[].class, "int[]");
        assertBad(c, "\"abc\"", int.class, "int");
        assertBad(c, "3000000000", int.class, "int");
        assertBad(c, "99999999999999999999", long.class, "long");
        assertBad(c, "{\"count\":3000000000}", Foo.class, "Foo");
        assertBad(c, "[1]", Foo.class, "Foo");
        assertBad(c, "\"not a date\"", java.time.LocalDate.class, "LocalDate");
        assertBad(c, "\"!!\"", byte[].class, "byte[]");
        assertBad(c, "1 2", int.class, "int");
        assertBad(c, "1\u001A2", int.class, "int");
        assertBad(c, "[1]\u001A", int[].class, "int[]");
        assertBad(c, "", Foo.class, "Foo");
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertBad(c, deep, Object.class, "nested too deeply");
        assertBad(c, "{\"a\":".repeat(100_000), Object.class, "Object");
    }

    private static void assertBad(JsonCodec c, String json, Type t, String expected) {
        assertThatThrownBy(() -> read(c, json, t))
                .as(json.length() > 40 ? json.substring(0, 40) : json)
                .isExactlyInstanceOf(JsonCodecException.class)
                .hasMessageContaining(expected);
    }

    // review (differential gson-text vs fastjson2-text): values the two engines write differently

    @Test
    void nonStringMapKeysAreWrittenAsQuotedTextAndReadBack() throws Exception {
        JsonCodec c = codec();
        Map<Long, String> longs = new LinkedHashMap<>(Map.of(12L, "a"));
        assertThat(json(c, longs)).isEqualTo("{\"12\":\"a\"}");
        assertThat(read(c, json(c, longs), type(Map.class, Long.class, String.class)))
                .isEqualTo(longs);
        assertThat(json(c, new LinkedHashMap<>(Map.of(true, 1)))).isEqualTo("{\"true\":1}");
        assertThat(json(c, new LinkedHashMap<>(Map.of(1.5d, 1)))).isEqualTo("{\"1.5\":1}");
        assertThat(json(c, new LinkedHashMap<>(Map.of(new BigDecimal("1E+3"), 1))))
                .isEqualTo("{\"1E+3\":1}");
    }

    @Test
    void aNullMapKeyIsRefusedNotWrittenAsText() {
        Map<String, String> m = new java.util.HashMap<>();
        m.put(null, "a");
        m.put("b", "c");
        assertThatThrownBy(() -> json(codec(), m))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageContaining("null key");
    }

    @Test
    void aMapKeyJsonTextCannotNameIsRefusedNotWrittenAsToString() {
        Map<Foo, String> m = new LinkedHashMap<>(Map.of(new Foo("a", 1), "b"));
        assertThatThrownBy(() -> json(codec(), m))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageContaining("cannot write a map key of type " + Foo.class.getName());
    }

    @Test
    void textTypeMapKeysAreTheirText() throws Exception {
        JsonCodec c = codec();
        java.util.UUID id = java.util.UUID.fromString("550e8400-e29b-41d4-a716-446655440000");
        Map<java.util.UUID, String> byId = new LinkedHashMap<>(Map.of(id, "a"));
        assertThat(json(c, byId)).isEqualTo("{\"550e8400-e29b-41d4-a716-446655440000\":\"a\"}");
        assertThat(read(c, json(c, byId), type(Map.class, java.util.UUID.class, String.class)))
                .isEqualTo(byId);
        Map<java.util.Locale, String> byLocale = new LinkedHashMap<>(Map.of(java.util.Locale.US, "b"));
        assertThat(json(c, byLocale)).isEqualTo("{\"en_US\":\"b\"}");
        assertThat(read(c, json(c, byLocale), type(Map.class, java.util.Locale.class, String.class)))
                .isEqualTo(byLocale);
    }

    @Test
    void nonStringMapKeysInsideAPojoAreQuotedToo() throws Exception {
        JsonCodec c = codec();
        Model.WithKeyedMaps w = new Model.WithKeyedMaps();
        w.byId = new LinkedHashMap<>(Map.of(7L, new Foo("a", 1)));
        w.any = new LinkedHashMap<>(Map.of(8, "b"));
        String j = json(c, w);
        assertThat(j).isEqualTo("{\"any\":{\"8\":\"b\"},\"byId\":{\"7\":{\"count\":1,\"name\":\"a\"}}}");
        assertThat(((Model.WithKeyedMaps) read(c, j, Model.WithKeyedMaps.class)).byId)
                .isEqualTo(w.byId);
    }

    @Test
    void enumAndDateMapKeysAreWrittenAsTheirValuesAre() throws Exception {
        JsonCodec c = codec();
        Map<Model.Tone, Integer> tones = new LinkedHashMap<>(Map.of(Model.Tone.LOUD, 1));
        assertThat(json(c, tones)).as("name(), not toString()").isEqualTo("{\"LOUD\":1}");
        assertThat(read(c, json(c, tones), type(Map.class, Model.Tone.class, Integer.class)))
                .isEqualTo(tones);
        Map<java.util.Date, Integer> dates = new LinkedHashMap<>(Map.of(new java.util.Date(1_706_696_130_123L), 1));
        assertThat(json(c, dates)).isEqualTo("{\"2024-01-31T10:15:30.123Z\":1}");
        assertThat(json(c, new LinkedHashMap<>(Map.of(java.time.LocalDateTime.of(2024, 1, 31, 10, 15), 1))))
                .as("seconds always, as the value is written")
                .isEqualTo("{\"2024-01-31T10:15:00\":1}");
    }

    @Test
    void nonFiniteNumbersAreRefusedNotWrittenAsNull() {
        JsonCodec c = codec();
        for (Object v : List.of(Double.NaN, Double.POSITIVE_INFINITY, Float.NaN, new double[] {1, Double.NaN})) {
            assertThatThrownBy(() -> json(c, v))
                    .as(String.valueOf(v))
                    .isInstanceOf(JsonCodecException.class)
                    .hasMessageContaining("JSON has no NaN or Infinity")
                    .hasMessageNotContaining("GsonBuilder");
        }
    }

    @Test
    void charArraysAreArraysOfOneCharacterStrings() throws Exception {
        JsonCodec c = codec();
        assertThat(json(c, new char[] {'a', 'b'})).isEqualTo("[\"a\",\"b\"]");
        assertThat((char[]) read(c, json(c, new char[] {'a', 'b'}), char[].class))
                .containsExactly('a', 'b');
    }

    /** Half of a surrogate pair in a char, as in a String (UTF-8 has no form for it): {@code ?}, not a failure. */
    @Test
    void aCharHoldingHalfASurrogatePairIsWrittenAsAQuestionMark() throws Exception {
        JsonCodec c = codec();
        assertThat(json(c, '\ud800')).isEqualTo("\"?\"");
        assertThat(json(c, new Object[] {'\udc00', 'x'})).isEqualTo("[\"?\",\"x\"]");
        assertThat(json(c, 'x')).isEqualTo("\"x\"");
    }

    @Test
    void enumConstantsWithABodyAreWrittenByName() throws Exception {
        JsonCodec c = codec();
        assertThat(json(c, Model.Op.PLUS)).isEqualTo("\"PLUS\"");
        assertThat(json(c, List.of(Model.Op.PLUS, Model.Op.MINUS))).isEqualTo("[\"PLUS\",\"MINUS\"]");
    }

    @Test
    void dateSubclassesAreWrittenAsIsoInstants() throws Exception {
        JsonCodec c = codec();
        java.sql.Timestamp ts = new java.sql.Timestamp(1_706_696_130_123L);
        assertThat(json(c, ts)).isEqualTo("\"2024-01-31T10:15:30.123Z\"");
        assertThat(json(c, List.of(ts))).isEqualTo("[\"2024-01-31T10:15:30.123Z\"]");
        assertThat(json(c, new java.sql.Date(1_706_696_130_123L))).isEqualTo("\"2024-01-31T10:15:30.123Z\"");
    }

    @Test
    void javaSqlDatesReadBackAsTheValueWritten() throws Exception {
        JsonCodec c = codec();
        java.sql.Timestamp ts = java.sql.Timestamp.from(java.time.Instant.parse("2024-01-31T10:15:30.123456789Z"));
        for (Object v : List.of(ts, new java.sql.Date(1_706_696_130_123L), new java.sql.Time(1_706_696_130_123L))) {
            String j = json(c, v);
            assertThat(read(c, j, v.getClass())).as(j).isEqualTo(v);
        }
        assertThat(json(c, ts)).isEqualTo("\"2024-01-31T10:15:30.123456789Z\"");
        assertThat(read(c, json(c, List.of(ts)), type(List.class, java.sql.Timestamp.class)))
                .isEqualTo(List.of(ts));
    }

    @Test
    void timesReadBackAsTheValueWritten() throws Exception {
        JsonCodec c = codec();
        for (Object v : List.of(
                java.time.LocalTime.of(10, 15, 30, 123_400_000),
                java.time.LocalTime.of(10, 15, 30, 100),
                java.time.Year.of(999),
                java.time.Year.of(12024),
                java.util.Date.from(java.time.Instant.parse("+12024-01-31T10:15:30Z")),
                java.util.Date.from(java.time.Instant.parse("-0001-01-31T10:15:30Z")),
                java.time.ZonedDateTime.of(2024, 1, 31, 10, 15, 30, 0, java.time.ZoneId.of("UTC")),
                java.time.ZonedDateTime.of(
                                java.time.LocalDateTime.of(2024, 10, 27, 2, 30), java.time.ZoneId.of("Europe/Paris"))
                        .withLaterOffsetAtOverlap())) {
            String j = json(c, v);
            assertThat(read(c, j, v.getClass())).as(j).isEqualTo(v);
        }
    }

    /**
     * A BigDecimal no reader takes back (an exponent beyond +-2047, a scale beyond +-9999) is refused when written,
     * as a value and as a map key: it was written, and the other side refused it. One at the bound is written and
     * read back.
     */
    @Test
    void bigDecimalsNoReaderTakesAreRefusedWhenWritten() throws Exception {
        JsonCodec c = codec();
        for (BigDecimal d :
                List.of(new BigDecimal("1E+2500"), new BigDecimal("1E-2500"), BigDecimal.ONE.movePointLeft(10000))) {
            assertThatThrownBy(() -> json(c, d))
                    .isInstanceOf(JsonCodecException.class)
                    .hasMessageContaining("no httpjson reader");
            assertThatThrownBy(() -> json(c, List.of(d))).isInstanceOf(JsonCodecException.class);
            assertThatThrownBy(() -> json(c, Map.of(d, 1))).isInstanceOf(JsonCodecException.class);
        }
        for (BigDecimal d : List.of(new BigDecimal("1E+2047"), new BigDecimal("1.5E-2047"), new BigDecimal("123.45"))) {
            assertThat(read(c, json(c, d), BigDecimal.class)).isEqualTo(d);
            assertThat(read(c, json(c, List.of(d)), type(List.class, BigDecimal.class)))
                    .isEqualTo(List.of(d));
        }
    }

    @Test
    void bigDecimalsAreWrittenAsToString() throws Exception {
        JsonCodec c = codec();
        assertThat(json(c, new BigDecimal("1E-8"))).isEqualTo("1E-8");
        assertThat(json(c, new BigDecimal("0E-10"))).isEqualTo("0E-10");
    }

    /**
     * A number with more digits than a double holds and an exponent reads as its value whether it is the whole input
     * or inside an array (fastjson2 once read the whole input {@code 1222...2E-40} as 1.2E36).
     */
    @Test
    void longNumbersWithAnExponentReadTheSameAloneAndInAnArray() {
        JsonCodec c = codec();
        String ones = "1" + "2".repeat(40);
        for (String n : List.of(ones + "E-40", "1." + "2".repeat(40) + "E-5", "4." + "7".repeat(60) + "E-22")) {
            BigDecimal exact = new BigDecimal(n);
            for (String suffix : List.of("", " ", "\n")) {
                String j = n + suffix;
                assertThat(read(c, j, double.class)).as(j).isEqualTo(exact.doubleValue());
                assertThat(read(c, j, Double.class)).as(j).isEqualTo(exact.doubleValue());
                assertThat(read(c, j, float.class)).as(j).isEqualTo(exact.floatValue());
                assertThat(read(c, j, BigDecimal.class)).as(j).isEqualTo(exact);
                assertThat(((BigDecimal) read(c, j, Number.class)).compareTo(exact))
                        .as(j)
                        .isZero();
            }
            assertThat(read(c, "[" + n + "]", type(List.class, Double.class))).isEqualTo(List.of(exact.doubleValue()));
        }
    }

    /**
     * A float is the float nearest the number, rounded once: read as a double first and narrowed, a number just above
     * halfway between two floats became the lower one (gson-text read {@code 1.0000000596046448} as 1.0).
     */
    @Test
    void floatsAreTheNearestFloat() {
        JsonCodec c = codec();
        // numbers as a double is written (at most 17 digits); with more, both engines may still round twice
        for (String n : List.of("1.0000000596046448", "0.30000001192092896", "3.4028235677973362E38")) {
            float nearest = Float.parseFloat(n);
            assertThat(read(c, n, float.class)).as(n).isEqualTo(nearest);
            assertThat(read(c, n, Float.class)).as(n).isEqualTo(nearest);
            assertThat(read(c, "[" + n + "]", type(List.class, Float.class)))
                    .as(n)
                    .isEqualTo(List.of(nearest));
            assertThat(read(c, "[" + n + "]", float[].class)).as(n).isEqualTo(new float[] {nearest});
        }
    }

    /**
     * A record is written as any POJO, its components in alphabetical order (gson-text wrote them in declaration
     * order), and read back by its canonical constructor; null into a primitive component is its default.
     */
    @Test
    void recordsAreWrittenAndReadAsPojos() throws Exception {
        JsonCodec c = codec();
        Model.Point p = new Model.Point(3, "b", List.of(1L, 2L));
        String j = json(c, p);
        assertThat(j).isEqualTo("{\"ids\":[1,2],\"name\":\"b\",\"x\":3}");
        assertThat(read(c, j, Model.Point.class)).isEqualTo(p);
        assertThat(read(c, "{\"x\":null,\"name\":\"n\"}", Model.Point.class)).isEqualTo(new Model.Point(0, "n", null));
        assertThat(read(c, "{}", Model.Point.class)).isEqualTo(new Model.Point(0, null, null));
        assertThat(read(c, "[" + j + "]", type(List.class, Model.Point.class))).isEqualTo(List.of(p));
    }

    /**
     * A record component of a generic class is read with its fields, whatever the number of components
     * (fastjson2-text read it empty, every field at its default, in a record of three or more).
     */
    @Test
    void aRecordComponentOfAGenericClassIsReadWithItsFields() throws Exception {
        JsonCodec c = codec();
        Model.Envelope e = new Model.Envelope("t", 2, new Model.Held<>(new Model.Held<>(7L, "inner"), "outer"));
        String j = json(c, e);
        assertThat(j)
                .isEqualTo("{\"held\":{\"note\":\"outer\",\"value\":{\"note\":\"inner\",\"value\":7}},\"rank\":2,"
                        + "\"tag\":\"t\"}");
        Model.Envelope back = (Model.Envelope) read(c, j, Model.Envelope.class);
        assertThat(back.tag()).isEqualTo("t");
        assertThat(back.held().getNote()).isEqualTo("outer");
        assertThat(back.held().getValue().getNote()).isEqualTo("inner");
        assertThat(back.held().getValue().getValue()).isEqualTo(7L);
    }

    /**
     * A null field that the no-arg constructor sets is written as null (left out, it would read back as the initial
     * value); a null field the constructor leaves null is still left out.
     */
    @Test
    void nullFieldsReadBackNullWhereTheConstructorSetsThem() throws Exception {
        JsonCodec c = codec();
        Model.WithDefaults w = new Model.WithDefaults();
        List<java.lang.reflect.Field> set = new ArrayList<>();
        for (java.lang.reflect.Field f : Model.WithDefaults.class.getFields()) {
            if (!f.getType().isPrimitive() && f.get(w) != null) {
                set.add(f);
                f.set(w, null);
            }
        }
        assertThat(set).hasSizeGreaterThan(15);
        String j = json(c, w);
        for (java.lang.reflect.Field f : set) {
            assertThat(j).as(f.getName()).contains("\"" + f.getName() + "\":null");
        }
        assertThat(j).doesNotContain("\"note\"").contains("\"count\":5");
        Model.WithDefaults back = (Model.WithDefaults) read(c, j, Model.WithDefaults.class);
        for (java.lang.reflect.Field f : set) {
            assertThat(f.get(back)).as(f.getName()).isNull();
        }
        assertThat(back.count).isEqualTo(5);
        Model.FewDefaults few = new Model.FewDefaults();
        few.color = null;
        few.status = null;
        assertThat(json(c, few)).isEqualTo("{\"color\":null,\"status\":null}");
        assertThat(((Model.FewDefaults) read(c, json(c, few), Model.FewDefaults.class)).color)
                .isNull();
        assertThat(json(c, new Model.WithDefaults())).startsWith("{\"any\":\"x\",\"at\":\"1970-01-01T00:00:00Z\",");
    }

    @Test
    void aPojoWithAnOptionalFieldIsWrittenReadablyOrRefused() throws Exception {
        JsonCodec c = codec();
        Model.WithOptional w = new Model.WithOptional();
        w.name = "n";
        w.nick = java.util.Optional.of("x");
        String j;
        try {
            j = json(c, w);
        } catch (JsonCodecException e) {
            return; // refused: a clear error
        }
        Model.WithOptional back = (Model.WithOptional) read(c, j, Model.WithOptional.class);
        assertThat(back.nick).as(j).isEqualTo(w.nick);
    }

    @Test
    void typeKeysNeverLoadClasses() {
        JsonCodec c = codec();
        for (String gadget : List.of(
                "io.httpjson.codec.conformance.Gadget",
                "com.sun.rowset.JdbcRowSetImpl",
                "org.springframework.context.support.ClassPathXmlApplicationContext",
                "com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl")) {
            String json = "{\"@type\":\"" + gadget + "\",\"name\":\"x\"}";
            for (Type t : List.of(
                    Foo.class,
                    Object.class,
                    type(Map.class, String.class, Object.class),
                    type(List.class, Foo.class))) {
                try {
                    Object v = read(
                            c,
                            t instanceof ParameterizedType && ((ParameterizedType) t).getRawType() == List.class
                                    ? "[" + json + "]"
                                    : json,
                            t);
                    assertThat(v == null || v instanceof Map || v instanceof List || v.getClass() == Foo.class)
                            .as("result type %s", v == null ? null : v.getClass())
                            .isTrue();
                } catch (JsonCodecException e) {
                    assertThat(e.getMessage()).contains("@type");
                }
            }
        }
        assertThat(GadgetFlags.gadget).as("Gadget's static initializer ran").isFalse();
    }
}
