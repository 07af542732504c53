package io.httpjson.benchmark.client;

import java.util.Map;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.provider.Export;

/** One measured run. Loops are bounded by count (total, warmupCalls) and by time (warmupSeconds, maxSeconds). */
public record RunSpec(
        String protocol,
        String serialization,
        CallType call,
        int concurrency,
        int total,
        long delayMillis,
        int warmupCalls,
        int warmupSeconds,
        int maxSeconds,
        int timeoutMillis,
        String params) {

    /** Without reference parameters of its own. */
    public RunSpec(
            String protocol,
            String serialization,
            CallType call,
            int concurrency,
            int total,
            long delayMillis,
            int warmupCalls,
            int warmupSeconds,
            int maxSeconds,
            int timeoutMillis) {
        this(
                protocol,
                serialization,
                call,
                concurrency,
                total,
                delayMillis,
                warmupCalls,
                warmupSeconds,
                maxSeconds,
                timeoutMillis,
                "");
    }

    /**
     * Reference parameters of this configuration only ({@code --configs httpjson:fastjson2-text[k=v;k2=v2]}),
     * applied after {@code -Dbenchmark.reference.params}. Fails on anything but {@code key=value} pairs.
     */
    public Map<String, String> referenceParams() {
        return parseParams(params);
    }

    public static Map<String, String> parseParams(String params) {
        return DubboApps.parseParams(params, ";", "reference parameters");
    }

    /** protocol+serialization, with the configuration's own reference parameters in brackets. */
    public String name() {
        return protocol + "+" + serialization + (params == null || params.isEmpty() ? "" : "[" + params + "]");
    }

    public Export export() {
        return new Export(protocol, serialization, delayMillis);
    }

    /** protocol+serialization (+delay when not 0): one line in the charts. */
    public String seriesLabel() {
        return name() + (delayMillis > 0 ? " delay " + delayMillis + "ms" : "");
    }

    public String configLabel() {
        return name() + " c=" + concurrency + " delay=" + delayMillis + "ms";
    }
}
