package io.httpjson.benchmark.client;

import java.io.PrintStream;
import java.util.Collection;
import java.util.Set;

import io.httpjson.benchmark.grpc.GrpcClient;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options {@code load} and {@code matrix} share (a picocli mixin): what each caller calls, how many calls,
 * how the provider JVM is started, and how results are printed; and how one measured run is made.
 */
public class RunOptions {
    public static final Set<String> PROTOCOLS = Set.of("httpjson", "dubbo", "tri", "grpc");
    public static final Set<String> SERIALIZATIONS =
            Set.of("hessian2", "fastjson2", "fastjson2-text", "gson-text", "protobuf");

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = {"-n", "--total"},
            defaultValue = "200000",
            description = "Measured calls in total, split among callers. Default: ${DEFAULT-VALUE}.")
    int total;

    @Option(
            names = "--warmup",
            defaultValue = "20000",
            description = "Warm-up calls before measuring. Default: ${DEFAULT-VALUE}.")
    int warmup;

    @Option(
            names = "--warmup-seconds",
            defaultValue = "10",
            description = "Warm-up stops after this long even if calls remain. Default: ${DEFAULT-VALUE}.")
    int warmupSeconds;

    @Option(
            names = "--call",
            defaultValue = "echo",
            description =
                    "echo, sayHello, getUser, listUser or echoList (see --payload-kb). Default: ${DEFAULT-VALUE}.")
    String call;

    @Option(
            names = "--payload-kb",
            defaultValue = "1",
            description =
                    "echoList only: the size of the list of users sent and echoed, as JSON, in KB (e.g. 1, 16, 256, 1024). Default: ${DEFAULT-VALUE}.")
    int payloadKb;

    @Option(
            names = "--gzip",
            paramLabel = "off|on",
            description =
                    "httpjson only: off (the consumer neither gzips requests nor accepts gzipped responses) or on (it gzips every request and asks for gzipped responses, which the provider then gzips whatever their size). Default: httpjson's own settings, gzip from 32 KB both ways.")
    String gzip;

    @Option(
            names = "--provider-jvm-args",
            defaultValue = ProviderProcess.DEFAULT_JVM_ARGS,
            description = "JVM flags of the provider this client starts. Default: ${DEFAULT-VALUE}.")
    String providerJvmArgs;

    @Option(
            names = "--server-threads",
            defaultValue = "200",
            description = "Provider business threads (Dubbo's default). Default: ${DEFAULT-VALUE}.")
    int serverThreads;

    @Option(
            names = "--timeout",
            defaultValue = "5000",
            description = "Per-call timeout in ms. Default: ${DEFAULT-VALUE}.")
    int timeoutMillis;

    @Option(
            names = "--max-seconds",
            defaultValue = "600",
            description =
                    "Time limit of each measured phase; the run is marked truncated if hit. Default: ${DEFAULT-VALUE}.")
    int maxSeconds;

    @Option(names = "--format", defaultValue = "text", description = "text, csv or json. Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(
            names = "--no-progress",
            description = "Never draw the progress bar (it is only drawn on a terminal anyway).")
    boolean noProgress;

    ParameterException usage(String message) {
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
        if (total < 1) {
            throw usage("-n must be at least 1, got " + total);
        }
        if (warmup < 0 || warmupSeconds < 0) {
            throw usage("--warmup and --warmup-seconds must not be negative");
        }
        if (!Set.of("text", "csv", "json").contains(format)) {
            throw usage("--format must be text, csv or json; got '" + format + "'");
        }
        if (timeoutMillis < 1 || maxSeconds < 1 || serverThreads < 1) {
            throw usage("--timeout, --max-seconds and --server-threads must be positive");
        }
        if (payloadKb < 1 || payloadKb > MAX_PAYLOAD_KB) {
            throw usage("--payload-kb: " + payloadKb + " (expected: 1 to " + MAX_PAYLOAD_KB + ")");
        }
        if (gzip != null && !RunSpec.GZIP_OFF.equals(gzip) && !RunSpec.GZIP_ON.equals(gzip)) {
            throw usage("--gzip: " + gzip + " (expected: off or on)");
        }
        callType();
    }

    /** The provider's extra httpjson protocol parameters ({@code ProviderServer}). */
    static final String PROVIDER_HTTPJSON_PARAMS = "benchmark.httpjson.params";

    /** Below Dubbo's default payload limit (8 MiB) with room for the JSON of the reply's envelope. */
    static final int MAX_PAYLOAD_KB = 4096;

    /** The run's payload: --payload-kb for echoList, 0 (none) for the other calls. */
    int payloadKbFor(CallType type, int kb) {
        return type == CallType.ECHO_LIST ? kb : 0;
    }

    /** The run's gzip mode: --gzip for httpjson, httpjson's default (none) for the other protocols. */
    static String gzipFor(String protocol, String mode) {
        return "httpjson".equals(protocol) && mode != null ? mode : RunSpec.GZIP_DEFAULT;
    }

    /**
     * The provider's JVM flags: {@code --provider-jvm-args}, plus a gzip threshold of 0 on its httpjson port when a
     * run has gzip on (a consumer with gzip off never asks for it, so those runs stay uncompressed).
     */
    String providerJvmArgs(Collection<RunSpec> specs) {
        boolean gzipOn = specs.stream().anyMatch(s -> RunSpec.GZIP_ON.equals(s.gzip()));
        if (!gzipOn) {
            return providerJvmArgs;
        }
        String flag = "-D" + PROVIDER_HTTPJSON_PARAMS + "=";
        String threshold = RunSpec.GZIP_THRESHOLD + "=0";
        // parameters already given there are kept; the threshold is added to them
        return providerJvmArgs.contains(flag)
                ? providerJvmArgs.replace(flag, flag + threshold + ",")
                : providerJvmArgs + " " + flag + threshold;
    }

    /** httpjson refuses binary serializations (it says so when exporting); everything else combines. */
    public static boolean compatible(String protocol, String serialization) {
        if ("grpc".equals(protocol) || "protobuf".equals(serialization)) {
            return "grpc".equals(protocol) && "protobuf".equals(serialization);
        }
        return !"httpjson".equals(protocol) || serialization.endsWith("-text");
    }

    /** null when the call can be made over the protocol, else why not. */
    static String unsupportedCall(String protocol, CallType call) {
        return "grpc".equals(protocol) && call != CallType.ECHO
                ? "grpc:protobuf makes the echo call only (rpcx-benchmark's Hello.Say), not " + call
                : null;
    }

    PrintStream progressStream() {
        return !noProgress && System.console() != null ? System.err : null;
    }

    RunResult runOnce(RunSpec runSpec, String host, int port, int repeatNo) throws InterruptedException {
        if ("grpc".equals(runSpec.protocol())) {
            try (GrpcClient client = new GrpcClient(host, port, runSpec.timeoutMillis())) {
                return LoadRunner.run(runSpec, client, repeatNo, progressStream());
            }
        }
        try (BenchClient client =
                new BenchClient(runSpec.export(), host, port, runSpec.timeoutMillis(), runSpec.referenceParams())) {
            return LoadRunner.run(runSpec, client.service(), repeatNo, progressStream());
        }
    }
}
