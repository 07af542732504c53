package io.httpjson.benchmark;

import com.alibaba.fastjson2.JSON;
import io.httpjson.benchmark.jmh.Serializer;
import io.httpjson.benchmark.jmh.SpiSerializer;
import io.httpjson.benchmark.jmh.SpiSerializer.Payload;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** kryo and protostuff, as the serializer benchmark drives them, bring every payload back whole. */
class SerializerLibrariesTest {

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff"})
    void everyPayloadComesBackWhole(String name) throws Exception {
        Serializer s = Serializer.of(name);
        for (Payload p : Payload.values()) {
            Object value = SpiSerializer.payload(p);
            byte[] bytes = s.serialize(value);
            Object back = s.deserialize(bytes, SpiSerializer.type(p), SpiSerializer.genericType(p));
            assertThat(back).as(name + " " + p).isInstanceOf(SpiSerializer.type(p));
            assertThat(JSON.toJSONString(back)).as(name + " " + p).isEqualTo(JSON.toJSONString(value));
            // a second use of the same serializer (its buffers are reused) gives the same bytes
            assertThat(s.serialize(value)).as(name + " " + p).isEqualTo(bytes);
        }
    }
}
