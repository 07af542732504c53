package io.httpjson.protocol.internal.client;

import java.util.HashSet;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.util.Timeout;
import io.netty.util.Timer;

/**
 * The end of a pool, once the last invoker of its client is destroyed (the reference, or the provider's address
 * removed from the registry). As over the dubbo protocol, the calls then in flight get Dubbo's shutdown wait to end
 * ({@code ConfigurationUtils.reCalShutdownTime}, so a shutdown hook's deadline holds too): connections close as their
 * calls end, and calls waiting in line take those that free up. At the deadline the connections still open close: a
 * call written on one fails with a network error that says it may have run (it is not sent again: at most once), a
 * call not yet written with one that says it did not; then the IO threads may stop. Knows every channel of the
 * pool, open or being opened, so that the deadline reaches them all. Its state is guarded by the pool's lock, as
 * that of {@link Choice} and {@link Growth} is.
 */
final class Closing {

    private final ConnectionPool pool;
    private final Timer timer;
    /** The pool's channels, open or being opened. */
    private final HashSet<Channel> channels = new HashSet<>();

    private boolean closed;
    /** The shutdown wait has passed: the channels left were closed (written under the pool's lock). */
    private volatile boolean expired;
    /** Run once the pool is closed and its last channel too. */
    private Runnable whenClosed;

    private Timeout deadline;

    Closing(ConnectionPool pool, Timer timer) {
        this.pool = pool;
        this.timer = timer;
    }

    boolean isClosed() {
        assert Thread.holdsLock(pool);
        return closed;
    }

    /** The shutdown wait has passed (read without the pool's lock too: it only ever turns true). */
    boolean isExpired() {
        return expired;
    }

    /** A channel the pool opens: {@code onClosed} runs when it closes; closed at once if the deadline has passed. */
    void track(Channel ch, Runnable onClosed) {
        boolean late;
        synchronized (pool) {
            late = expired || !channels.add(ch);
        }
        ch.closeFuture().addListener(x -> onClosed.run());
        if (late) {
            ch.close();
        }
    }

    /**
     * A channel of the pool closed, {@code open} are left: what is to run now that the closed pool has none left
     * (the pool's {@code whenClosed}), else null.
     */
    Runnable closed(Channel ch, int open) {
        assert Thread.holdsLock(pool);
        channels.remove(ch);
        Runnable last = closed && open == 0 ? whenClosed : null;
        if (last != null) {
            whenClosed = null;
            if (deadline != null) {
                deadline.cancel();
            }
        }
        return last;
    }

    /**
     * Closes the pool with {@code open} channels: true if none is left ({@code whenClosed} is for the caller to run);
     * else the channels still open close after {@code waitMillis}, unless the last one closes first.
     */
    boolean close(int open, Runnable whenClosed, int waitMillis) {
        assert Thread.holdsLock(pool);
        closed = true;
        if (open == 0) {
            return true;
        }
        this.whenClosed = whenClosed;
        try {
            deadline = timer.newTimeout(t -> expire(waitMillis), waitMillis, TimeUnit.MILLISECONDS);
        } catch (IllegalStateException stopped) {
            // the timer of these IO threads was stopped: no channel of theirs is left open to wait for
        }
        return false;
    }

    /** The shutdown wait has passed: calls waiting in line fail unsent, and the channels left close. */
    private void expire(int waitMillis) {
        Channel[] left;
        Call[] unsent;
        synchronized (pool) {
            expired = true;
            left = channels.toArray(new Channel[0]);
            unsent = pool.takeWaiters();
        }
        for (Call c : unsent) {
            c.fail(pool.dialer.poolClosed());
        }
        for (Channel ch : left) {
            expire(ch, waitMillis);
        }
    }

    /**
     * Closes a channel at the deadline, on its IO thread, in turn with the responses read there: the calls written
     * on it then fail saying that the reference was destroyed while they were in flight.
     */
    private static void expire(Channel ch, int waitMillis) {
        try {
            ch.eventLoop().execute(() -> {
                ClientHandler h = ch.pipeline().get(ClientHandler.class);
                Connection c = h != null ? h.connection() : null;
                if (c != null) {
                    c.noteError(new Dialer.Destroyed(waitMillis));
                }
                ch.close();
            });
        } catch (RejectedExecutionException e) {
            // its IO threads are stopping, so it has closed
        }
    }
}
