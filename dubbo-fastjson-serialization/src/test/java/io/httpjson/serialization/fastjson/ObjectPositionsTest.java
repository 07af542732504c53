package io.httpjson.serialization.fastjson;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.regex.Pattern;

import com.alibaba.fastjson2.util.ParameterizedTypeImpl;
import io.httpjson.codec.JsonCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A value in an {@code Object} position follows the {@code Object} row, whatever its class: a JDK class outside the
 * mapping ({@code TimeZone}, {@code Class}, {@code Pattern}) in a {@code Map<String, Object>} argument or result is
 * carried by fastjson2-text as it was, and read back as a String. Only a declared type outside the mapping is
 * refused, when read.
 */
class ObjectPositionsTest {

    private static final Type MAP = new ParameterizedTypeImpl(new Type[] {String.class, Object.class}, null, Map.class);

    private final JsonCodec codec = new Fastjson2TextCodec();

    private static Map<String, Object> values() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("zone", TimeZone.getTimeZone("Asia/Shanghai"));
        m.put("type", Integer.class);
        m.put("pattern", Pattern.compile("a+"));
        return m;
    }

    @Test
    void jdkValuesInAMapArgumentAreCarriedAsBefore() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec.writeArray(new Object[] {values()}, new Type[] {MAP}, out);
        byte[] json = out.toByteArray();
        assertThat(new String(json, StandardCharsets.UTF_8))
                .isEqualTo("[{\"zone\":\"Asia/Shanghai\",\"type\":\"java.lang.Integer\",\"pattern\":\"a+\"}]");
        Object[] args = codec.readArray(json, 0, json.length, new Type[] {MAP});
        assertThat(args[0]).isEqualTo(Map.of("zone", "Asia/Shanghai", "type", "java.lang.Integer", "pattern", "a+"));
    }

    @Test
    void jdkValuesInAMapResultAreCarriedAsBefore() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec.write(values(), MAP, out);
        byte[] json = out.toByteArray();
        assertThat(codec.read(json, 0, json.length, MAP))
                .isEqualTo(Map.of("zone", "Asia/Shanghai", "type", "java.lang.Integer", "pattern", "a+"));
        out.reset();
        codec.write(
                List.of(Integer.class), new ParameterizedTypeImpl(new Type[] {Object.class}, null, List.class), out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("[\"java.lang.Integer\"]");
    }
}
