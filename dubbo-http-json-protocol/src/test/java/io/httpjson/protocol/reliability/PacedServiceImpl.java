package io.httpjson.protocol.reliability;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

final class PacedServiceImpl implements PacedService {

    private volatile CountDownLatch gate = new CountDownLatch(0);
    /** Calls waiting at the gate now. */
    final AtomicInteger waiting = new AtomicInteger();

    void close() {
        gate = new CountDownLatch(1);
    }

    void open() {
        gate.countDown();
    }

    @Override
    public String quick(String s) {
        return "quick " + s;
    }

    @Override
    public String gate(String s) {
        await();
        return "gate " + s;
    }

    @Override
    public String hold(String s) {
        await();
        return "hold " + s;
    }

    @Override
    public String slowGate(String s) {
        sleep(50);
        await();
        return "slow " + s;
    }

    private void await() {
        waiting.incrementAndGet();
        try {
            if (!gate.await(20, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            waiting.decrementAndGet();
        }
    }

    @Override
    public String sleep(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "slept " + millis;
    }
}
