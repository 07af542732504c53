package io.httpjson.benchmark.client;

import io.httpjson.benchmark.provider.Export;

/** One measured run. Loops are bounded by count (total, warmupCalls) and by time (warmupSeconds, maxSeconds). */
public record RunSpec(String protocol, String serialization, CallType call, int concurrency, int total, long delayMillis,
                      int warmupCalls, int warmupSeconds, int maxSeconds, int timeoutMillis) {

    public Export export() {
        return new Export(protocol, serialization, delayMillis);
    }

    /** protocol+serialization (+delay when not 0): one line in the charts. */
    public String seriesLabel() {
        return protocol + "+" + serialization + (delayMillis > 0 ? " delay " + delayMillis + "ms" : "");
    }

    public String configLabel() {
        return protocol + "+" + serialization + " c=" + concurrency + " delay=" + delayMillis + "ms";
    }
}
