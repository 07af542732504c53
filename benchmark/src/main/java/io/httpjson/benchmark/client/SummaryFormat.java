package io.httpjson.benchmark.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A matrix's summaries as CSV (summary.csv, {@code --format csv}) or as the text table. */
final class SummaryFormat {
    private SummaryFormat() {}

    static String csv(List<Summary> summaries) {
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

    static String text(List<Summary> summaries, Map<String, Object> info) {
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
                "(cliCPU/srvCPU: µs of process CPU per call; x/b: ratio to dubbo+hessian2 at the same c, delay and payload size)\n");
        sb.append(PerKb.text(summaries));
        return sb.toString();
    }
}
