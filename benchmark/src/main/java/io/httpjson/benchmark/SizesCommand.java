package io.httpjson.benchmark;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.httpjson.benchmark.jmh.Serializer;
import io.httpjson.benchmark.jmh.SpiSerializer;
import io.httpjson.benchmark.service.BenchmarkMessages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Serialized sizes of the benchmark payloads per serialization (the size half of the serializer suite). */
@Command(
        name = "sizes",
        mixinStandardHelpOptions = true,
        description =
                "Print the serialized size in bytes of the benchmark message and a 15-user page, per serialization.")
public class SizesCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--serializations",
            split = ",",
            defaultValue = "hessian2,fastjson2,fastjson2-text,gson-text",
            description = "Dubbo serialization extensions, or kryo and protostuff. Default: ${DEFAULT-VALUE}.")
    List<String> serializations;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%-16s %10s %10s%n", "serialization", "message", "userPage");
        out.printf(
                Locale.ROOT,
                "%-16s %10d %10s%n",
                "protobuf",
                BenchmarkMessages.toProtobuf(BenchmarkMessages.prepare()).length,
                "-");
        for (String name : serializations) {
            Serializer s;
            try {
                s = Serializer.of(name);
            } catch (IllegalStateException e) {
                out.printf(Locale.ROOT, "%-16s %s%n", name, e.getMessage());
                continue;
            }
            long[] sizes = new long[2];
            for (SpiSerializer.Payload p : SpiSerializer.Payload.values()) {
                sizes[p.ordinal()] = s.serialize(SpiSerializer.payload(p)).length;
            }
            out.printf(Locale.ROOT, "%-16s %10d %10d%n", name, sizes[0], sizes[1]);
        }
        out.flush();
        return 0;
    }
}
