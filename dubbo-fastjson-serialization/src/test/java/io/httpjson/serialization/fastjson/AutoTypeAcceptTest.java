package io.httpjson.serialization.fastjson;

import java.io.Serializable;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.util.ParameterizedTypeImpl;
import io.httpjson.codec.JsonCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * fastjson2's global autoType accept list (here set by this module's test {@code fastjson2.properties}, as an
 * application's {@code -Dfastjson2.autoTypeAccept} would) selects no class in fastjson2-text: an {@code "@type"} in a
 * value declared {@code Object} is data, read as a map, as in gson-text.
 */
class AutoTypeAcceptTest {

    /** The class the accept list names. */
    public static class Accepted implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name;
    }

    /** A POJO with an Object field. */
    public static class Holder implements Serializable {
        private static final long serialVersionUID = 1L;
        public Object value;
    }

    private static final String ACCEPTED = "{\"@type\":\"" + Accepted.class.getName() + "\",\"name\":\"x\"}";

    private final JsonCodec codec = new Fastjson2TextCodec();

    private Object read(String json, Type type) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return codec.read(b, 0, b.length, type);
    }

    @Test
    void theAcceptListIsInEffect() {
        // fastjson2 itself, by default, makes the class the list names: the test below would prove nothing otherwise
        assertThat(JSON.parseObject(ACCEPTED, Object.class)).isInstanceOf(Accepted.class);
    }

    @Test
    void anObjectValueNamingAnAcceptedClassIsReadAsAMap() {
        Map<String, Object> expected = Map.of("@type", Accepted.class.getName(), "name", "x");
        assertThat(read(ACCEPTED, Object.class)).isEqualTo(expected);
        Type map = new ParameterizedTypeImpl(new Type[] {String.class, Object.class}, null, Map.class);
        assertThat(read("{\"v\":" + ACCEPTED + "}", map)).isEqualTo(Map.of("v", expected));
        Type list = new ParameterizedTypeImpl(new Type[] {Object.class}, null, List.class);
        assertThat(read("[" + ACCEPTED + "]", list)).isEqualTo(List.of(expected));
        Object holder = read("{\"value\":" + ACCEPTED + "}", Holder.class);
        assertThat(((Holder) holder).value).isEqualTo(expected);
    }

    @Test
    void aLongTypeNameInAnObjectValueIsData() {
        String name = "a".repeat(200);
        assertThat(read("{\"@type\":\"" + name + "\"}", Object.class)).isEqualTo(Map.of("@type", name));
    }
}
