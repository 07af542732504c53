package io.httpjson.protocol.reliability;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.httpjson.protocol.testing.Callers;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.FaultProxy;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Many callers, pipelining on, each call carrying a value of its own that the provider echoes; per-call timeouts
 * drawn at random (some fire before the request is written, some while it is in flight, most not at all); a proxy
 * that resets random connections and once "restarts" the provider (drops everything, refuses connections, comes
 * back). Every success carries its own value, every call ends within its timeout plus a small bound, and no value
 * runs more often than the one send plus the retries its reference allows.
 */
class AtMostOnceStressTest {

    static final int CALLERS = 24;
    static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(Long.getLong("reliability.stress.seconds", 8));
    /** What "within its timeout" allows on a busy 2-core machine with two JVMs' worth of threads. */
    static final long SLACK_MILLIS = 2000;

    static final OnceServiceImpl IMPL = new OnceServiceImpl();

    @RegisterExtension
    static DubboServer provider =
            DubboServer.builder().service(OnceService.class, IMPL).build();

    @Test
    void everyReplyReachesItsOwnCallerAndNothingRunsTwice() throws Exception {
        Map<String, Integer> allowed = new ConcurrentHashMap<>();
        List<String> wrong = new CopyOnWriteArrayList<>();
        List<String> late = new CopyOnWriteArrayList<>();
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger timedOut = new AtomicInteger();
        AtomicLong calls = new AtomicLong();
        try (Consumer consumer = new Consumer();
                FaultProxy proxy = new FaultProxy(provider.port()).start()) {
            String url = "httpjson://127.0.0.1:" + proxy.port();
            OnceService once = consumer.reference(OnceService.class, url, r -> r.setRetries(0));
            OnceService twice =
                    consumer.reference(OnceService.class, url + "?httpjson.max-connections=4", r -> r.setRetries(2));
            long end = System.nanoTime() + RUN_NANOS;
            Thread chaos = new Thread(() -> faults(proxy, end), "chaos");
            chaos.start();
            // the run, then the longest call (timeouts up to 405 ms, retried twice) and the slack, with room to spare
            Callers.concurrently(CALLERS, TimeUnit.NANOSECONDS.toMillis(RUN_NANOS) + 60_000, caller -> {
                Random random = new Random(caller);
                boolean retrying = caller % 4 == 0;
                OnceService s = retrying ? twice : once;
                for (int i = 0; System.nanoTime() < end; i++) {
                    String value = caller + "-" + i;
                    int timeout = 5 + random.nextInt(random.nextInt(10) == 0 ? 50 : 400);
                    allowed.put(value, retrying ? 3 : 1);
                    calls.incrementAndGet();
                    long start = System.nanoTime();
                    RpcContext.getClientAttachment().setAttachment("timeout", String.valueOf(timeout));
                    try {
                        String answer = s.echo(value, random.nextInt(4));
                        if (value.equals(answer)) {
                            ok.incrementAndGet();
                        } else {
                            wrong.add(value + " got " + answer);
                        }
                    } catch (RpcException e) {
                        failed.incrementAndGet();
                        if (e.isTimeout()) {
                            timedOut.incrementAndGet();
                        }
                    }
                    long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    // with retries, each attempt has the whole timeout
                    if (took > timeout * (retrying ? 3L : 1L) + SLACK_MILLIS) {
                        late.add(value + " took " + took + " ms of " + timeout);
                    }
                }
            });
            chaos.join();
            assertThat(once.echo("after", 0)).isEqualTo("after");
            assertThat(proxy.killed())
                    .as("connections were reset under the calls")
                    .isGreaterThan(10);
        }
        assertThat(wrong).as("replies that reached the wrong caller").isEmpty();
        assertThat(late).as("calls that outlived their timeout").isEmpty();
        List<String> overRun = new CopyOnWriteArrayList<>();
        int runs = 0;
        for (Map.Entry<String, Integer> e : allowed.entrySet()) {
            int n = IMPL.runs(e.getKey());
            runs += n;
            if (n > e.getValue()) {
                overRun.add(e.getKey() + " ran " + n + " times");
            }
        }
        assertThat(overRun)
                .as("values that ran more often than sent plus allowed retries")
                .isEmpty();
        assertThat(ok.get()).as("calls that succeeded").isGreaterThan(100);
        assertThat(failed.get()).as("calls that failed (faults and timeouts)").isGreaterThan(0);
        assertThat(timedOut.get()).isGreaterThan(0);
        System.out.printf(
                "stress: %d calls, %d ok, %d failed (%d timeouts), %d runs at the provider%n",
                calls.get(), ok.get(), failed.get(), timedOut.get(), runs);
    }

    /** Resets a random connection every 20-60 ms; halfway, takes the provider away for 300 ms. */
    private static void faults(FaultProxy proxy, long end) {
        Random random = new Random(42);
        long half = end - RUN_NANOS / 2;
        boolean restarted = false;
        while (System.nanoTime() < end) {
            // the fault schedule itself, not a synchronisation
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20 + random.nextInt(40)));
            proxy.killOne(random);
            if (!restarted && System.nanoTime() > half) {
                restarted = true;
                proxy.stop();
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(300));
                try {
                    proxy.start();
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }
}
