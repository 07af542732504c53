package io.httpjson.protocol.internal.client;

import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the pool's connection limit grows, stays and goes back ({@link Growth}): windows of ended calls at chosen
 * rates, with the time passed in. Whether growing makes more calls against a real provider is
 * {@code ConnectionGrowthTest}'s part.
 */
class GrowthTest {

    private final Object lock = new Object();
    private long now;

    private Growth growth(int floor, int ceiling) {
        return new Growth(lock, floor, ceiling, now);
    }

    /** Calls ending at {@code rate} per second, as long as a window must last, the pool full or not. */
    private int windowOf(Growth g, double rate, boolean full) {
        synchronized (lock) {
            if (full) {
                g.full();
            }
            long step = (long) (1e9 / rate);
            long end = now + Growth.WINDOW_NANOS;
            int calls = 0;
            int before = g.limit();
            while (now < end || calls < Growth.WINDOW_CALLS) {
                now += step;
                calls++;
                g.ended(now);
                if (g.limit() != before) {
                    break;
                }
            }
            return g.limit();
        }
    }

    /** The limit between trials. */
    private int kept(Growth g) {
        synchronized (lock) {
            return g.kept();
        }
    }

    /** Calls bound by the connections: 30 ms calls, one per connection at a time. */
    private static double connectionBound(int limit) {
        return limit * 33.0;
    }

    /**
     * {@code n} windows in which calls find every connection in use, each at the rate {@code rateAt} gives for the
     * limit it starts with; the highest limit of them.
     */
    private int fullWindows(Growth g, int n, IntToDoubleFunction rateAt) {
        int limit;
        synchronized (lock) {
            limit = g.limit();
        }
        int highest = limit;
        for (int i = 0; i < n; i++) {
            limit = windowOf(g, rateAt.applyAsDouble(limit), true);
            highest = Math.max(highest, limit);
        }
        return highest;
    }

    /** 100 windows in which the calls follow the connections. */
    private void connectionBoundWindows(Growth g) {
        fullWindows(g, 100, GrowthTest::connectionBound);
    }

    @Test
    void growsWhileMoreConnectionsMakeMoreCalls() {
        Growth g = growth(200, 2000);
        connectionBoundWindows(g);
        // by half each time: 300, 450, 675, 1012, 1518, then the ceiling, where trials of fewer lose
        assertThat(kept(g)).isEqualTo(2000);
    }

    @Test
    void goesBackWhenMoreConnectionsMakeNoMoreCalls() {
        Growth g = growth(200, 2000);
        int highest = 200;
        int trials = 0;
        int last = 200;
        for (int i = 0; i < 200; i++) {
            int l = windowOf(g, 15_000, true);
            highest = Math.max(highest, l);
            trials += l > last ? 1 : 0;
            last = l;
        }
        // each trial is 5 windows at 300 and back, never kept
        assertThat(highest).isEqualTo(300);
        assertThat(kept(g)).isEqualTo(200);
        // ever longer between trials: after 1, 2, 4, 8, then every 16 windows (200 windows: 12 trials)
        assertThat(trials).isBetween(10, 14);
    }

    @Test
    void settlesWhereMoreConnectionsStopPaying() {
        Growth g = growth(200, 2000);
        // the provider's cores make at most 12,000 calls a second, whatever the connections
        int highest = fullWindows(g, 300, limit -> Math.min(connectionBound(limit), 12_000));
        // 300 and 450 paid; 675 did not, nor did going back to 300
        assertThat(kept(g)).isEqualTo(450);
        assertThat(highest).isEqualTo(675);
    }

    @Test
    void aLuckyTrialIsUndone() {
        Growth g = growth(200, 2000);
        int[] lucky = {3};
        boolean[] grew = {false};
        fullWindows(g, 100, limit -> {
            grew[0] |= kept(g) == 300;
            // the first trial's windows at 300 happen to make 30% more calls
            return limit == 300 && lucky[0]-- > 0 ? 13_000 : 10_000;
        });
        assertThat(grew[0]).isTrue();
        // the next trial up changed nothing, so one went down: 300 made no more calls than 200
        assertThat(kept(g)).isEqualTo(200);
    }

    @Test
    void aRisingCallRateAloneIsNoGain() {
        Growth g = growth(200, 2000);
        double[] rate = {1_000};
        // a JVM still compiling: 5% more calls every window, whatever the limit
        int highest = fullWindows(g, 60, limit -> rate[0] *= 1.05);
        assertThat(highest).isEqualTo(300);
        assertThat(kept(g)).isEqualTo(200);
    }

    @Test
    void doesNotGrowWithConnectionsToSpare() {
        Growth g = growth(200, 2000);
        for (int i = 0; i < 20; i++) {
            assertThat(windowOf(g, 10_000 + 5_000 * i, false)).isEqualTo(200);
        }
    }

    @Test
    void startsOverAfterALongWhileWithConnectionsToSpare() {
        Growth g = growth(200, 2000);
        connectionBoundWindows(g);
        assertThat(kept(g)).isEqualTo(2000);
        // then the calls drop (a trial that was running may still end in fewer connections)
        for (int i = 0; i < Growth.RESET_AFTER - 1; i++) {
            windowOf(g, 1_000, false);
        }
        assertThat(kept(g)).isGreaterThan(1000);
        for (int i = 0; i <= Growth.TRIAL_WINDOWS; i++) {
            windowOf(g, 1_000, false);
        }
        assertThat(kept(g)).isEqualTo(200);
    }

    @Test
    void aSetLimitNeverMoves() {
        Growth g = growth(50, 50);
        for (int i = 0; i < 100; i++) {
            assertThat(windowOf(g, 1_000.0 * (i + 1), true)).isEqualTo(50);
        }
    }
}
