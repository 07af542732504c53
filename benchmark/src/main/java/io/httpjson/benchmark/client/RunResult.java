package io.httpjson.benchmark.client;

import org.HdrHistogram.AbstractHistogram;

/** What one run measured. Latencies are recorded in nanoseconds, successful calls only. */
public final class RunResult {
    public final RunSpec spec;
    public final long ok;
    public final long errors;
    public final double elapsedSeconds;
    public final AbstractHistogram histogram;
    public final long clientCpuNanos;
    /** -1 when the provider could not tell. */
    public final long serverCpuNanos;

    public final boolean truncated;
    public final String firstError;
    public final long warmupCalls;
    public final double warmupSeconds;
    public final String providerJvmArguments;
    public final long providerGcCount;
    public final long providerGcMillis;
    public final int repeat;

    public RunResult(
            RunSpec spec,
            long ok,
            long errors,
            double elapsedSeconds,
            AbstractHistogram histogram,
            long clientCpuNanos,
            long serverCpuNanos,
            boolean truncated,
            String firstError,
            long warmupCalls,
            double warmupSeconds,
            String providerJvmArguments,
            long providerGcCount,
            long providerGcMillis,
            int repeat) {
        this.spec = spec;
        this.ok = ok;
        this.errors = errors;
        this.elapsedSeconds = elapsedSeconds;
        this.histogram = histogram;
        this.clientCpuNanos = clientCpuNanos;
        this.serverCpuNanos = serverCpuNanos;
        this.truncated = truncated;
        this.firstError = firstError;
        this.warmupCalls = warmupCalls;
        this.warmupSeconds = warmupSeconds;
        this.providerJvmArguments = providerJvmArguments;
        this.providerGcCount = providerGcCount;
        this.providerGcMillis = providerGcMillis;
        this.repeat = repeat;
    }

    public long calls() {
        return ok + errors;
    }

    /** Successful calls per second of wall time. */
    public double throughput() {
        return elapsedSeconds > 0 ? ok / elapsedSeconds : 0;
    }

    private boolean hasLatency() {
        return histogram.getTotalCount() > 0;
    }

    public double meanMicros() {
        return hasLatency() ? histogram.getMean() / 1000.0 : Double.NaN;
    }

    public double percentileMicros(double p) {
        return hasLatency() ? histogram.getValueAtPercentile(p) / 1000.0 : Double.NaN;
    }

    public double maxMicros() {
        return hasLatency() ? histogram.getMaxValue() / 1000.0 : Double.NaN;
    }

    public double clientCpuMicrosPerCall() {
        return calls() > 0 && clientCpuNanos >= 0 ? clientCpuNanos / 1000.0 / calls() : Double.NaN;
    }

    public double serverCpuMicrosPerCall() {
        return calls() > 0 && serverCpuNanos >= 0 ? serverCpuNanos / 1000.0 / calls() : Double.NaN;
    }

    /** KB of payload per second (successful calls x KB per call); NaN for calls without a payload size. */
    public double kbPerSecond() {
        return throughput() * spec.kbPerCall();
    }

    public double clientCpuMicrosPerKb() {
        return clientCpuMicrosPerCall() / spec.kbPerCall();
    }

    public double serverCpuMicrosPerKb() {
        return serverCpuMicrosPerCall() / spec.kbPerCall();
    }
}
