package io.httpjson.benchmark.client;

import io.httpjson.benchmark.SizesCommand;
import io.httpjson.benchmark.provider.Export;
import io.httpjson.benchmark.provider.ProviderCommand;
import io.httpjson.benchmark.push.AddressPushCommand;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/** The load client (rpcx-benchmark style), and the entry point of the runnable jar. */
@Command(name = "httpjson-benchmark", mixinStandardHelpOptions = true, version = "httpjson-benchmark 0.1.0-SNAPSHOT",
        sortOptions = false,
        description = {
            "Calls BenchmarkService with -c concurrent callers, -n calls in total, after a warm-up.",
            "Without --target it starts its own provider in a separate JVM on 127.0.0.1 and stops it at the end."},
        subcommands = {ProviderCommand.class, SizesCommand.class, AddressPushCommand.class},
        footer = {"", "JMH suites: java -jar httpjson-benchmark.jar jmh [JMH options] [regex], e.g. 'jmh SerializerBenchmark'."})
public class ClientCommand implements Callable<Integer> {
    public static final Set<String> PROTOCOLS = Set.of("httpjson", "dubbo", "tri");
    public static final Set<String> SERIALIZATIONS = Set.of("hessian2", "fastjson2", "fastjson2-text", "gson-text");
    public static final String DEFAULT_MATRIX_CONFIGS =
            "dubbo:hessian2,dubbo:fastjson2,tri:hessian2,httpjson:fastjson2-text,httpjson:gson-text";

    @Spec
    CommandSpec spec;

    @Option(names = {"-c", "--concurrency"}, defaultValue = "100", description = "Concurrent callers (threads). Default: ${DEFAULT-VALUE}.")
    int concurrency;

    @Option(names = {"-n", "--total"}, defaultValue = "200000", description = "Measured calls in total, split among callers. Default: ${DEFAULT-VALUE}.")
    int total;

