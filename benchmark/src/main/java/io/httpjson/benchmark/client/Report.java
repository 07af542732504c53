package io.httpjson.benchmark.client;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.filter.ValueFilter;

/** One row per run, the same columns in text, CSV and JSON. Latencies in µs, CPU in µs per call. */
public final class Report {

    public record Column(String name, String description, Function<RunResult, Object> value) {}

    public static final List<Column> COLUMNS = List.of(
            new Column("protocol", "Dubbo protocol", r -> r.spec.protocol()),
            new Column("serialization", "Dubbo serialization", r -> r.spec.serialization()),
            new Column("call", "method called", r -> r.spec.call().label()),
            new Column("concurrency", "callers (threads), -c", r -> r.spec.concurrency()),
            new Column("delay_ms", "server business time per call", r -> r.spec.delayMillis()),
            new Column("repeat", "repetition number in a matrix run (1 for a single run)", r -> r.repeat),
            new Column("calls", "measured calls made (ok + errors)", RunResult::calls),
            new Column("errors", "calls that threw or returned a wrong reply", r -> r.errors),
            new Column("elapsed_s", "wall time of the measured phase", r -> r.elapsedSeconds),
            new Column("throughput_cps", "successful calls per second", RunResult::throughput),
            new Column("mean_us", "mean latency of successful calls", RunResult::meanMicros),
            new Column("p50_us", "50th percentile latency", r -> r.percentileMicros(50)),
            new Column("p90_us", "90th percentile latency", r -> r.percentileMicros(90)),
            new Column("p99_us", "99th percentile latency", r -> r.percentileMicros(99)),
            new Column("p99.9_us", "99.9th percentile latency", r -> r.percentileMicros(99.9)),
            new Column("max_us", "slowest successful call", RunResult::maxMicros),
            new Column("client_cpu_us_per_call", "client process CPU time / calls", RunResult::clientCpuMicrosPerCall),
            new Column(
                    "server_cpu_us_per_call", "provider process CPU time / calls", RunResult::serverCpuMicrosPerCall),
            new Column("server_gc_count", "provider GCs during the measured phase", r -> r.providerGcCount),
            new Column("truncated", "true if the time limit stopped the run early", r -> r.truncated),
            new Column(
                    "payload_kb",
                    "echoList: the list's size as JSON, KB (0 for the other calls)",
                    r -> r.spec.payloadKb()),
            new Column("gzip", "httpjson gzip mode: off, on, or empty for httpjson's defaults", r -> r.spec.gzip()),
            new Column("kb_per_s", "echoList: successful calls per second x KB per call", RunResult::kbPerSecond),
            new Column(
                    "client_cpu_us_per_kb",
                    "echoList: client process CPU time / calls / KB",
                    RunResult::clientCpuMicrosPerKb),
            new Column(
                    "server_cpu_us_per_kb",
                    "echoList: provider process CPU time / calls / KB",
                    RunResult::serverCpuMicrosPerKb),
            new Column(
                    "provider_jvm_args", "the provider JVM's flags, as it reports them", r -> r.providerJvmArguments),
            new Column(
                    "params",
                    "reference parameters of this configuration only (--configs ...[k=v;...])",
                    r -> r.spec.params()));

    /** Doubles as in the CSV (three decimals), NaN and infinities as null. */
    private static final ValueFilter DOUBLES = (object, name, value) ->
            value instanceof Double d ? (d.isNaN() || d.isInfinite() ? null : new BigDecimal(format(d))) : value;

    private Report() {}

