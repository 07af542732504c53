package io.httpjson.benchmark.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** A list of configurations run against one provider JVM, interleaved and repeated ({@link MatrixRunner}). */
@Command(
        name = "matrix",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Runs a list of configurations, interleaved and repeated, against one provider JVM.",
            "The provider runs on 127.0.0.1 in a JVM of its own; prints medians and ratios to dubbo+hessian2 per",
            "concurrency and delay; writes CSV files and PNG charts to --out-dir."
        })
public class MatrixCommand implements Callable<Integer> {
    static final String DEFAULT_CONFIGS =
            "dubbo:hessian2,dubbo:fastjson2,tri:hessian2,httpjson:fastjson2-text,httpjson:gson-text";
    /** {@code protocol:serialization}, optionally followed by {@code [key=value;...]}. */
    private static final Pattern CONFIG = Pattern.compile("([^:\\[\\]]+):([^:\\[\\]]+)(?:\\[([^\\]]*)\\])?");

    @Option(
            names = "--configs",
            defaultValue = DEFAULT_CONFIGS,
            paramLabel = "PROTOCOL:SERIALIZATION,...",
            description =
                    "Protocol:serialization pairs (dubbo:hessian2 is always added as the baseline), each optionally with reference parameters of its own in brackets, e.g. httpjson:fastjson2-text[httpjson.pipelining=16;httpjson.max-connections=8]. Default: ${DEFAULT-VALUE}.")
    String configs;

    @Option(
            names = "--concurrency-list",
            defaultValue = "10,50,100",
            description = "Concurrency values. Default: ${DEFAULT-VALUE}.")
    String concurrencyList;

    @Option(names = "--delays", defaultValue = "0", description = "Server delays in ms. Default: ${DEFAULT-VALUE}.")
    String delays;

    @Option(
            names = "--payload-kb-list",
            paramLabel = "KB,...",
            description =
                    "With --call echoList: payload sizes to sweep, e.g. 1,16,256,1024 (each gets its own dubbo+hessian2 baseline). Default: --payload-kb.")
    String payloadKbList;

    @Option(
            names = "--gzip-list",
            paramLabel = "off,on",
            description =
                    "httpjson configurations run once per gzip mode, e.g. off,on (see --gzip); other protocols once. Default: --gzip.")
    String gzipList;

    @Option(
            names = "--matrix-file",
            description =
                    "A file of lines 'protocol serialization concurrency delay' (# comments); replaces --configs/--concurrency-list/--delays.")
    Path matrixFile;

    @Option(
            names = "--repeat",
            defaultValue = "3",
            description = "Runs per configuration (medians are reported). Default: ${DEFAULT-VALUE}.")
    int repeat;

    @Option(
            names = "--warmup-rounds",
            defaultValue = "1",
            description =
                    "Rounds of every configuration run before the measured ones and not reported, so that both JVMs have compiled every configuration's code before anything is measured (the first round ran at half speed or less). Default: ${DEFAULT-VALUE}.")
    int warmupRounds;

    @Option(
            names = "--out-dir",
            defaultValue = "benchmark-results",
            description = "Where runs.csv, summary.csv and the PNG charts go. Default: ${DEFAULT-VALUE}.")
    Path outDir;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() throws Exception {
        run.validate();
        if (repeat < 1) {
            throw run.usage("--repeat must be at least 1");
        }
        if (warmupRounds < 0) {
            throw run.usage("--warmup-rounds must not be negative");
        }
        return new MatrixRunner(
                        this,
                        specs(),
                        run.spec.commandLine().getOut(),
                        run.spec.commandLine().getErr())
                .run();
    }

    private record Row(
            String protocol,
            String serialization,
            int concurrency,
            long delay,
            String params,
            int payloadKb,
            String gzip) {
        Row(String protocol, String serialization, int concurrency, long delay, String params) {
            this(protocol, serialization, concurrency, delay, params, 0, RunSpec.GZIP_DEFAULT);
        }
    }

