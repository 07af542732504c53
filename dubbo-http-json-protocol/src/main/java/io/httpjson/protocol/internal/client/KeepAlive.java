package io.httpjson.protocol.internal.client;

/**
 * A connection's keep-alive clock: when it last fell idle, and how long the provider keeps an idle connection, as
 * it announced ({@code Keep-Alive: timeout=N}). Guarded by its {@link Connection}'s lock.
 */
final class KeepAlive {

    /** When the connection last fell idle ({@link System#nanoTime()}). */
    private long idleSince;
    /** The provider's announced idle timeout; -1 while unknown. */
    private long timeoutNanos = -1;

    void idleNow() {
        idleSince = System.nanoTime();
    }

    /** The provider announced its idle timeout (-1: this response said nothing). */
    void announced(long nanos) {
        if (nanos >= 0) {
            timeoutNanos = nanos;
        }
    }

    /**
     * True unless the provider's idle close is near: a request written now cannot cross it. Leaves a quarter of the
     * timeout, at most a second, as margin for the time the last response took to arrive.
     */
    boolean fresh() {
        if (timeoutNanos < 0) {
            return true;
        }
        long margin = Math.min(1_000_000_000L, timeoutNanos / 4);
        return System.nanoTime() - idleSince < timeoutNanos - margin;
    }
}
