package io.httpjson.protocol.internal.client;

/**
 * How long the provider holds a connection for one call of one method, as its {@code Server-Timing} headers tell
 * (a moving average, so one slow call does not make a method slow). The pool pipelines only calls that are known
 * to be short. Shared by the calls of one method to one provider; updated from IO threads without a lock (an
 * update lost in a race only delays the average by one sample).
 */
final class Pace {

    /** Nothing heard yet (or the provider does not send the header): treated as slow. */
    static final long UNKNOWN = -1;

    private volatile long nanos = UNKNOWN;

    long nanos() {
        return nanos;
    }

    /** Adds one measurement; negative ones (no header) are ignored. */
    void record(long sample) {
        if (sample < 0) {
            return;
        }
        long e = nanos;
        nanos = e < 0 ? sample : e + (sample - e) / 8;
    }
}
