package io.httpjson.serialization.fastjson;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import com.alibaba.fastjson2.PropertyNamingStrategy;
import com.alibaba.fastjson2.annotation.JSONField;
import com.alibaba.fastjson2.annotation.JSONType;
import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * fastjson2's annotations change nothing: fastjson2-text reads and writes a class by its Java field names, as the
 * Gson engine and the strict input check do. Bound under its annotated name, {@code "user_id": 1.5} escaped the
 * check and arrived as 1 (where the Gson engine left the field 0).
 */
class AnnotationsTest {

    public static final class Annotated {
        @JSONField(
                name = "user_id",
                alternateNames = {"uid"})
        public long userId;

        @JSONField(serialize = false, deserialize = false)
        public String hidden;

        @JSONField(format = "yyyyMMdd", ordinal = -1)
        public String zeta;
    }

    @JSONType(naming = PropertyNamingStrategy.SnakeCase, ignores = "name")
    public static final class Snake {
        public String firstName;
        public String name;
    }

    private final JsonCodec codec = new Fastjson2TextCodec();

    private String write(Object v) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec.write(v, v.getClass(), out);
        return out.toString(StandardCharsets.UTF_8);
    }

    private Object read(String json, Class<?> type) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return codec.read(b, 0, b.length, type);
    }

    @Test
    void fieldsAreNamedAndWrittenAsInJava() throws Exception {
        Annotated a = new Annotated();
        a.userId = 7;
        a.hidden = "h";
        a.zeta = "z";
        assertThat(write(a)).isEqualTo("{\"hidden\":\"h\",\"userId\":7,\"zeta\":\"z\"}");
        Snake s = new Snake();
        s.firstName = "f";
        s.name = "n";
        assertThat(write(s)).isEqualTo("{\"firstName\":\"f\",\"name\":\"n\"}");
    }

    @Test
    void fieldsAreReadByTheirJavaNamesOnly() {
        Annotated a = (Annotated) read("{\"userId\":7,\"hidden\":\"h\",\"user_id\":9,\"uid\":8}", Annotated.class);
        assertThat(a.userId).isEqualTo(7);
        assertThat(a.hidden).isEqualTo("h");
        Snake s = (Snake) read("{\"firstName\":\"f\",\"first_name\":\"x\",\"name\":\"n\"}", Snake.class);
        assertThat(s.firstName).isEqualTo("f");
        assertThat(s.name).isEqualTo("n");
    }

    @Test
    void theStrictCheckSeesEveryBoundField() {
        assertThatThrownBy(() -> read("{\"userId\":1.5}", Annotated.class))
                .isInstanceOf(JsonCodecException.class)
                .hasMessageContaining(".userId: expected an integer (long) but found 1.5");
        // the annotated names are unknown keys now: ignored, never bound past the check
        assertThat(((Annotated) read("{\"user_id\":1.5}", Annotated.class)).userId)
                .isZero();
    }
}