    @Option(names = "--warmup", defaultValue = "20000", description = "Warm-up calls before measuring. Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(names = "--warmup-seconds", defaultValue = "10", description = "Warm-up stops after this long even if calls remain. Default: ${DEFAULT-VALUE}.")
    int warmupSeconds;

    @Option(names = "--protocol", defaultValue = "httpjson", description = "httpjson, dubbo or tri. Default: ${DEFAULT-VALUE}.")
    String protocol;

    @Option(names = "--serialization", description = "hessian2, fastjson2, fastjson2-text or gson-text. Default: fastjson2-text for httpjson, hessian2 otherwise.")
    String serialization;

    @Option(names = "--delay", defaultValue = "0", description = "Server business time per call in ms (e.g. 0, 10, 30). Default: ${DEFAULT-VALUE}.")
    long delay;

    @Option(names = "--call", defaultValue = "echo", description = "echo, sayHello, getUser or listUser. Default: ${DEFAULT-VALUE}.")
    String call;

    @Option(names = "--target", paramLabel = "HOST:PORT", description = "Use a running provider (started with 'provider --export PROTOCOL:SERIALIZATION:DELAY').")
    String target;

    @Option(names = "--provider-jvm-args", defaultValue = ProviderProcess.DEFAULT_JVM_ARGS,
            description = "JVM flags of the provider this client starts. Default: ${DEFAULT-VALUE}.")
    String providerJvmArgs;

    @Option(names = "--server-threads", defaultValue = "200", description = "Provider business threads (Dubbo's default). Default: ${DEFAULT-VALUE}.")
    int serverThreads;

    @Option(names = "--timeout", defaultValue = "5000", description = "Per-call timeout in ms. Default: ${DEFAULT-VALUE}.")
    int timeoutMillis;

    @Option(names = "--max-seconds", defaultValue = "600", description = "Time limit of each measured phase; the run is marked truncated if hit. Default: ${DEFAULT-VALUE}.")
    int maxSeconds;

    @Option(names = "--format", defaultValue = "text", description = "text, csv or json. Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = "--no-progress", description = "Never draw the progress bar (it is only drawn on a terminal anyway).")
    boolean noProgress;

    @Option(names = "--matrix", description = "Run a list of configurations, interleaved, --repeat times each; write CSV and PNG charts to --out-dir.")
    boolean matrix;

    @Option(names = "--configs", defaultValue = DEFAULT_MATRIX_CONFIGS, paramLabel = "PROTOCOL:SERIALIZATION,...",
            description = "Matrix: protocol:serialization pairs (dubbo:hessian2 is always added as the baseline), each optionally with reference parameters of its own in brackets, e.g. httpjson:fastjson2-text[httpjson.pipelining=16;httpjson.max-connections=8]. Default: ${DEFAULT-VALUE}.")
    String configs;

    @Option(names = "--concurrency-list", defaultValue = "10,50,100", description = "Matrix: concurrency values. Default: ${DEFAULT-VALUE}.")
    String concurrencyList;

    @Option(names = "--delays", defaultValue = "0", description = "Matrix: server delays in ms. Default: ${DEFAULT-VALUE}.")
    String delays;

    @Option(names = "--matrix-file", description = "Matrix: a file of lines 'protocol serialization concurrency delay' (# comments); replaces --configs/--concurrency-list/--delays.")
    Path matrixFile;

    @Option(names = "--repeat", defaultValue = "3", description = "Matrix: runs per configuration (medians are reported). Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(names = "--warmup-rounds", defaultValue = "1", description = "Matrix: rounds of every configuration run before the measured ones and not reported, so that both JVMs have compiled every configuration's code before anything is measured (the first round ran at half speed or less). Default: ${DEFAULT-VALUE}.")
    int warmupRounds;

    @Option(names = "--out-dir", defaultValue = "benchmark-results", description = "Matrix: where runs.csv, summary.csv and the PNG charts go. Default: ${DEFAULT-VALUE}.")
    Path outDir;

    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new ClientCommand());
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + ex);
            if (Boolean.getBoolean("httpjson.benchmark.stacktrace")) {
                ex.printStackTrace(commandLine.getErr());
            }
            commandLine.getErr().flush();
            return 1;
        });
        return cl;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    CallType callType() {
        try {
            return CallType.parse(call);
        } catch (IllegalArgumentException e) {
            throw usage("--call: " + e.getMessage());
        }
    }

    void validate() {
        if (concurrency < 1 || concurrency > 5000) {
            throw usage("-c must be between 1 and 5000, got " + concurrency);
        }
        if (total < 1) {
            throw usage("-n must be at least 1, got " + total);
        }
        if (warmup < 0 || warmupSeconds < 0) {
            throw usage("--warmup and --warmup-seconds must not be negative");
        }
        if (delay < 0 || delay > 60_000) {
            throw usage("--delay must be between 0 and 60000 ms, got " + delay);
        }
        if (!PROTOCOLS.contains(protocol)) {
            throw usage("--protocol must be one of httpjson, dubbo, tri; got '" + protocol + "'");
        }
        if (serialization != null && !SERIALIZATIONS.contains(serialization)) {
            throw usage("--serialization must be one of hessian2, fastjson2, fastjson2-text, gson-text; got '" + serialization + "'");
        }
        if (serialization != null && !compatible(protocol, serialization)) {
            throw usage("httpjson speaks JSON only: use --serialization fastjson2-text or gson-text with it");
        }
        if (!Set.of("text", "csv", "json").contains(format)) {
            throw usage("--format must be text, csv or json; got '" + format + "'");
        }
        if (timeoutMillis < 1 || maxSeconds < 1 || serverThreads < 1) {
            throw usage("--timeout, --max-seconds and --server-threads must be positive");
        }
        if (repeat < 1) {
            throw usage("--repeat must be at least 1");
        }
        if (warmupRounds < 0) {
            throw usage("--warmup-rounds must not be negative");
        }
        if (target != null && !target.matches("[^:]+:\\d{1,5}")) {
            throw usage("--target must be HOST:PORT, got '" + target + "'");
        }
        if (target != null && matrix) {
            throw usage("--target cannot be combined with --matrix (the matrix starts its own provider)");
        }
        callType();
    }

    /** httpjson refuses binary serializations (it says so when exporting); everything else combines. */
    public static boolean compatible(String protocol, String serialization) {
        return !"httpjson".equals(protocol) || serialization.endsWith("-text");
    }

    static String defaultSerialization(String protocol) {
        return "httpjson".equals(protocol) ? "fastjson2-text" : "hessian2";
    }

    PrintStream progressStream() {
        return !noProgress && System.console() != null ? System.err : null;
    }

    @Override
    public Integer call() throws Exception {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (target == null && !matrix && concurrency > serverThreads) {
            err.println("warning: -c " + concurrency + " > --server-threads " + serverThreads
                    + ": Dubbo's fixed pool rejects calls beyond its threads, expect errors when calls overlap");
        }
        if (matrix) {
            List<RunSpec> specs = MatrixRunner.specs(this);
            return new MatrixRunner(this, specs, out, err).run();
        }
        String ser = serialization != null ? serialization : defaultSerialization(protocol);
        String missing = Extensions.missing(protocol, ser);
        if (missing != null) {
            throw usage(missing + " (build with the module that provides it)");
        }
        RunSpec runSpec = new RunSpec(protocol, ser, callType(), concurrency, total, delay, warmup, warmupSeconds,
                maxSeconds, timeoutMillis);
        Map<String, Object> info = new LinkedHashMap<>();
        RunResult result;
        if (target != null) {
            String host = target.substring(0, target.lastIndexOf(':'));
            int port = Integer.parseInt(target.substring(target.lastIndexOf(':') + 1));
            info.put("provider", "running provider at " + target);
            result = runOnce(runSpec, host, port, 1);
        } else {
            try (ProviderProcess provider = ProviderProcess.start(List.of(runSpec.export()), providerJvmArgs, serverThreads, 120)) {
                info.put("provider", "own JVM, pid " + provider.pid() + ", 127.0.0.1:" + provider.port(protocol));
                result = runOnce(runSpec, "127.0.0.1", provider.port(protocol), 1);
            }
        }
        info.put("provider_jvm_args", result.providerJvmArguments);
        info.put("provider_threads", target != null ? "(as started)" : serverThreads);
        info.put("client_jvm_args", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        info.put("cpus", Runtime.getRuntime().availableProcessors());
        if (result.firstError != null && !"text".equals(format)) {
            info.put("first_error", result.firstError);
        }
        switch (format) {
            case "csv" -> out.print(Report.csv(List.of(result)));
            case "json" -> out.println(Report.json(result, info));
            default -> out.print(Report.text(result, info));
        }
        out.flush();
        return result.errors == 0 && !result.truncated ? 0 : 1;
    }

    RunResult runOnce(RunSpec runSpec, String host, int port, int repeatNo) throws InterruptedException {
        try (BenchClient client = new BenchClient(runSpec.export(), host, port, runSpec.timeoutMillis(),
                runSpec.referenceParams())) {
            return LoadRunner.run(runSpec, client.service(), repeatNo, progressStream());
        }
    }
}
