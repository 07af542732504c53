package io.httpjson.benchmark.client;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The load client (rpcx-benchmark style): one configuration, one measured run. */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Calls BenchmarkService with -c concurrent callers, -n calls in total, after a warm-up.",
            "Without --target it starts its own provider in a separate JVM on 127.0.0.1 and stops it at the end.",
            "The default subcommand: 'httpjson-benchmark -c 100' is 'httpjson-benchmark load -c 100'."
        })
public class LoadCommand implements Callable<Integer> {

    @Option(
            names = {"-c", "--concurrency"},
            defaultValue = "100",
            description = "Concurrent callers (threads). Default: ${DEFAULT-VALUE}.")
    int concurrency;

    @Option(
            names = "--protocol",
            defaultValue = "httpjson",
            description = "httpjson, dubbo, tri or grpc (gRPC-java, echo only). Default: ${DEFAULT-VALUE}.")
    String protocol;

    @Option(
            names = "--serialization",
            description =
                    "hessian2, fastjson2, fastjson2-text, gson-text or protobuf (grpc). Default: fastjson2-text for httpjson, protobuf for grpc, hessian2 otherwise.")
    String serialization;

    @Option(
            names = "--delay",
            defaultValue = "0",
            description = "Server business time per call in ms (e.g. 0, 10, 30). Default: ${DEFAULT-VALUE}.")
    long delay;

    @Option(
            names = "--target",
            paramLabel = "HOST:PORT",
            description = "Use a running provider (started with 'provider --export PROTOCOL:SERIALIZATION:DELAY').")
    String target;

    @Mixin
    RunOptions run;

    private void validate() {
        run.validate();
        if (concurrency < 1 || concurrency > 5000) {
            throw run.usage("-c must be between 1 and 5000, got " + concurrency);
        }
        if (delay < 0 || delay > 60_000) {
            throw run.usage("--delay must be between 0 and 60000 ms, got " + delay);
        }
        if (!RunOptions.PROTOCOLS.contains(protocol)) {
            throw run.usage("--protocol must be one of httpjson, dubbo, tri, grpc; got '" + protocol + "'");
        }
        if (serialization != null && !RunOptions.SERIALIZATIONS.contains(serialization)) {
            throw run.usage("--serialization must be one of hessian2, fastjson2, fastjson2-text, gson-text, protobuf;"
                    + " got '"
                    + serialization + "'");
        }
        if (serialization != null && !RunOptions.compatible(protocol, serialization)) {
            throw run.usage(
                    "grpc".equals(protocol) || "protobuf".equals(serialization)
                            ? "grpc goes with --serialization protobuf, and protobuf with --protocol grpc"
                            : "httpjson speaks JSON only: use --serialization fastjson2-text or gson-text with it");
        }
        String unsupported = RunOptions.unsupportedCall(protocol, run.callType());
        if (unsupported != null) {
            throw run.usage(unsupported);
        }
        if (target != null && !target.matches("[^:]+:\\d{1,5}")) {
            throw run.usage("--target must be HOST:PORT, got '" + target + "'");
        }
    }

    @Override
    public Integer call() throws Exception {
        validate();
        PrintWriter out = run.spec.commandLine().getOut();
        PrintWriter err = run.spec.commandLine().getErr();
        if (target == null && concurrency > run.serverThreads) {
            err.println("warning: -c " + concurrency + " > --server-threads " + run.serverThreads
                    + ": Dubbo's fixed pool rejects calls beyond its threads, expect errors when calls overlap");
        }
        String ser = serialization != null
                ? serialization
                : switch (protocol) {
                    case "httpjson" -> "fastjson2-text";
                    case "grpc" -> "protobuf";
                    default -> "hessian2";
                };
        String missing = Extensions.missing(protocol, ser);
        if (missing != null) {
            throw run.usage(missing + " (build with the module that provides it)");
        }
        if (run.gzip != null && !"httpjson".equals(protocol)) {
            throw run.usage("--gzip is an httpjson setting; --protocol is " + protocol);
        }
        RunSpec runSpec = new RunSpec(
                protocol,
                ser,
                run.callType(),
                concurrency,
                run.total,
                delay,
                run.warmup,
                run.warmupSeconds,
                run.maxSeconds,
                run.timeoutMillis,
                "",
                run.payloadKbFor(run.callType(), run.payloadKb),
                RunOptions.gzipFor(protocol, run.gzip));
        Map<String, Object> info = new LinkedHashMap<>();
        RunResult result;
        if (target != null) {
            String host = target.substring(0, target.lastIndexOf(':'));
            int port = Integer.parseInt(target.substring(target.lastIndexOf(':') + 1));
            info.put("provider", "running provider at " + target);
            result = run.runOnce(runSpec, host, port, 1);
        } else {
            try (ProviderProcess provider = ProviderProcess.start(
                    List.of(runSpec.export()), run.providerJvmArgs(List.of(runSpec)), run.serverThreads, 120)) {
                info.put("provider", "own JVM, pid " + provider.pid() + ", 127.0.0.1:" + provider.port(protocol));
                result = run.runOnce(runSpec, "127.0.0.1", provider.port(protocol), 1);
            }
        }
        info.put("provider_jvm_args", result.providerJvmArguments);
        info.put("provider_threads", target != null ? "(as started)" : run.serverThreads);
        info.put(
                "client_jvm_args",
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        info.put("cpus", Runtime.getRuntime().availableProcessors());
        if (result.firstError != null && !"text".equals(run.format)) {
            info.put("first_error", result.firstError);
        }
        switch (run.format) {
            case "csv" -> out.print(Report.csv(List.of(result)));
            case "json" -> out.println(Report.json(result, info));
            default -> out.print(Report.text(result, info));
        }
        out.flush();
        return result.errors == 0 && !result.truncated ? 0 : 1;
    }
}
