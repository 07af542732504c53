package io.httpjson.protocol.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Callers on threads of their own, all at once: for tests that check every caller gets its own answers. */
public final class Callers {

    /** What one caller does; {@code caller} runs from 0 to the number of callers - 1. */
    public interface Body {
        void run(int caller) throws Exception;
    }

    private Callers() {}

    /**
     * Runs {@code body} on {@code callers} threads at once and waits up to 60 s for all of them; the first failure
     * (an assertion in a caller included) is thrown here.
     */
    public static void concurrently(int callers, Body body) throws Exception {
        concurrently(callers, 60_000, body);
    }

    /** As {@link #concurrently(int, Body)}, waiting up to {@code withinMillis} for all of them. */
    public static void concurrently(int callers, long withinMillis, Body body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(withinMillis);
        try {
            List<Future<?>> done = new ArrayList<>(callers);
            for (int t = 0; t < callers; t++) {
                int caller = t;
                done.add(pool.submit(() -> {
                    body.run(caller);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
