package io.httpjson.serialization.gson;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;

import io.httpjson.codec.JsonCodecException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * int, long and boolean fields take a short path through PojoAdapterFactory; their boxed twins go through Gson's
 * own adapters. Both must write and read the same JSON the same way.
 */
class PrimitiveFieldsTest {

    static final GsonTextCodec CODEC = new GsonTextCodec();

    static class Primitives {
        int i;
        long l;
        boolean b;
    }

    static class Boxed {
        Integer i;
        Long l;
        Boolean b;
    }

    static class Lists {
        List<String> items;
        Object any;
    }

    static String json(Object v) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CODEC.write(v, null, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void writesLikeTheBoxedFields() throws IOException {
        int[] ints = {0, 1, -1, 100000, Integer.MIN_VALUE, Integer.MAX_VALUE};
        long[] longs = {0, -1, 1L << 53, Long.MIN_VALUE, Long.MAX_VALUE};
        for (int i : ints) {
            for (long l : longs) {
                for (boolean b : new boolean[] {true, false}) {
                    Primitives p = new Primitives();
                    p.i = i;
                    p.l = l;
                    p.b = b;
                    Boxed x = new Boxed();
                    x.i = i;
                    x.l = l;
                    x.b = b;
                    assertThat(json(p))
                            .isEqualTo(json(x))
                            .isEqualTo("{\"b\":" + b + ",\"i\":" + i + ",\"l\":" + l + "}");
                }
            }
        }
    }

    /** The value read, or the message and cause chain of the failure (the type names left out). */
    static String outcome(Class<?> type, String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        try {
            Object v = CODEC.read(b, 0, b.length, type);
            if (v instanceof Primitives) {
                Primitives p = (Primitives) v;
                return "i=" + p.i + " l=" + p.l + " b=" + p.b;
            }
            Boxed x = (Boxed) v;
            return "i=" + (x.i == null ? 0 : x.i) + " l=" + (x.l == null ? 0 : x.l) + " b=" + (x.b != null && x.b);
        } catch (JsonCodecException e) {
            StringBuilder sb = new StringBuilder(e.getMessage()
                    .replace(type.getName(), "T")
                    .replace(type.getSimpleName(), "T")
                    .replace("(Integer)", "(int)")
                    .replace("(Long)", "(long)")
                    .replace("(Boolean)", "(boolean)"));
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
                sb.append(" <- ").append(c.getClass().getName()).append(": ").append(c.getMessage());
            }
            return sb.toString();
        }
    }

    @Test
    void readsLikeTheBoxedFields() {
        String[] values = {
            "0",
            "-1",
            "7",
            "100000",
            "2147483647",
            "-2147483648",
            "2147483648",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775809",
            "1.0",
            "1.5",
            "1e3",
            "1e30",
            "-0",
            "\"12\"",
            "\"12.0\"",
            "\"x\"",
            "\"true\"",
            "\"TRUE\"",
            "\"yes\"",
            "\"\"",
            "true",
            "false",
            "null",
            "[]",
            "{}",
            "[1]"
        };
        int checked = 0;
        for (String v : values) {
            for (String field : new String[] {"i", "l", "b"}) {
                String json = "{\"" + field + "\":" + v + "}";
                assertThat(outcome(Primitives.class, json)).as(json).isEqualTo(outcome(Boxed.class, json));
                checked++;
            }
        }
        String all = "{\"b\":true,\"i\":5,\"l\":6,\"x\":[1],\"i\":7}";
        assertThat(outcome(Primitives.class, all))
                .isEqualTo(outcome(Boxed.class, all))
                .isEqualTo("i=7 l=6 b=true");
        String reversed = "{\"l\":6,\"i\":5,\"b\":true}";
        assertThat(outcome(Primitives.class, reversed)).isEqualTo("i=5 l=6 b=true");
        assertThat(checked).isEqualTo(values.length * 3);
    }

    @Test
    void fieldsOfAnotherRuntimeClassAreWrittenByThatClass() throws IOException {
        Lists a = new Lists();
        a.items = new ArrayList<>(List.of("x", "y"));
        a.any = new LinkedList<>(List.of(1, 2));
        Lists b = new Lists();
        b.items = new LinkedList<>(List.of("z"));
        b.any = List.of(true);
        for (int round = 0; round < 3; round++) {
            assertThat(json(a)).isEqualTo("{\"any\":[1,2],\"items\":[\"x\",\"y\"]}");
            assertThat(json(b)).isEqualTo("{\"any\":[true],\"items\":[\"z\"]}");
        }
    }
}
