package io.httpjson.protocol.reliability;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

final class OnceServiceImpl implements OnceService {

    /** How often each value ran. */
    final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    /** Calls waiting at the gate now. */
    final AtomicInteger waiting = new AtomicInteger();

    private volatile CountDownLatch gate = new CountDownLatch(0);

    void close() {
        gate = new CountDownLatch(1);
    }

    void open() {
        gate.countDown();
    }

    int runs(String value) {
        AtomicInteger n = runs.get(value);
        return n == null ? 0 : n.get();
    }

    private void ran(String value) {
        runs.computeIfAbsent(value, v -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public String echo(String value, int workMillis) {
        ran(value);
        if (workMillis > 0) {
            // provider time, as a real method would spend it (not a synchronisation)
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(workMillis));
        }
        return value;
    }

    @Override
    public String held(String value) {
        ran(value);
        await();
        return value;
    }

    @Override
    public void fire(String value) {
        ran(value);
        await();
    }

    private void await() {
        waiting.incrementAndGet();
        try {
            if (!gate.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            waiting.decrementAndGet();
        }
    }
}
