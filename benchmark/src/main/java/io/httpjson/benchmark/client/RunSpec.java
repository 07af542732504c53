package io.httpjson.benchmark.client;

import java.util.LinkedHashMap;
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
        String params,
        int payloadKb,
        String gzip) {

    /** {@link #gzip()}: nothing set, httpjson's defaults (gzip from 32 KB both ways). */
    public static final String GZIP_DEFAULT = "";
    /** {@link #gzip()}: the consumer neither gzips requests nor accepts gzipped responses. */
    public static final String GZIP_OFF = "off";
    /**
     * {@link #gzip()}: the consumer gzips every request and asks for gzipped responses; the provider gzips every
     * response of a consumer that asks (threshold 0 on both sides).
     */
    public static final String GZIP_ON = "on";

    public RunSpec {
        params = params == null ? "" : params;
        gzip = gzip == null ? GZIP_DEFAULT : gzip;
        if (!gzip.equals(GZIP_DEFAULT) && !gzip.equals(GZIP_OFF) && !gzip.equals(GZIP_ON)) {
            throw new IllegalArgumentException("gzip: " + gzip + " (expected: off or on)");
        }
        if (payloadKb < 0) {
            throw new IllegalArgumentException("payload: " + payloadKb + " KB (expected: at least 1)");
        }
    }

    /** Reference parameters of its own, default payload and gzip settings. */
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
            int timeoutMillis,
            String params) {
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
                params,
                0,
                GZIP_DEFAULT);
    }

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
        Map<String, String> out = new LinkedHashMap<>();
        if (gzip.equals(GZIP_OFF)) {
            out.put(GZIP_THRESHOLD, "-1");
        } else if (gzip.equals(GZIP_ON)) {
            out.put(GZIP_THRESHOLD, "0");
        }
        out.putAll(parseParams(params));
        return out;
    }

    /** httpjson's gzip key (both sides), see docs/configuration.md. */
    public static final String GZIP_THRESHOLD = "httpjson.gzip-threshold";

    /** KB of payload per call (each way) when the call has a payload size, else NaN. */
    public double kbPerCall() {
        return call == CallType.ECHO_LIST && payloadKb > 0 ? payloadKb : Double.NaN;
    }

    public static Map<String, String> parseParams(String params) {
        return DubboApps.parseParams(params, ";", "reference parameters");
    }

    /** protocol+serialization (payload and gzip mode when set), with the configuration's own reference parameters in brackets. */
    public String name() {
        return protocol + "+" + serialization + (params.isEmpty() ? "" : "[" + params + "]")
                + (call == CallType.ECHO_LIST ? " " + payloadKb + "KB" : "")
                + (gzip.isEmpty() ? "" : " gzip-" + gzip);
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