    /** The configurations, baseline added, those whose extensions are missing dropped (with a message). */
    List<RunSpec> specs() throws IOException {
        List<Row> rows = sweep(matrixFile != null ? fileRows() : optionRows());
        // the baseline at every (concurrency, delay, payload), first in each group
        Set<Row> ordered = new LinkedHashSet<>();
        for (Row r : rows) {
            ordered.add(new Row(
                    MatrixRunner.BASELINE_PROTOCOL,
                    MatrixRunner.BASELINE_SERIALIZATION,
                    r.concurrency,
                    r.delay,
                    "",
                    r.payloadKb,
                    RunSpec.GZIP_DEFAULT));
            ordered.add(r);
        }
        List<RunSpec> specs = new ArrayList<>();
        for (Row r : ordered) {
            if (!RunOptions.PROTOCOLS.contains(r.protocol) || !RunOptions.SERIALIZATIONS.contains(r.serialization)) {
                throw run.usage("unknown protocol/serialization " + r.protocol + ":" + r.serialization);
            }
            if (!RunOptions.compatible(r.protocol, r.serialization)) {
                throw run.usage(
                        "grpc".equals(r.protocol) || "protobuf".equals(r.serialization)
                                ? "grpc goes with protobuf only: grpc:protobuf, not " + r.protocol + ":"
                                        + r.serialization
                                : "httpjson speaks JSON only, not " + r.serialization);
            }
            String unsupported = RunOptions.unsupportedCall(r.protocol, run.callType());
            if (unsupported != null) {
                throw run.usage(unsupported);
            }
            if (r.concurrency < 1 || r.concurrency > 5000 || r.delay < 0) {
                throw run.usage("bad concurrency/delay in " + r);
            }
            String missing = Extensions.missing(r.protocol, r.serialization);
            if (missing != null) {
                run.spec
                        .commandLine()
                        .getErr()
                        .println("skipping " + r.protocol + "+" + r.serialization + ": " + missing);
                continue;
            }
            specs.add(new RunSpec(
                    r.protocol,
                    r.serialization,
                    run.callType(),
                    r.concurrency,
                    run.total,
                    r.delay,
                    run.warmup,
                    run.warmupSeconds,
                    run.maxSeconds,
                    run.timeoutMillis,
                    r.params,
                    r.payloadKb,
                    r.gzip));
        }
        if (specs.isEmpty()) {
            throw run.usage("no configuration left to run");
        }
        return specs;
    }

    /** Each row once per payload size (echoList only) and, for httpjson, once per gzip mode. */
    private List<Row> sweep(List<Row> rows) {
        CallType type = run.callType();
        if (payloadKbList != null && type != CallType.ECHO_LIST) {
            throw run.usage("--payload-kb-list needs --call echoList");
        }
        List<Long> sizes = payloadKbList != null ? ints(payloadKbList) : List.of((long) run.payloadKb);
        for (long kb : sizes) {
            if (kb < 1 || kb > RunOptions.MAX_PAYLOAD_KB) {
                throw run.usage("--payload-kb-list: " + kb + " (expected: 1 to " + RunOptions.MAX_PAYLOAD_KB + ")");
            }
        }
        List<String> modes = new ArrayList<>();
        if (gzipList != null) {
            for (String m : gzipList.split(",")) {
                String mode = m.trim();
                if (!RunSpec.GZIP_OFF.equals(mode) && !RunSpec.GZIP_ON.equals(mode)) {
                    throw run.usage("--gzip-list: " + mode + " (expected: off, on or off,on)");
                }
                modes.add(mode);
            }
        } else {
            modes.add(run.gzip);
        }
        List<Row> out = new ArrayList<>();
        for (long kb : type == CallType.ECHO_LIST ? sizes : List.of(0L)) {
            for (Row r : rows) {
                for (String mode : "httpjson".equals(r.protocol) ? modes : List.of(RunSpec.GZIP_DEFAULT)) {
                    out.add(new Row(
                            r.protocol,
                            r.serialization,
                            r.concurrency,
                            r.delay,
                            r.params,
                            (int) kb,
                            RunOptions.gzipFor(r.protocol, mode)));
                }
            }
        }
        return out;
    }

    private List<Row> fileRows() throws IOException {
        List<Row> rows = new ArrayList<>();
        int lineNo = 0;
        for (String line : Files.readAllLines(matrixFile, StandardCharsets.UTF_8)) {
            lineNo++;
            String l = line.replaceAll("#.*", "").trim();
            if (l.isEmpty()) {
                continue;
            }
            String[] p = l.split("[\\s,]+");
            if (p.length != 4) {
                throw run.usage(matrixFile + ":" + lineNo
                        + ": expected 'protocol serialization concurrency delay', got '" + line + "'");
            }
            rows.add(new Row(p[0], p[1], parseInt(p[2]), parseInt(p[3]), ""));
        }
        return rows;
    }

    private List<Row> optionRows() {
        List<String[]> pairs = new ArrayList<>();
        for (String pair : configs.split(",")) {
            Matcher m = CONFIG.matcher(pair.trim());
            if (!m.matches()) {
                throw run.usage("--configs: expected protocol:serialization or protocol:serialization[key=value;...],"
                        + " got '" + pair + "'");
            }
            String params = m.group(3) == null ? "" : m.group(3).trim();
            try {
                RunSpec.parseParams(params);
            } catch (IllegalArgumentException e) {
                throw run.usage("--configs: " + e.getMessage());
            }
            pairs.add(new String[] {m.group(1), m.group(2), params});
        }
        List<Row> rows = new ArrayList<>();
        for (long d : ints(delays)) {
            for (long conc : ints(concurrencyList)) {
                for (String[] p : pairs) {
                    rows.add(new Row(p[0], p[1], (int) conc, d, p[2]));
                }
            }
        }
        return rows;
    }

    private int parseInt(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw run.usage("not a number: '" + s + "'");
        }
    }

    private List<Long> ints(String csv) {
        List<Long> out = new ArrayList<>();
        for (String s : csv.split(",")) {
            if (!s.isBlank()) {
                out.add((long) parseInt(s));
            }
        }
        return out;
    }
}
