package io.httpjson.benchmark;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.httpjson.benchmark.service.BenchmarkMessage;
import io.httpjson.benchmark.service.BenchmarkMessages;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BenchmarkMessageTest {

    @Test
    void protobufEncodingIs581Bytes() {
        assertThat(BenchmarkMessages.toProtobuf(BenchmarkMessages.prepare())).hasSize(581);
    }

    @Test
    void filledLikeRpcxBenchmark() throws Exception {
        BenchmarkMessage m = BenchmarkMessages.prepare();
        assertThat(BenchmarkMessages.TEXT).hasSize(18);
        assertThat(BenchmarkMessages.TEXT.getBytes(StandardCharsets.UTF_8)).hasSize(54);
        int strings = 0, ints = 0, longs = 0, bools = 0, lists = 0;
        for (Field f : BenchmarkMessage.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers())) {
                continue;
            }
            f.setAccessible(true);
            Object v = f.get(m);
            if (f.getType() == String.class) {
                assertThat(v).as(f.getName()).isEqualTo(BenchmarkMessages.TEXT);
                strings++;
            } else if (f.getType() == int.class) {
                assertThat(v).as(f.getName()).isEqualTo(100000);
                ints++;
            } else if (f.getType() == long.class) {
                assertThat(v).as(f.getName()).isEqualTo(100000L);
                longs++;
            } else if (f.getType() == boolean.class) {
                assertThat(v).as(f.getName()).isEqualTo(true);
                bools++;
            } else if (f.getType() == List.class) {
                assertThat((List<?>) v).as(f.getName()).isEmpty();
                lists++;
            }
        }
        assertThat(new int[] {strings, ints, longs, bools, lists}).containsExactly(8, 20, 1, 10, 1);
    }

    @Test
    void replyCheckNeedsOkAnd100() {
        BenchmarkMessage m = BenchmarkMessages.prepare();
        assertThat(BenchmarkMessages.isValidReply(m)).isFalse();
        m.setField1("OK");
        m.setField2(100);
        assertThat(BenchmarkMessages.isValidReply(m)).isTrue();
    }
}
