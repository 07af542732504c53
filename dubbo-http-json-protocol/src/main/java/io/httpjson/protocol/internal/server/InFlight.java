package io.httpjson.protocol.internal.server;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.jetty.util.Callback;

/**
 * The requests a server is serving now, counted from admission until Jetty completes their response, so that a
 * graceful shutdown can wait for them ({@link #awaitNone}) while new calls are turned away.
 */
final class InFlight {

    private final AtomicInteger count = new AtomicInteger();
    /** One-way calls answered and not yet ended (a subset of {@link #count}). */
    private final AtomicInteger oneWay = new AtomicInteger();

    private volatile boolean draining;

    int count() {
        return count.get();
    }

    /** Counts one request as in flight until {@code callback} completes. */
    Callback track(Callback callback) {
        count.incrementAndGet();
        return new Callback() {
            @Override
            public void succeeded() {
                done();
                callback.succeeded();
            }

            @Override
            public void failed(Throwable x) {
                done();
                callback.failed(x);
            }

            @Override
            public InvocationType getInvocationType() {
                return callback.getInvocationType();
            }
        };
    }

    /**
     * Counts work that goes on after its exchange was answered (a one-way call runs after its 202) until the
     * returned action runs; running it again does nothing.
     */
    Runnable hold() {
        count.incrementAndGet();
        AtomicBoolean ended = new AtomicBoolean();
        return () -> {
            if (ended.compareAndSet(false, true)) {
                done();
            }
        };
    }

    /**
     * {@link #hold} for a one-way call, unless {@code limit} one-way calls are held already: then null, and the call
     * must be refused. Their 202 frees the connection for the next request, so nothing else bounds how many one
     * caller queues.
     */
    Runnable holdOneWay(int limit) {
        if (oneWay.incrementAndGet() > limit) {
            oneWay.decrementAndGet();
            return null;
        }
        Runnable held = hold();
        AtomicBoolean ended = new AtomicBoolean();
        return () -> {
            if (ended.compareAndSet(false, true)) {
                oneWay.decrementAndGet();
                held.run();
            }
        };
    }

    private void done() {
        if (count.decrementAndGet() == 0 && draining) {
            synchronized (count) {
                count.notifyAll();
            }
        }
    }

    /** Waits up to {@code timeoutMillis} for the last request in flight; returns how many are left. */
    int awaitNone(long timeoutMillis) {
        draining = true;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (count) {
            long left;
            while (count.get() > 0 && (left = deadline - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(count, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        return count.get();
    }
}
