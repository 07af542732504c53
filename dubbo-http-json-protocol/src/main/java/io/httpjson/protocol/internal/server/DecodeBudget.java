package io.httpjson.protocol.internal.server;

import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.protocol.internal.HttpJsonConfig;

/**
 * The request body bytes a provider decodes at once, across all its requests ({@code httpjson.decode-budget}).
 * Decoded arguments cost many times the body in heap (8 MiB of {@code {},{},...} read as {@code Object} held 21 times
 * that with fastjson2-text, 37 times with gson-text):
 * bytes are taken as a body's buffer grows, while it arrives, and given back when its answer is written, and a
 * request that does not fit is answered {@code 503 OVERLOADED} instead of being read further or decoded. One request alone always fits, so a body up to
 * {@code payload} can always be served.
 */
final class DecodeBudget {

    private final long limit;
    private final AtomicLong inUse = new AtomicLong();

    DecodeBudget(long limit) {
        this.limit = limit;
    }

    /**
     * Takes {@code bytes} more for a request that holds {@code held} already, or returns false if other requests
     * hold so much that they would not fit.
     */
    boolean tryAcquire(long bytes, long held) {
        while (true) {
            long now = inUse.get();
            if (now > held && now + bytes > limit) {
                return false;
            }
            if (inUse.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    void release(long bytes) {
        inUse.addAndGet(-bytes);
    }

    /** The bytes requests hold now. */
    long inUse() {
        return inUse.get();
    }

    /** Why a request whose body is {@code bytes} long is not decoded now, and what to do. */
    String refusal(long bytes) {
        return "the provider holds " + inUse.get() + " bytes of other requests' bodies (arriving or being decoded),"
                + " and " + bytes + " bytes of this one's would pass " + HttpJsonConfig.DECODE_BUDGET + " = " + limit
                + "; retry later or on another"
                + " provider";
    }
}