    static String format(Object v) {
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return "";
            }
            return String.format(Locale.ROOT, "%.3f", d);
        }
        return String.valueOf(v);
    }

    public static String csvHeader() {
        List<String> names = new ArrayList<>();
        COLUMNS.forEach(c -> names.add(c.name()));
        return String.join(",", names);
    }

    public static String csvRow(RunResult r) {
        List<String> cells = new ArrayList<>();
        for (Column c : COLUMNS) {
            cells.add(csvCell(format(c.value().apply(r))));
        }
        return String.join(",", cells);
    }

    public static String csv(List<RunResult> results) {
        StringBuilder sb = new StringBuilder(csvHeader()).append('\n');
        results.forEach(r -> sb.append(csvRow(r)).append('\n'));
        return sb.toString();
    }

    static String csvCell(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }

    public static Map<String, Object> values(RunResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Column c : COLUMNS) {
            m.put(c.name(), c.value().apply(r));
        }
        return m;
    }

    public static String json(RunResult r, Map<String, Object> extra) {
        Map<String, Object> m = new LinkedHashMap<>(values(r));
        m.putAll(extra);
        return json(m);
    }

    /** Maps (in their order, null values kept), lists and scalars as JSON. */
    static String json(Object value) {
        return JSON.toJSONString(value, DOUBLES, JSONWriter.Feature.WriteMapNullValue);
    }

    /** The human-readable single-run report. */
    public static String text(RunResult r, Map<String, Object> extra) {
        StringBuilder sb = new StringBuilder();
        RunSpec s = r.spec;
        sb.append(String.format(
                Locale.ROOT,
                "%s+%s  call=%s  -c %d  -n %d  delay=%dms%n",
                s.protocol(),
                s.serialization(),
                s.call().label(),
                s.concurrency(),
                s.total(),
                s.delayMillis()));
        extra.forEach((k, v) -> sb.append(String.format(Locale.ROOT, "  %-22s %s%n", k, v)));
        sb.append(
                String.format(Locale.ROOT, "  %-22s %d calls in %.1f s%n", "warm-up", r.warmupCalls, r.warmupSeconds));
        sb.append(String.format(
                Locale.ROOT,
                "  %-22s %d (errors %d)%s%n",
                "calls",
                r.calls(),
                r.errors,
                r.truncated ? "  TRUNCATED by the time limit" : ""));
        sb.append(String.format(Locale.ROOT, "  %-22s %.3f s%n", "elapsed", r.elapsedSeconds));
        sb.append(String.format(Locale.ROOT, "  %-22s %.0f calls/s%n", "throughput", r.throughput()));
        sb.append(line("mean", r.meanMicros()));
        sb.append(line("p50", r.percentileMicros(50)));
        sb.append(line("p90", r.percentileMicros(90)));
        sb.append(line("p99", r.percentileMicros(99)));
        sb.append(line("p99.9", r.percentileMicros(99.9)));
        sb.append(line("max", r.maxMicros()));
        sb.append(String.format(Locale.ROOT, "  %-22s %s µs/call%n", "client CPU", format(r.clientCpuMicrosPerCall())));
        sb.append(String.format(
                Locale.ROOT,
                "  %-22s %s µs/call (provider GCs: %d, %d ms)%n",
                "server CPU",
                format(r.serverCpuMicrosPerCall()),
                r.providerGcCount,
                r.providerGcMillis));
        if (!Double.isNaN(s.kbPerCall())) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-22s %d KB per call%s, %.0f KB/s, client CPU %s µs/KB, server CPU %s µs/KB%n",
                    "payload",
                    s.payloadKb(),
                    s.gzip().isEmpty() ? "" : " (gzip " + s.gzip() + ")",
                    r.kbPerSecond(),
                    format(r.clientCpuMicrosPerKb()),
                    format(r.serverCpuMicrosPerKb())));
        } else if (!s.gzip().isEmpty()) {
            sb.append(String.format(Locale.ROOT, "  %-22s %s%n", "gzip", s.gzip()));
        }
        if (r.firstError != null) {
            sb.append(String.format(Locale.ROOT, "  %-22s %s%n", "first error", r.firstError));
        }
        return sb.toString();
    }

    private static String line(String label, double micros) {
        return String.format(
                Locale.ROOT, "  %-22s %s ms%n", label, Double.isNaN(micros) ? "-" : format(micros / 1000.0));
    }
}
