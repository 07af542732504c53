package io.httpjson.serialization.gson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;

import org.junit.jupiter.api.Test;

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
                    assertThat(json(p)).isEqualTo(json(x)).isEqualTo("{\"b\":" + b + ",\"i\":" + i + ",\"l\":" + l + "}");
                }
            }
        }
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
