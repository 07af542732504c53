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
import io.httpjson.codec.ThrowableJson;
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

    /** An application's exception with a field of a JDK class outside the mapping. */
    public static class PatternException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public final Pattern pattern = Pattern.compile("a+");

        public PatternException() {
            super("bad");
        }
    }

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

    /** An exception's field is a value in a map: written as before, not left out. */
    @Test
    void anExceptionFieldOfAJdkClassIsSentAsBefore() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec.write(ThrowableJson.describe(new PatternException(), codec), null, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"fields\":{\"pattern\":\"a+\"}");
    }
}
