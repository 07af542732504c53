package io.httpjson.benchmark.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The payload columns of a matrix summary (call echoList): payload size, gzip mode, KB per second and CPU per KB,
 * so that configurations can be compared per byte moved as well as per call.
 */
final class PerKb {
    private PerKb() {}

    static Map<String, Object> values(Summary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        double kb = s.spec.kbPerCall();
        m.put("payload_kb", s.spec.payloadKb());
        m.put("gzip", s.spec.gzip());
        m.put("kb_per_s", s.throughput * kb);
        m.put("client_cpu_us_per_kb", s.clientCpu / kb);
        m.put("server_cpu_us_per_kb", s.serverCpu / kb);
        return m;
    }

    /** A second table for the payload runs, empty when there are none. */
    static String text(List<Summary> summaries) {
        List<Summary> sized = summaries.stream()
                .filter(s -> !Double.isNaN(s.spec.kbPerCall()))
                .toList();
        if (sized.isEmpty()) {
            return "";
        }
        int width = sized.stream().mapToInt(s -> s.spec.name().length()).max().orElse(0);
        String nameColumn = "%-" + Math.max(26, width) + "s";
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "%n" + nameColumn + " %5s %8s %11s %12s %10s %10s %7s%n",
                "payload",
                "c",
                "KB/call",
                "calls/s",
                "KB/s",
                "cliCPU/KB",
                "srvCPU/KB",
                "tput/b"));
        for (Summary s : sized) {
            double kb = s.spec.kbPerCall();
            sb.append(String.format(
                    Locale.ROOT,
                    nameColumn + " %5d %8.0f %11.0f %12.0f %10.2f %10.2f %7.2f%n",
                    s.spec.name(),
                    s.spec.concurrency(),
                    kb,
                    s.throughput,
                    s.throughput * kb,
                    s.clientCpu / kb,
                    s.serverCpu / kb,
                    s.throughputRatio));
        }
        sb.append("(KB/call: the list's JSON size, sent and echoed back; cliCPU/KB, srvCPU/KB: µs of process CPU per"
                + " KB of payload; tput/b: ratio to dubbo+hessian2 at the same c, delay and payload)\n");
        return sb.toString();
    }
}
