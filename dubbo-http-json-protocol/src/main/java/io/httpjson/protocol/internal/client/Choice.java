package io.httpjson.protocol.internal.client;

import java.util.ArrayList;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.netty.channel.Channel;

/**
 * Which busy connection a call may join (pipelining): the pool's choosing, apart from its bookkeeping. It knows
 * the connected connections and the one the last short call joined, and reads each {@link Connection}'s load;
 * it changes no connection. Used only under the pool's lock (asserted), so it needs none of its own.
 *
 * <p>A short call (its method is known, from the provider's {@code Server-Timing}, to take less than
 * {@code httpjson.pipelining-budget-micros}) joins the busiest connection that carries only short calls and has
 * room ({@code httpjson.pipelining}) within that budget, so that requests share flushes and reads, and
 * connections not needed fall idle. When no connection may be opened, any call may take the least busy one.
 *
 * <p>The budget grows while the provider is busy ({@code httpjson.pipelining-adaptive}): a short call may join as
 * long as the calls ahead of it are expected to take at most its method's recent response time. When every call
 * already queues for tens of milliseconds, waiting behind a few short calls adds little, and fewer, deeper
 * connections cost fewer writes, reads and wake-ups per call on both sides (measured: docs/benchmarks.md).
 */
final class Choice {

    private final Object lock;
    private final int depth;
    private final long budget;
    private final boolean adaptive;
    /** Connected connections (kept only when pipelining is on). */
    private final ArrayList<Connection> connected = new ArrayList<>();
    /** The connection the last short call joined. */
    private Connection hot;
    /** Calls that joined a busy connection. */
    private long pipelined;

    Choice(Object lock, HttpJsonConfig config) {
        this.lock = lock;
        this.depth = config.pipelining();
        this.budget = config.pipeliningBudgetNanos();
        this.adaptive = config.pipeliningAdaptive();
    }

    boolean pipelining() {
        return depth > 1;
    }

    /** The provider time the call is expected to take if it may be pipelined, else -1. */
    long paceOf(Call call) {
        if (depth <= 1) {
            return -1;
        }
        long p = call.pace.nanos();
        return p >= 0 && p < budget ? p : -1;
    }

    /**
     * How long the calls ahead of a short call may be expected to take: the budget, or its method's recent
     * response time if that is longer (adaptive).
     */
    long allowanceOf(Call call) {
        return adaptive ? Math.max(budget, call.pace.responseNanos()) : budget;
    }

    /**
     * The busiest connection a short call expected to take {@code pace} may join within {@code allowance}
     * ({@link #allowanceOf}); the connection chosen last is tried first.
     */
    Connection busyWithRoom(long pace, long allowance) {
        assert Thread.holdsLock(lock);
        if (hot != null && hot.joinable(pace, depth, allowance) >= 0) {
            return hot;
        }
        Connection best = null;
        int most = 0;
        for (int i = 0, n = connected.size(); i < n; i++) {
            Connection c = connected.get(i);
            int load = c.joinable(pace, depth, allowance);
            if (load > most) {
                best = c;
                most = load;
            }
        }
        return best;
    }

    /** With pipelining, the open connection with the fewest calls in flight, if it has room for one more. */
    Connection leastBusy() {
        assert Thread.holdsLock(lock);
        Connection best = null;
        int least = depth;
        for (int i = 0, n = connected.size(); i < n; i++) {
            Connection c = connected.get(i);
            int load = c.load();
            if (load >= 0 && load < least) {
                best = c;
                least = load;
            }
        }
        return best;
    }

    /** Gives {@code c} the call, expected to take {@code pace} (counted as pipelined if others are in flight). */
    void give(Connection c, Call call, long pace) {
        assert Thread.holdsLock(lock);
        call.dialing = false;
        if (c.load() > 0) {
            pipelined++;
        }
        c.assign(call, pace);
    }

    long pipelined() {
        assert Thread.holdsLock(lock);
        return pipelined;
    }

    /** A call with this pace was given {@code c}. */
    void chosen(Connection c, long pace) {
        assert Thread.holdsLock(lock);
        if (pace >= 0) {
            hot = c;
        }
    }

    void connected(Connection c) {
        assert Thread.holdsLock(lock);
        if (pipelining()) {
            connected.add(c);
        }
    }

    void closed(Channel ch) {
        assert Thread.holdsLock(lock);
        connected.removeIf(c -> c.channel == ch);
        if (hot != null && hot.channel == ch) {
            hot = null;
        }
    }

    void clear() {
        assert Thread.holdsLock(lock);
        hot = null;
    }
}
