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
