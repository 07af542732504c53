package io.httpjson.benchmark.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Medians over the repeats of one configuration, and ratios to the baseline at the same c, delay and payload size.
 */
final class Summary {
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
                if (b.spec.protocol().equals(MatrixRunner.BASELINE_PROTOCOL)
                        && b.spec.serialization().equals(MatrixRunner.BASELINE_SERIALIZATION)
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
}
