package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.ssl.SslContext;

/**
 * Keep-alive HTTP/1.1 connections to one provider address: at most {@code maxConnections} open (a call that
 * finds all busy waits in line, bounded by its own timeout), at most {@code maxIdle} kept idle (most recently
 * used first, so the others age out), none opened before the first call. Unless {@code maxConnections} is set, the
 * limit grows while more connections make more calls ({@link Growth}). The pool only chooses: each
 * {@link Connection} keeps its own state. Short calls share connections (pipelining, see {@link #acquire}).
 * Lock order: the pool, then a connection.
 */
final class ConnectionPool {

    /** How often a request that never left may go back to the pool before its call fails. */
    private static final int MAX_RESENDS = 3;

    final HttpJsonConfig config;
    /** Opens connections, and words the errors of calls that did not run. */
    final Dialer dialer;
    /** Which busy connection a call may join; guarded by this pool's lock. */
    private final Choice choice;
    /** How many connections may be open; guarded by this pool's lock. */
    private final Growth growth;

    private final ArrayDeque<Connection> idle = new ArrayDeque<>(2);
    private final ArrayDeque<Call> waiters = new ArrayDeque<>(2);
    /** Connections retired because more were open than the limit allows, until they close. */
    private final HashSet<Channel> surplus = new HashSet<>();
    /** Connections open or being opened. */
    private int open;
    /** Whether the pool is closed, and how it ends; guarded by this pool's lock. */
    private final Closing closing;

    ConnectionPool(InetSocketAddress remote, HttpJsonConfig config, ClientResources resources, SslContext tls) {
        this.config = config;
        this.dialer = new Dialer(remote, config, resources, tls);
        this.choice = new Choice(this, config);
        this.growth = new Growth(this, config.maxConnections(), config.connectionsCeiling(), System.nanoTime());
        this.closing = new Closing(this, resources.timer);
    }

    InetSocketAddress remote() {
        return dialer.remote();
    }

    boolean pipelining() {
        return choice.pipelining();
    }

    /**
     * Gives the call a connection now, or when one frees up, or fails it if none can be had.
     * <p>A short call first joins a busy connection of short calls that has room ({@link Choice}). Any other call,
     * and a short call with no such connection, takes an idle connection, then a new one up to
     * the limit ({@link Growth}), then (with pipelining) the least busy connection that has room; otherwise it waits.
     */
    void acquire(Call call) {
        Connection c;
        long pace = choice.paceOf(call);
        List<Connection> stale = null;
        boolean waiting = false;
        synchronized (this) {
            if (closing.isClosed()) {
                if (call.resends > 0 && open > 0 && !closing.isExpired()) {
                    // put back, as it did not run: ahead of the (younger) waiters, as one of them
                    waiters.addFirst(call);
                    return;
                }
                call.fail(dialer.poolClosed());
                return;
            }
            c = pace >= 0 ? choice.busyWithRoom(pace, choice.allowanceOf(call)) : null;
            while (c == null && (c = idle.pollFirst()) != null && !c.usableAfterIdle()) {
                // closed while idle, or the provider's keep-alive is running out: not worth the risk
                (stale == null ? stale = new ArrayList<>(2) : stale).add(c);
                c = null;
            }
            if (c == null) {
                if (open < growth.limit()) {
                    open++;
                } else {
                    growth.full();
                    if ((c = choice.leastBusy()) == null) {
                        waiters.addLast(call);
                        waiting = true;
                    }
                }
            }
            if (c != null) {
                choice.give(c, call, pace);
                choice.chosen(c, pace);
            }
        }
        if (stale != null) {
            stale.forEach(s -> s.channel.close());
        }
        if (c != null) {
            c.send(call);
        } else if (!waiting) {
            connect(call);
        }
    }

    private void connect(Call call) {
        call.dialing = true;
        ChannelFuture f = dialer.connect(x -> {
            if (!x.isSuccess() || closing.isExpired()) {
                x.channel().close();
                call.fail(closing.isExpired() ? dialer.poolClosed() : dialer.cannotConnect(x.cause()));
                return;
            }
            Channel ch = x.channel();
            // before anything can be read or the channel closes: the connect listener runs ahead of channelActive
            Connection c = new Connection(this, ch);
            ch.pipeline().get(ClientHandler.class).bind(c);
            synchronized (this) {
                choice.give(c, call, choice.paceOf(call));
                choice.connected(c);
            }
            c.send(call);
        });
        Channel ch = f.channel();
        if (Dialer.neverRegistered(f)) { // no socket could be made: it never closes, so its place is freed now
            onClosed(ch);
            call.fail(dialer.cannotConnect(f.cause()));
            return;
        }
        closing.track(ch, () -> onClosed(ch));
    }

