package io.httpjson.serialization.it;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import io.httpjson.serialization.gson.GsonTextCodec;
import io.httpjson.serialization.it.Model.Color;
import io.httpjson.serialization.it.Model.Foo;
import io.httpjson.serialization.it.Model.Result;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonCodecEnginesTest {

    static final JsonCodec FASTJSON = new Fastjson2TextCodec();
    static final JsonCodec GSON = new GsonTextCodec();

    static Stream<JsonCodec> codecs() {
        return Stream.of(FASTJSON, GSON);
    }

    static Type type(Class<?> raw, Type... args) {
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

    @ParameterizedTest
    @MethodSource("codecs")
    void goldenJsonForEveryMappingRule(JsonCodec c) throws Exception {
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

    @Test
    void bothEnginesWriteIdenticalBytes() throws Exception {
        Object[] values = {
            Model.fullFoo(),
            Model.fooMap(),
            Model.users(3),
            new Result<>(1, "m", Model.fooMap()),
            Model.allBytes(300),
            new long[] {1L << 60},
            new BigDecimal("1E+3"),
            BigInteger.TEN.pow(30),
            1.5d,
            0.1f
        };
        for (Object v : values) {
            assertThat(json(GSON, v)).as(v.getClass().getName()).isEqualTo(json(FASTJSON, v));
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void crossEngineRoundTripsWithGenericTypes() throws Exception {
        Type resultOfList = type(Result.class, type(List.class, Foo.class));
        Type mapOfFoo = type(Map.class, String.class, Foo.class);
        for (JsonCodec w : List.of(FASTJSON, GSON)) {
            for (JsonCodec r : List.of(FASTJSON, GSON)) {
                assertThat(read(r, json(w, Model.fullFoo()), Foo.class)).isEqualTo(Model.fullFoo());
                Result<?> res =
                        (Result<?>) read(r, json(w, new Result<>(2, "ok", List.of(Model.fullFoo()))), resultOfList);
                assertThat(res.code).isEqualTo(2);
                assertThat((List<Object>) res.data).containsExactly(Model.fullFoo());
                Map<?, ?> m = (Map<?, ?>) read(r, json(w, Model.fooMap()), mapOfFoo);
                assertThat(m).isEqualTo(Model.fooMap());
                assertThat(new ArrayList<Object>(m.keySet())).containsExactly("x", "y");
                assertThat((byte[]) read(r, json(w, Model.allBytes(256)), byte[].class))
                        .isEqualTo(Model.allBytes(256));
                assertThat((Color[]) read(r, json(w, Color.values()), Color[].class))
                        .containsExactly(Color.values());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void objectTypedValuesFollowTheContract(JsonCodec c) {
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

    @ParameterizedTest
    @MethodSource("codecs")
    void readArrayAndNamed(JsonCodec c) {
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

    @ParameterizedTest
    @MethodSource("codecs")
    void badInputIsAlwaysJsonCodecExceptionWithAReadableMessage(JsonCodec c) {
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

    @ParameterizedTest
    @MethodSource("codecs")
    void typeKeysNeverLoadClasses(JsonCodec c) {
        for (String gadget : List.of(
                "io.httpjson.serialization.it.Gadget",
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
