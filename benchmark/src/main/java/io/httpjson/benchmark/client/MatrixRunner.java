package io.httpjson.benchmark.client;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.provider.Export;

/**
 * Runs every configuration, interleaved, {@code --repeat} times, against one provider JVM that exports them all;
 * reports medians and ratios against dubbo+hessian2 at the same concurrency and delay; writes runs.csv, summary.csv
 * and throughput/mean/p99 charts.
 * <p>First come {@code --warmup-rounds} unreported rounds of every configuration: each run's own warm-up is a
 * few seconds, and in the first round of a matrix both JVMs were still compiling (both protocols ran at half speed
 * or less there). Within each group of one concurrency and delay, every repetition starts one configuration later
 * (A B C, B C A, C A B), so that no configuration always runs right after the same one.
 */
final class MatrixRunner {
    static final String BASELINE_PROTOCOL = "dubbo";
    static final String BASELINE_SERIALIZATION = "hessian2";

    private final MatrixCommand cmd;
    private final List<RunSpec> specs;
    private final PrintWriter out;
    private final PrintWriter err;

    MatrixRunner(MatrixCommand cmd, List<RunSpec> specs, PrintWriter out, PrintWriter err) {
        this.cmd = cmd;
        this.specs = specs;
        this.out = out;
        this.err = err;
    }

    int run() throws Exception {
        Set<Export> exports = new LinkedHashSet<>();
        specs.forEach(s -> exports.add(s.export()));
        List<RunResult> results = new ArrayList<>();
        String providerJvm;
        try (ProviderProcess provider = ProviderProcess.start(
                new ArrayList<>(exports), cmd.run.providerJvmArgs(specs), cmd.run.serverThreads, 180)) {
            err.println("provider: own JVM, pid " + provider.pid() + ", exports " + exports);
            for (int round = 1; round <= cmd.warmupRounds; round++) {
                int k = 0;
                for (RunSpec s : specs) {
                    err.printf(
                            Locale.ROOT, "[warm-up round %d, %d/%d] %s%n", round, ++k, specs.size(), s.configLabel());
                    err.flush();
                    cmd.run.runOnce(s, "127.0.0.1", provider.port(s.protocol()), 0);
                }
            }
            int runs = specs.size() * cmd.repeat;
            int k = 0;
            for (int rep = 1; rep <= cmd.repeat; rep++) {
                for (RunSpec s : inOrder(specs, rep)) {
                    k++;
                    err.printf(Locale.ROOT, "[%d/%d] %s (repeat %d)%n", k, runs, s.configLabel(), rep);
                    err.flush();
                    RunResult r = cmd.run.runOnce(s, "127.0.0.1", provider.port(s.protocol()), rep);
                    if (r.errors > 0) {
                        err.println("  errors: " + r.errors + " (first: " + r.firstError + ")");
                    }
                    results.add(r);
                }
            }
            providerJvm = results.isEmpty() ? null : results.get(results.size() - 1).providerJvmArguments;
        }
        List<Summary> summaries = Summary.summarize(results);
        Files.createDirectories(cmd.outDir);
        Files.writeString(cmd.outDir.resolve("runs.csv"), Report.csv(results), StandardCharsets.UTF_8);
        Files.writeString(cmd.outDir.resolve("summary.csv"), SummaryFormat.csv(summaries), StandardCharsets.UTF_8);
        String call = cmd.run.callType().label();
        SummaryChart.write(
                summaries, cmd.outDir, cmd.repeat, call, "throughput", "throughput (calls/s)", s -> s.throughput);
        SummaryChart.write(summaries, cmd.outDir, cmd.repeat, call, "mean", "mean latency (µs)", s -> s.mean);
        SummaryChart.write(summaries, cmd.outDir, cmd.repeat, call, "p99", "p99 latency (µs)", s -> s.p99);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("call", call);
        info.put("calls_per_run", cmd.run.total);
        info.put("repeat", cmd.repeat);
        info.put("provider_jvm_args", providerJvm);
        info.put("tls", DubboApps.tls());
        info.put(
                "client_jvm_args",
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        info.put("cpus", Runtime.getRuntime().availableProcessors());
        info.put("out_dir", cmd.outDir.toAbsolutePath().toString());
        switch (cmd.run.format) {
            case "csv" -> out.print(SummaryFormat.csv(summaries));
            case "json" -> {
                List<Object> rows = new ArrayList<>();
                summaries.forEach(s -> rows.add(s.values()));
                info.put("summary", rows);
                out.println(Report.json(info));
            }
            default -> out.print(SummaryFormat.text(summaries, info));
        }
        out.flush();
        long errors = results.stream().mapToLong(r -> r.errors).sum();
        return errors == 0 && results.stream().noneMatch(r -> r.truncated) ? 0 : 1;
    }

    /**
     * The order of repetition {@code rep} (from 1): groups of one concurrency and delay in the order given, each
     * rotated left by {@code rep - 1}.
     */
    static List<RunSpec> inOrder(List<RunSpec> specs, int rep) {
        List<RunSpec> out = new ArrayList<>(specs.size());
        int start = 0;
        while (start < specs.size()) {
            int end = start;
            while (end < specs.size()
                    && specs.get(end).concurrency() == specs.get(start).concurrency()
                    && specs.get(end).delayMillis() == specs.get(start).delayMillis()) {
                end++;
            }
            List<RunSpec> group = new ArrayList<>(specs.subList(start, end));
            Collections.rotate(group, -((rep - 1) % group.size()));
            out.addAll(group);
            start = end;
        }
        return out;
    }

    @Override
    public String toString() {
        return "MatrixRunner" + Arrays.toString(specs.toArray());
    }
}
