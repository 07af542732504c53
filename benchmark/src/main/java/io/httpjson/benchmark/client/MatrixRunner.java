package io.httpjson.benchmark.client;

import java.io.IOException;
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
import java.util.function.ToDoubleFunction;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.provider.Export;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

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
        List<Summary> summaries = summarize(results);
        Files.createDirectories(cmd.outDir);
        Files.writeString(cmd.outDir.resolve("runs.csv"), Report.csv(results), StandardCharsets.UTF_8);
        Files.writeString(cmd.outDir.resolve("summary.csv"), summaryCsv(summaries), StandardCharsets.UTF_8);
        writeChart(summaries, "throughput", "throughput (calls/s)", s -> s.throughput);
        writeChart(summaries, "mean", "mean latency (µs)", s -> s.mean);
        writeChart(summaries, "p99", "p99 latency (µs)", s -> s.p99);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("call", cmd.run.callType().label());
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
            case "csv" -> out.print(summaryCsv(summaries));
            case "json" -> {
                List<Object> rows = new ArrayList<>();
                summaries.forEach(s -> rows.add(s.values()));
                info.put("summary", rows);
                out.println(Report.json(info));
            }
            default -> out.print(summaryText(summaries, info));
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

    /** Medians over the repeats of one configuration, and ratios to the baseline at the same c and delay. */
    static final class Summary {
        RunSpec spec;
        int runs;
        long errors;
        double throughput, mean, p50, p90, p99, p999, max, clientCpu, serverCpu;
        double throughputRatio = Double.NaN, meanRatio = Double.NaN, p99Ratio = Double.NaN, serverCpuRatio = Double.NaN;

        Map<String, Object> values() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("protocol", spec.protocol());
            m.put("serialization", spec.serialization());
            m.put("params", spec.params());
            m.put("call", spec.call().label());
            m.put("concurrency", spec.concurrency());
            m.put("delay_ms", spec.delayMillis());
            m.put("runs", runs);
            m.put("errors", errors);
            m.put("throughput_cps", throughput);
            m.put("mean_us", mean);
            m.put("p50_us", p50);
            m.put("p90_us", p90);
            m.put("p99_us", p99);
            m.put("p99.9_us", p999);
            m.put("max_us", max);
            m.put("client_cpu_us_per_call", clientCpu);
            m.put("server_cpu_us_per_call", serverCpu);
            m.put("throughput_vs_baseline", throughputRatio);
            m.put("mean_vs_baseline", meanRatio);
            m.put("p99_vs_baseline", p99Ratio);
            m.put("server_cpu_vs_baseline", serverCpuRatio);
            m.putAll(PerKb.values(this));
            return m;
        }
    }

    static List<Summary> summarize(List<RunResult> results) {
        Map<String, List<RunResult>> groups = new LinkedHashMap<>();
        for (RunResult r : results) {
            groups.computeIfAbsent(r.spec.configLabel(), k -> new ArrayList<>()).add(r);
        }
        List<Summary> out = new ArrayList<>();
        for (List<RunResult> g : groups.values()) {
            Summary s = new Summary();
            s.spec = g.get(0).spec;
            s.runs = g.size();
            s.errors = g.stream().mapToLong(r -> r.errors).sum();
            s.throughput = median(g, RunResult::throughput);
            s.mean = median(g, RunResult::meanMicros);
            s.p50 = median(g, r -> r.percentileMicros(50));
            s.p90 = median(g, r -> r.percentileMicros(90));
            s.p99 = median(g, r -> r.percentileMicros(99));
            s.p999 = median(g, r -> r.percentileMicros(99.9));
            s.max = median(g, RunResult::maxMicros);
            s.clientCpu = median(g, RunResult::clientCpuMicrosPerCall);
            s.serverCpu = median(g, RunResult::serverCpuMicrosPerCall);
            out.add(s);
        }
        for (Summary s : out) {
            for (Summary b : out) {
                if (b.spec.protocol().equals(BASELINE_PROTOCOL)
                        && b.spec.serialization().equals(BASELINE_SERIALIZATION)
                        && b.spec.params().isEmpty()
                        && b.spec.payloadKb() == s.spec.payloadKb()
                        && b.spec.concurrency() == s.spec.concurrency()
                        && b.spec.delayMillis() == s.spec.delayMillis()) {
                    s.throughputRatio = s.throughput / b.throughput;
                    s.meanRatio = s.mean / b.mean;
                    s.p99Ratio = s.p99 / b.p99;
                    s.serverCpuRatio = s.serverCpu / b.serverCpu;
                }
            }
        }
        return out;
    }

    static double median(List<RunResult> g, ToDoubleFunction<RunResult> f) {
        double[] v =
                g.stream().mapToDouble(f).filter(d -> !Double.isNaN(d)).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    static String summaryCsv(List<Summary> summaries) {
        StringBuilder sb = new StringBuilder();
        boolean header = true;
        for (Summary s : summaries) {
            Map<String, Object> v = s.values();
            if (header) {
                sb.append(String.join(",", v.keySet())).append('\n');
                header = false;
            }
            List<String> cells = new ArrayList<>();
            v.values().forEach(x -> cells.add(Report.csvCell(Report.format(x))));
            sb.append(String.join(",", cells)).append('\n');
        }
        return sb.toString();
    }

    static String summaryText(List<Summary> summaries, Map<String, Object> info) {
        StringBuilder sb = new StringBuilder();
        info.forEach((k, v) -> sb.append(String.format(Locale.ROOT, "%-18s %s%n", k, v)));
        int width =
                summaries.stream().mapToInt(s -> s.spec.name().length()).max().orElse(0);
        String nameColumn = "%-" + Math.max(26, width) + "s";
        sb.append(String.format(
                Locale.ROOT,
                "%n" + nameColumn + " %5s %6s %4s %6s %11s %9s %9s %9s %9s %9s %9s %8s %8s %7s %7s %7s%n",
                "medians",
                "c",
                "delay",
                "runs",
                "errors",
                "calls/s",
                "mean ms",
                "p50 ms",
                "p90 ms",
                "p99 ms",
                "p99.9 ms",
                "max ms",
                "cliCPU",
                "srvCPU",
                "tput/b",
                "mean/b",
                "p99/b"));
        for (Summary s : summaries) {
            sb.append(String.format(
                    Locale.ROOT,
                    nameColumn
                            + " %5d %6d %4d %6d %11.0f %9.3f %9.3f %9.3f %9.3f %9.3f %9.3f %8.1f %8.1f %7.2f %7.2f %7.2f%n",
                    s.spec.name(),
                    s.spec.concurrency(),
                    s.spec.delayMillis(),
                    s.runs,
                    s.errors,
                    s.throughput,
                    s.mean / 1000,
                    s.p50 / 1000,
                    s.p90 / 1000,
                    s.p99 / 1000,
                    s.p999 / 1000,
                    s.max / 1000,
                    s.clientCpu,
                    s.serverCpu,
                    s.throughputRatio,
                    s.meanRatio,
                    s.p99Ratio));
        }
        sb.append(
                "(cliCPU/srvCPU: µs of process CPU per call; x/b: ratio to dubbo+hessian2 at the same c and delay)\n");
        sb.append(PerKb.text(summaries));
        return sb.toString();
    }

    private void writeChart(List<Summary> summaries, String name, String yTitle, ToDoubleFunction<Summary> metric)
            throws IOException {
        XYChart chart = new XYChartBuilder()
                .width(900)
                .height(600)
                .title(yTitle + " vs concurrency (median of " + cmd.repeat + ", call "
                        + cmd.run.callType().label() + ")")
                .xAxisTitle("concurrency (callers)")
                .yAxisTitle(yTitle)
                .build();
        chart.getStyler().setMarkerSize(7);
        Map<String, List<Summary>> lines = new LinkedHashMap<>();
        for (Summary s : summaries) {
            lines.computeIfAbsent(s.spec.seriesLabel(), k -> new ArrayList<>()).add(s);
        }
        for (Map.Entry<String, List<Summary>> e : lines.entrySet()) {
            List<Summary> pts = new ArrayList<>(e.getValue());
            pts.sort((a, b) -> Integer.compare(a.spec.concurrency(), b.spec.concurrency()));
            double[] x = pts.stream().mapToDouble(s -> s.spec.concurrency()).toArray();
            double[] y = pts.stream()
                    .mapToDouble(metric)
                    .map(d -> Double.isNaN(d) ? 0 : d)
                    .toArray();
            chart.addSeries(e.getKey(), x, y).setMarker(SeriesMarkers.CIRCLE);
        }
        BitmapEncoder.saveBitmap(chart, cmd.outDir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
    }

    @Override
    public String toString() {
        return "MatrixRunner" + Arrays.toString(specs.toArray());
    }
}
