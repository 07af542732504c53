package io.httpjson.protocol.internal.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.ServiceMeta;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import io.httpjson.serialization.gson.GsonTextCodec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * One array or collection argument: a body {@code [[...]]} or {@code [null]} is the argument wrapped in the array
 * of arguments, any other array the bare value, with both engines.
 */
class ArgumentsTest {

    interface Lists {
        int nested(List<List<Integer>> lists);

        int any(List<Object> values);

        int numbers(long[] numbers);
    }

    /** An application's own Number: an object of its fields, as any POJO. */
    public static class Amount extends Number {
        public long cents;
        public String currency;

        @Override
        public int intValue() {
            return (int) cents;
        }

        @Override
        public long longValue() {
            return cents;
        }

        @Override
        public float floatValue() {
            return cents;
        }

        @Override
        public double doubleValue() {
            return cents;
        }
    }

    interface Payments {
        int pay(Amount amount);
    }

    /**
     * A method whose one parameter is an application's {@code Number} takes the bare object, as for any POJO: it was
     * taken for a simple value, so {@code {"cents":150,...}} was read as named arguments, none of them
     * {@code amount}, and the method was called with null.
     */
    @ParameterizedTest
    @MethodSource("codecs")
    void anApplicationsNumberAloneIsTheBareObject(JsonCodec codec) {
        MethodMeta pay = ServiceMeta.of(Payments.class).byName("pay")[0];
        byte[] b = "{\"cents\":150,\"currency\":\"EUR\"}".getBytes(StandardCharsets.UTF_8);
        Amount a = (Amount) Arguments.read(codec, b, b.length, pay)[0];
        assertThat(a).isNotNull();
        assertThat(a.cents).isEqualTo(150);
        assertThat(a.currency).isEqualTo("EUR");
        // a JDK number alone is still taken by name too (with parameter names), an application's never
        assertThat(Arguments.namedWhenAlone(Long.class)).isTrue();
        assertThat(Arguments.namedWhenAlone(Amount.class)).isFalse();
    }

    static List<JsonCodec> codecs() {
        return List.of(new Fastjson2TextCodec(), new GsonTextCodec());
    }

    private static Object read(JsonCodec codec, String method, String body) {
        MethodMeta m = ServiceMeta.of(Lists.class).byName(method)[0];
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        Object[] args = Arguments.read(codec, b, b.length, m);
        assertThat(args).hasSize(1);
        return args[0];
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void wrappedWhenTheArrayHoldsOneArrayOrNull(JsonCodec codec) {
        assertThat(read(codec, "nested", "[[[1],[2,3]]]")).isEqualTo(List.of(List.of(1), List.of(2, 3)));
        assertThat(read(codec, "any", "[[1,\"a\"]]")).isEqualTo(List.of(1, "a"));
        assertThat(read(codec, "any", "[null]")).isNull();
        assertThat((long[]) read(codec, "numbers", " [ [4, 5] ] ")).containsExactly(4, 5);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void bareOtherwise(JsonCodec codec) {
        assertThat(read(codec, "nested", "[[1],[2,3]]")).isEqualTo(List.of(List.of(1), List.of(2, 3)));
        assertThat(read(codec, "nested", "[]")).isEqualTo(List.of());
        assertThat(read(codec, "any", "[[1,2],[3]]")).isEqualTo(List.of(List.of(1, 2), List.of(3)));
        assertThat(read(codec, "any", "[null,null]")).isEqualTo(Arrays.asList(null, null));
        assertThat(read(codec, "any", "[1,[2]]")).isEqualTo(List.of(1, List.of(2)));
        assertThat((long[]) read(codec, "numbers", "[4,5]")).containsExactly(4, 5);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void aWrappedArgumentThatDoesNotFitNamesTheArgument(JsonCodec codec) {
        // one element: the wrapped form, whose element [1] is no List<List<Integer>>
        assertThatThrownBy(() -> read(codec, "nested", "[[1]]"))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageStartingWith("argument 0 (");
        assertThatThrownBy(() -> read(codec, "numbers", "[[1.5]]"))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageStartingWith("argument 0 (");
        // two elements, neither fits the bare value: the bare value's error
        assertThatThrownBy(() -> read(codec, "nested", "[[\"x\"],[2]]"))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageStartingWith("argument 0");
        assertThatThrownBy(() -> read(codec, "nested", "[[1],[2]"))
                .as("truncated")
                .isInstanceOf(JsonCodecException.class);
    }
}
