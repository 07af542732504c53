package io.httpjson.protocol.reliability;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

public class LedgerServiceImpl implements LedgerService {

    /** Entries into {@link #held}. */
    final Semaphore entered = new Semaphore(0);
    /** Lets one {@link #held} call return per permit. */
    final Semaphore gate = new Semaphore(0);

    final AtomicInteger oneWays = new AtomicInteger();

    @Override
    public String quick(String s) {
        return "quick " + s.length();
    }

    @Override
    public String held(String s) {
        entered.release();
        try {
            gate.tryAcquire(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "held " + s;
    }

    @Override
    public String fragile(Fragile f) {
        return "fragile";
    }

    @Override
    public void oneWay(String s) {
        oneWays.incrementAndGet();
    }

    @Override
    public String fail(String s) throws LedgerException {
        throw new LedgerException("no " + s);
    }
}
