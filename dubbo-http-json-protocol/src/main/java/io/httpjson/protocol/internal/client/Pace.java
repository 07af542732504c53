package io.httpjson.protocol.internal.client;

/**
 * How long the calls of one method to one provider take: the provider's time, as its {@code Server-Timing} headers
 * tell (it decides whether a call is short enough to be pipelined), and the response time its callers see, from the
 * call's start to its response (when that is long, calls queue anyway and may share connections more). Both are
 * moving averages, so one slow call does not make a method slow. Updated from IO threads without a lock (an update
 * lost in a race only delays an average by one sample).
 */
final class Pace {

    /** Nothing heard yet (or the provider does not send the header): treated as slow. */
    static final long UNKNOWN = -1;

    private volatile long nanos = UNKNOWN;
    /** The callers' response time; 0 before the first response. */
    private volatile long responseNanos;

    long nanos() {
        return nanos;
    }

    long responseNanos() {
        return responseNanos;
    }

    /**
     * Adds one call's provider time ({@code serverSample}; negative when the provider sent none, and then ignored)
     * and its response time (0 when there is none to count, e.g. the caller had stopped waiting).
     */
    void record(long serverSample, long responseSample) {
        if (serverSample >= 0) {
            long e = nanos;
            nanos = e < 0 ? serverSample : e + (serverSample - e) / 8;
        }
        if (responseSample > 0) {
            long r = responseNanos;
            responseNanos = r == 0 ? responseSample : r + (responseSample - r) / 8;
        }
    }
}
