package io.httpjson.protocol.internal.client;

/**
 * How many connections a pool may open when {@code httpjson.max-connections} is not set: the fewest that make the
 * most calls per second, found by trying. A connection carries one slow call at a time, so for slow methods the
 * connections, not the provider, can be what bounds the calls in flight; for fast or CPU-bound ones more connections
 * only cost CPU. Which of the two holds is not known beforehand, and changes with the load.
 *
 * <p>A trial, run only while calls find every connection in use: the limit moves to another for three measuring
 * windows, then back for two; the first window after each move is not counted, while connections open or drain
 * (a connection above the limit takes no new calls and closes when its calls end). The call rate of the other limit
 * (its two counted windows) is set against the mean of the windows just before and just after, which cancels a
 * steady drift such as a JVM still compiling or callers still arriving. Of the two limits the larger is kept only
 * if it made at least {@link #GAIN} of its extra connections' share more calls (15% more for half more
 * connections). Trials go up by half, and after one that changed nothing the next goes down by a third, and so on,
 * so that a lucky window that let the pool grow is undone later. A trial that changed nothing doubles the wait
 * before the next one. After a long while with connections to spare the limit starts over.
 *
 * <p>Used only under the pool's lock (asserted), with the time passed in, so that its decisions can be tested with
 * any sequence of windows.
 */
final class Growth {

    /** A measuring window lasts at least this long... */
    static final long WINDOW_NANOS = 250_000_000L;
    /** ...and holds at least this many ended calls. */
    static final int WINDOW_CALLS = 200;
    /** The share of the growth in connections that must show as more calls. */
    static final double GAIN = 0.3;
    /** Windows of a trial: one to settle and two measured at the other limit, one to settle and one back. */
    static final int TRIAL_WINDOWS = 5;
    /** The most windows to wait after trials that did not pay (about 4 s; trials then cost about 1% of the calls). */
    static final int MAX_BACKOFF = 16;
    /** Windows with connections to spare after which the limit returns to where it started (about 30 s). */
    static final int RESET_AFTER = 120;

    private final Object lock;
    private int floor;
    private int ceiling;
    private int limit;

    private long windowStart;
    private int calls;
    private boolean full;

    /** The call rate of the last window, if the pool was full in it and no trial ran; else -1. */
    private double last = -1;
    /** 0 while steady, else the window of the running trial (1 to {@link #TRIAL_WINDOWS}). */
    private int trial;

    /** Whether the next trial is of fewer connections than now. */
    private boolean down;

    private int smaller;
    private int larger;
    private double before;
    private double during;
    private int skip;
    private int backoff = 1;
    private int spare;

    /**
     * @param floor the limit to start from
     * @param ceiling the most it may grow to; equal to {@code floor} for a fixed limit
     */
    Growth(Object lock, int floor, int ceiling, long now) {
        this.lock = lock;
        this.floor = floor;
        this.ceiling = Math.max(floor, ceiling);
        this.limit = floor;
        this.windowStart = now;
    }

    /** The most connections open at once for now. */
    int limit() {
        assert Thread.holdsLock(lock);
        return limit;
    }

    /** The limit between trials: the one a running trial returns to, or decides against. */
    int kept() {
        assert Thread.holdsLock(lock);
        return trial == 0 ? limit : down ? larger : smaller;
    }

    /** No more trials: the limit is {@code fixed} from now on (connections above it close as their calls end). */
    void fix(int fixed) {
        assert Thread.holdsLock(lock);
        floor = ceiling = limit = fixed;
        trial = 0;
    }

    /** A call found every connection the limit allows in use. */
    void full() {
        assert Thread.holdsLock(lock);
        full = true;
    }

    /** A call ended at {@code now}; may move the limit. */
    void ended(long now) {
        assert Thread.holdsLock(lock);
        if (ceiling == floor || ++calls < WINDOW_CALLS || now - windowStart < WINDOW_NANOS) {
            return;
        }
        double rate = calls * 1e9 / (now - windowStart);
        boolean wasFull = full;
        windowStart = now;
        calls = 0;
        full = false;
        if (trial > 0) {
            trial(rate);
        } else {
            steady(rate, wasFull);
        }
    }

    private void steady(double rate, boolean wasFull) {
        if (!wasFull) {
            last = -1;
            if (++spare >= RESET_AFTER && limit != floor) {
                limit = floor;
                backoff = 1;
                skip = 0;
                down = false;
            }
            return;
        }
        spare = 0;
        if (limit == floor || limit == ceiling) {
            // only one way to try
            down = limit == ceiling;
        }
        if (skip > 0) {
            skip--;
        } else if (last >= 0 && ceiling > floor) {
            before = rate;
            during = 0;
            if (down) {
                larger = limit;
                smaller = Math.max(floor, limit * 2 / 3);
                limit = smaller;
            } else {
                smaller = limit;
                larger = Math.min(ceiling, limit + Math.max(8, limit / 2));
                limit = larger;
            }
            trial = 1;
        }
        last = rate;
    }

    private void trial(double rate) {
        switch (trial++) {
            case 1:
                return;
            case 2:
                during += rate / 2;
                return;
            case 3:
                during += rate / 2;
                limit = down ? larger : smaller;
                return;
            case 4:
                return;
            default:
                double current = (before + rate) / 2;
                double atLarger = down ? current : during;
                double atSmaller = down ? during : current;
                int was = limit;
                limit = atLarger >= atSmaller * (1 + GAIN * (larger - smaller) / smaller) ? larger : smaller;
                trial = 0;
                last = -1;
                if (limit != was) {
                    backoff = 1;
                } else {
                    // no change: wait longer, then try the other way
                    skip = backoff;
                    backoff = Math.min(MAX_BACKOFF, backoff * 2);
                    down = !down;
                }
        }
    }
}
