package io.httpjson.benchmark.jmh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.concurrent.TimeUnit;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.internal.StrictJson;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of the strict input check that every JSON codec runs before its engine binds ({@code check}), next to
 * a whole read of the same bytes by the codec, check included ({@code read}), in nanoseconds per call. Both in one
 * run, so that a busy machine slows both alike.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class StrictJsonBenchmark {

    @Param({"fastjson2-text", "gson-text"})
    public String codec;

    @Param({"message", "userPage"})
    public String payload;

    private JsonCodec json;
    private Type type;
    private byte[] bytes;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        json = FrameworkModel.defaultModel().getExtensionLoader(JsonCodec.class).getExtension(codec);
        SpiSerializer.Payload p = SpiSerializer.Payload.valueOf(payload);
        type = SpiSerializer.genericType(p);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        json.write(SpiSerializer.payload(p), type, out);
        bytes = out.toByteArray();
        System.out.println("# size codec=" + codec + " payload=" + payload + " bytes=" + bytes.length);
    }

    @Benchmark
    public byte[] check() {
        StrictJson.check(bytes, 0, bytes.length, type);
        return bytes;
    }

    @Benchmark
    public Object read() {
        return json.read(bytes, 0, bytes.length, type);
    }
}
