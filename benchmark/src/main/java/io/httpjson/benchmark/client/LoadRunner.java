package io.httpjson.benchmark.client;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

import io.httpjson.benchmark.service.BenchmarkService;
import io.httpjson.benchmark.service.ProviderStats;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * rpcx-benchmark style: {@code c} platform threads, each making blocking calls through one shared reference.
 * Warm-up (shared budget of calls, capped in time), then a barrier so all callers start together, then each caller
 * makes its share of {@code n} calls into its own HdrHistogram; histograms are merged at the end.
 */
public final class LoadRunner {
    /** 1 µs resolution, up to 60 s, 3 significant digits. */
    static final long LOWEST_NANOS = 1_000L;

    static final long HIGHEST_NANOS = TimeUnit.SECONDS.toNanos(60);

    private LoadRunner() {}

    public static AbstractHistogram newHistogram() {
        return new IntCountsHistogram(LOWEST_NANOS, HIGHEST_NANOS, 3);
    }

    /**
     * @param progress where to draw a progress bar, or null for none
     */
    public static RunResult run(RunSpec spec, BenchmarkService service, int repeat, PrintStream progress)
            throws InterruptedException {
        return run(spec, CallTarget.of(service), repeat, progress);
    }

    /**
     * @param progress where to draw a progress bar, or null for none
     */
    public static RunResult run(RunSpec spec, CallTarget service, int repeat, PrintStream progress)
            throws InterruptedException {
        final int c = spec.concurrency();
        final AtomicLong warmupBudget = new AtomicLong(spec.warmupCalls());
        final LongAdder warmupDone = new LongAdder();
        final LongAdder done = new LongAdder();
        final AtomicLong errors = new AtomicLong();
        final AtomicReference<String> firstError = new AtomicReference<>();
        final AtomicBoolean truncated = new AtomicBoolean();
        final CyclicBarrier warmedUp = new CyclicBarrier(c + 1);
        final CountDownLatch go = new CountDownLatch(1);
        final AtomicLong deadline = new AtomicLong(Long.MAX_VALUE);
        final AbstractHistogram[] histograms = new AbstractHistogram[c];
        final List<Thread> callers = new ArrayList<>(c);
        final long warmupStart = System.nanoTime();
        final long warmupDeadline = warmupStart + TimeUnit.SECONDS.toNanos(spec.warmupSeconds());

        for (int i = 0; i < c; i++) {
            final int index = i;
            final int myCalls = spec.total() / c + (i < spec.total() % c ? 1 : 0);
            final AbstractHistogram h = newHistogram();
            histograms[i] = h;
            Thread t = new Thread(
                    () -> {
                        CallType.Call call = service.newCall(spec, index);
                        // warm-up: shared budget, capped in time; errors here are not counted
                        while (warmupBudget.decrementAndGet() >= 0 && System.nanoTime() < warmupDeadline) {
                            try {
                                call.invoke();
                            } catch (RuntimeException ignored) {
                                // warm-up only
                            }
                            warmupDone.increment();
                        }
                        try {
                            warmedUp.await();
                            go.await();
                        } catch (Exception e) {
                            return;
                        }
                        final long stopAt = deadline.get();
                        for (int k = 0; k < myCalls; k++) {
                            long t0 = System.nanoTime();
                            if (t0 > stopAt) {
                                truncated.set(true);
                                break;
                            }
                            boolean good;
                            try {
                                good = call.invoke();
                                if (!good) {
                                    firstError.compareAndSet(null, "invalid reply");
                                }
                            } catch (RuntimeException | Error e) {
                                // an Error (a codec's StackOverflowError, an OutOfMemoryError, ...) is a failed
                                // call too: uncaught it would end this caller and its calls would go uncounted
                                good = false;
                                firstError.compareAndSet(null, shorten(e));
                            }
                            long took = System.nanoTime() - t0;
                            if (good) {
                                h.recordValue(Math.min(Math.max(took, 0), HIGHEST_NANOS));
                            } else {
                                errors.incrementAndGet();
                            }
                            done.increment();
                        }
                    },
                    "caller-" + i);
            t.setDaemon(true);
            callers.add(t);
        }
        callers.forEach(Thread::start);

        Progress bar = progress == null ? null : new Progress(progress, spec.configLabel(), spec.total());
        if (bar != null) {
            bar.phase("warm-up", warmupDone::sum, spec.warmupCalls());
        }
        try {
            warmedUp.await(spec.warmupSeconds() + spec.timeoutMillis() / 1000L + 60, TimeUnit.SECONDS);
        } catch (Exception e) {
            callers.forEach(Thread::interrupt);
            throw new IllegalStateException("callers did not finish warm-up", e);
        }
        double warmupSeconds = (System.nanoTime() - warmupStart) / 1e9;

        ProviderStats before = stats(service, firstError);
        long clientCpu0 = ProviderStats.processCpuNanos();
        long t0 = System.nanoTime();
        deadline.set(t0 + TimeUnit.SECONDS.toNanos(spec.maxSeconds()));
        if (bar != null) {
            bar.phase("measure", done::sum, spec.total());
        }
        go.countDown();
        long joinUntil = t0
                + TimeUnit.SECONDS.toNanos(spec.maxSeconds())
                + TimeUnit.MILLISECONDS.toNanos(spec.timeoutMillis())
                + TimeUnit.SECONDS.toNanos(30);
        for (Thread t : callers) {
            long left = joinUntil - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.timedJoin(t, left);
            }
            if (t.isAlive()) {
                truncated.set(true);
                t.interrupt();
            }
        }
        long t1 = System.nanoTime();
        long clientCpu1 = ProviderStats.processCpuNanos();
        if (done.sum() < spec.total()) {
            // a caller stopped before its share (the time limit, or it died): the run did not measure what it says
            truncated.set(true);
        }
        if (bar != null) {
            bar.finish();
        }
        ProviderStats after = stats(service, firstError);

        AbstractHistogram merged = newHistogram();
        for (AbstractHistogram h : histograms) {
            merged.add(h);
        }
        long serverCpu = before != null && after != null && before.getProcessCpuNanos() >= 0
                ? after.getProcessCpuNanos() - before.getProcessCpuNanos()
                : -1;
        long clientCpu = clientCpu0 >= 0 ? clientCpu1 - clientCpu0 : -1;
        return new RunResult(
                spec,
                merged.getTotalCount(),
                errors.get(),
                (t1 - t0) / 1e9,
                merged,
                clientCpu,
                serverCpu,
                truncated.get(),
                firstError.get(),
                warmupDone.sum(),
                warmupSeconds,
                after != null ? after.getJvmArguments() : null,
                before != null && after != null ? after.getGcCount() - before.getGcCount() : -1,
                before != null && after != null ? after.getGcMillis() - before.getGcMillis() : -1,
                repeat);
    }

    private static ProviderStats stats(CallTarget service, AtomicReference<String> firstError) {
        try {
            return service.stats();
        } catch (RuntimeException e) {
            firstError.compareAndSet(null, "stats(): " + shorten(e));
            return null;
        }
    }

    static String shorten(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String s = root == e
                ? e.getClass().getSimpleName() + ": " + e.getMessage()
                : root.getClass().getSimpleName() + ": " + root.getMessage() + " (in "
                        + e.getClass().getSimpleName() + ")";
        s = s.replace('\n', ' ').replace('\r', ' ');
        return s.length() > 500 ? s.substring(0, 500) + "..." : s;
    }
}
