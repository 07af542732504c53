package io.httpjson.benchmark.push;

import java.util.List;
import java.util.Map;

/** The summary table of a push run. */
final class PushTable {
    private PushTable() {}

    /** The summary table (markdown), one column per configuration. */
    static String of(List<Map<String, String>> results, String jvmArgs) {
        String[][] rows = {
            {"discovery level", "mode"},
            {"addresses pushed", "addresses"},
            {"pushes (full-state, growing)", "pushes"},
            {"push time, total ms", "push.ms.total"},
            {"push time, largest push ms", "push.ms.max"},
            {"allocated by the pushing thread, total bytes", "push.alloc.thread"},
            {"allocated by all live threads, total bytes", "push.alloc.all"},
            {"invokers in the directory", "invokers"},
            {"heap after full GC, baseline bytes", "heap.baseline"},
            {"heap after full GC, all pushed, bytes", "heap.pushed"},
            {"**heap per address, bytes**", "heap.per.address"},
            {"TCP sockets held before any call", "sockets.pushed"},
            {"TCP connects attempted (ActiveOpens, machine-wide)", "tcp.active.opens"},
            {"threads alive, added", "threads.pushed"},
            {"threads started", "threads.started"},
            {"invokers the protocol holds", "protocol.invokers"},
            {"scale-in to N/2: push ms", "scalein.ms"},
            {"scale-in: invokers in the directory", "scalein.invokers"},
            {"scale-in: heap released, bytes", "scalein.heap.released"},
            {"scale-in: heap per remaining address, bytes", "scalein.heap.per.address"},
            {"scale-in: invokers the protocol holds", "scalein.protocol.invokers"},
            {"scale-in: of which destroyed", "scalein.protocol.invokers.destroyed"},
            {"scale-in: TCP sockets / threads added", "scalein.sockets|scalein.threads"},
            {"empty push: heap above baseline, bytes", "empty.heap.above.baseline"},
            {
                "empty push: heap above baseline, re-measured after the histogram",
                "empty.heap.above.baseline.after.histogram"
            },
            {"empty push: invokers the protocol holds", "empty.protocol.invokers"},
        };
        StringBuilder sb = new StringBuilder();
        sb.append("| figure |");
        for (Map<String, String> r : results) {
            sb.append(' ').append(r.get("config")).append(" |");
        }
        sb.append("\n|---|");
        sb.append("---:|".repeat(results.size()));
        sb.append('\n');
        for (String[] row : rows) {
            sb.append("| ").append(row[0]).append(" |");
            for (Map<String, String> r : results) {
                StringBuilder cell = new StringBuilder();
                for (String key : row[1].split("\\|")) {
                    cell.append(cell.length() == 0 ? "" : " / ").append(r.getOrDefault(key, "-"));
                }
                sb.append(' ').append(cell).append(" |");
            }
            sb.append('\n');
        }
        sb.append("(child JVM: ").append(jvmArgs).append(')');
        return sb.toString();
    }
}