    /**
     * A call ended on the connection: give it to a waiting call (also once the pool is closed: a call that waits
     * was taken before, as the dubbo protocol would have sent it), keep it idle, or close it once nobody waits
     * for anything on it (the pool is closed, the provider said it closes, or a timed-out call's answer is overdue).
     */
    void released(Connection c) {
        Call next = null;
        boolean close = false;
        synchronized (this) {
            growth.ended(System.nanoTime());
            if (!closing.isClosed() && open - surplus.size() > growth.limit() && c.usable()) {
                c.retire();
                surplus.add(c.channel);
            }
            if ((next = c.usable() ? nextWaiter() : null) != null) {
                choice.give(c, next, choice.paceOf(next));
            } else if (closing.isClosed() || !c.usable()) {
                close = c.nobodyWaiting();
            } else if (c.isIdle() && !idle.contains(c)) {
                if (idle.size() >= config.maxIdle()) {
                    close = true;
                } else {
                    idle.addFirst(c);
                }
            }
        }
        if (close) {
            c.channel.close();
        } else if (next != null) {
            c.send(next);
        }
    }

    /** The first waiting call that has not timed out meanwhile, taken out of line; null if none. */
    private Call nextWaiter() {
        assert Thread.holdsLock(this);
        Call next;
        while ((next = waiters.pollFirst()) != null && next.isDone()) {
            // timed out while waiting
        }
        return next;
    }

    /**
     * A connection closed (by us, by the provider, or a failed connect): its place goes to a waiting call. Once the
     * pool is closed and its last connection too, calls still waiting fail: none of them was sent.
     */
    private void onClosed(Channel ch) {
        Call next = null;
        Call[] unserved = null;
        Runnable last = null;
        synchronized (this) {
            open--;
            if ((last = closing.closed(ch, open)) != null) {
                unserved = takeWaiters();
            }
            idle.removeIf(c -> c.channel == ch);
            surplus.remove(ch);
            choice.closed(ch);
            // a waiting call takes the closed connection's place, unless the pool is shrinking: then it waits
            // for a connection that stays, as a surplus one that closes must not be replaced
            if (!closing.isClosed() && open < growth.limit() && (next = nextWaiter()) != null) {
                open++;
            }
        }
        if (next != null) {
            connect(next);
        }
        for (int i = 0; unserved != null && i < unserved.length; i++) {
            unserved[i].fail(dialer.poolClosed());
        }
        if (last != null) {
            last.run();
        }
    }

    /** The call timed out: forget it if it waits for a connection; else let its connection drop its answer. */
    void abandon(Call call) {
        synchronized (this) {
            waiters.remove(call);
        }
        Connection c = call.connection;
        if (c != null) {
            c.abandon(call);
        }
    }

    /** A request that provably did not run (its connection closed before its turn, or announced it): again. */
    void resend(Call call) {
        if (++call.resends > MAX_RESENDS) {
            call.fail(dialer.neverLeft(call.resends));
            return;
        }
        call.connection = null;
        acquire(call);
    }

    /** How many connections may be open for now ({@link Growth}). */
    synchronized int connectionLimit() {
        return growth.limit();
    }

    /** From now on at most {@code limit} connections, as if {@code httpjson.max-connections} were set so. */
    synchronized void fixConnectionLimit(int limit) {
        growth.fix(limit);
    }

    synchronized int openConnections() {
        return open;
    }

    /** Calls that were sent on a connection that had others in flight (pipelined), since the pool was made. */
    synchronized long pipelinedCalls() {
        return choice.pipelined();
    }

    synchronized int idleConnections() {
        return idle.size();
    }

    /** Calls waiting for a connection. */
    synchronized int waitingCalls() {
        return waiters.size();
    }

    /** Every call waiting for a connection, taken out of line. */
    Call[] takeWaiters() {
        assert Thread.holdsLock(this);
        Call[] all = waiters.toArray(new Call[0]);
        waiters.clear();
        return all;
    }

    /**
     * Closes idle connections now and busy ones when their calls end; calls waiting for a connection take those
     * that free up, and fail (unsent) once none is left. After {@code waitMillis} (Dubbo's shutdown wait) those
     * still open close and their calls fail ({@link Closing}). {@code whenClosed} runs once the last has closed.
     */
    void close(Runnable whenClosed, int waitMillis) {
        Connection[] toClose;
        boolean none;
        synchronized (this) {
            none = closing.close(open, whenClosed, waitMillis);
            toClose = idle.toArray(new Connection[0]);
            idle.clear();
            choice.clear();
        }
        for (Connection c : toClose) {
            c.channel.close();
        }
        if (none) {
            whenClosed.run();
        }
    }
}
