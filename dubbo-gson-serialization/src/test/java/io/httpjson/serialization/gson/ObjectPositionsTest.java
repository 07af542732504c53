package io.httpjson.serialization.gson;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Pattern;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A value in an {@code Object} position is written as Gson writes it, as before: a JDK class Gson has an adapter for
 * ({@code InetAddress}) is written by it; only where Gson itself cannot write one ({@code Pattern}, reflecting on the
 * JDK's private fields) is it refused, in httpjson's words rather than Gson's advice to write a TypeAdapter.
 */
class ObjectPositionsTest {

    private final JsonCodec codec = new GsonTextCodec();

    @Test
    void aJdkValueGsonWritesIsWrittenInAnObjectPosition() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec.write(Map.of("host", InetAddress.getByAddress(new byte[] {127, 0, 0, 1})), null, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"host\":\"127.0.0.1\"}");
    }

    @Test
    void aJdkValueGsonCannotWriteIsRefusedInHttpjsonsWords() {
        assertThatThrownBy(() -> codec.write(Map.of("p", Pattern.compile("a+")), null, OutputStream.nullOutputStream()))
                .isExactlyInstanceOf(JsonCodecException.class)
                .hasMessageContaining("cannot write a Pattern as JSON: Pattern is a JDK class outside httpjson's JSON"
                        + " mapping, read only as null: send the pattern as a String");
    }
}
