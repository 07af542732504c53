package io.httpjson.benchmark.jmh;

import java.lang.reflect.Type;
import java.util.concurrent.TimeUnit;

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
 * Serialize + deserialize ops/s through Dubbo's Serialization SPI, per serialization and payload; kryo and
 * protostuff through their own libraries ({@link Serializer}). The size in bytes
 * is printed in setup ("# size ...") and by {@code java -jar httpjson-benchmark.jar sizes}. A serialization whose
 * extension is missing fails its setup with "not on the classpath yet - skipped"; the others still run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class SerializerBenchmark {

    @Param({"hessian2", "fastjson2", "fastjson2-text", "gson-text", "kryo", "protostuff"})
    public String serialization;

    @Param({"message", "userPage"})
    public String payload;

    private Serializer serializer;
    private Object value;
    private Class<?> type;
    private Type genericType;
    private byte[] bytes;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        serializer = Serializer.of(serialization);
        SpiSerializer.Payload p = SpiSerializer.Payload.valueOf(payload);
        value = SpiSerializer.payload(p);
        type = SpiSerializer.type(p);
        genericType = SpiSerializer.genericType(p);
        bytes = serializer.serialize(value);
        Object back = serializer.deserialize(bytes, type, genericType);
        if (back == null || back.getClass() != type) {
            throw new IllegalStateException(serialization + " brought back " + back + " for " + payload);
        }
        System.out.println("# size serialization=" + serialization + " payload=" + payload + " bytes=" + bytes.length);
    }

    @Benchmark
    public Object serialize() throws Exception {
        return serializer.serialize(value);
    }

    @Benchmark
    public Object deserialize() throws Exception {
        return serializer.deserialize(bytes, type, genericType);
    }

    @Benchmark
    public Object roundTrip() throws Exception {
        return serializer.deserialize(serializer.serialize(value), type, genericType);
    }
}
