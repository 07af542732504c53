package io.httpjson.benchmark;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;

import io.httpjson.benchmark.service.BenchmarkMessage;
import io.httpjson.benchmark.service.BenchmarkMessages;
import io.httpjson.codec.JsonCodec;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** wrk/echo-body.json is the request body of the echo call, as the httpjson consumer writes it. */
class WrkBodyTest {

    @Test
    void wrkBodyIsTheEchoCallsJson() throws Exception {
        JsonCodec json = FrameworkModel.defaultModel()
                .getExtensionLoader(JsonCodec.class)
                .getExtension("fastjson2-text");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        json.writeArray(new Object[] {BenchmarkMessages.prepare()}, new Type[] {BenchmarkMessage.class}, out);
        assertThat(Files.readAllBytes(Path.of("wrk", "echo-body.json")))
                .as("regenerate wrk/echo-body.json from BenchmarkMessages.prepare()")
                .isEqualTo(out.toByteArray());
    }
}
