package io.httpjson.protocol.internal.client;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;

/**
 * One keep-alive HTTP/1.1 connection and everything that is known about it: the calls the pool gave it, the
 * requests written on it in the order they went out (responses come back in that order), the calls whose caller
 * stopped waiting, and whether it may take more calls. All of it is guarded by this object's lock; the pool takes
 * its own lock first when it needs both, never the other way round.
 *
 * <p>At most once: a request is written at most once. A call whose request may have reached the provider is never
 * sent again by the transport; it ends with its response, its timeout, or a network error that Dubbo's cluster
 * may retry ({@code retries}). Two kinds of request go back to the pool, as they provably do not run: one whose
 * connection had closed when its turn to be written came, and one pipelined behind a response that announced the
 * close ({@code Connection: close}), after which a server processes no request on that connection (RFC 9112, 9.6).
 *
 * <p>A call that times out keeps its place in the line (its late response is read and dropped); while one is due,
 * no call joins the connection, and once every call left on it has been given up, it closes ({@link #abandon}).
 */
final class Connection {

    final ConnectionPool pool;
    final Channel channel;
    /** Written and not yet answered, oldest first: each response belongs to the head. */
    private final ArrayDeque<Call> inFlight = new ArrayDeque<>(4);
    /** Calls given to this connection and not yet ended here (written or about to be). */
    private int assigned;
    /** Of those, the calls not known to be short: while there is one, nothing joins. */
    private int unpaced;
    /** Provider time the assigned short calls are expected to take, together. */
    private long expectedNanos;
    /** Calls in {@link #inFlight} whose caller stopped waiting: their responses are dropped when they come. */
    private int abandoned;
    /** No new calls: the provider said it closes, its keep-alive is about to run out, or the pool shrinks. */
    private boolean retired;
    /** A response said the connection closes: the requests behind it will not be processed (RFC 9112, 9.6). */
    private boolean closeAnnounced;
    /** The provider closes after a response (said so, or HTTP/1.0: that proves nothing of the requests behind). */
    private boolean closing;

    private boolean closed;
    private final KeepAlive keepAlive = new KeepAlive();
    /** Requests written since the last flush was scheduled (IO thread only). */
    private boolean flushPending;
    /** Why the connection is being closed, if it was for an error. */
    private volatile Throwable lastError;

    Connection(ConnectionPool pool, Channel channel) {
        this.pool = pool;
        this.channel = channel;
    }

    /** Counts a call given to this connection; it is then sent with {@link #send}. */
    synchronized void assign(Call call, long paceNanos) {
        assigned++;
        call.expectedNanos = paceNanos;
        if (paceNanos < 0) {
            unpaced++;
        } else {
            expectedNanos += paceNanos;
        }
        call.connection = this;
    }

    /** Takes back what {@link #assign} counted. */
    private void unassign(Call call) {
        assert Thread.holdsLock(this);
        assigned--;
        if (call.expectedNanos < 0) {
            unpaced--;
        } else {
            expectedNanos -= call.expectedNanos;
        }
        if (assigned == 0) {
            keepAlive.idleNow();
        }
    }

    /**
     * The calls on this connection if a short call expected to take {@code pace} may be pipelined behind them
     * (they and it are expected to take at most {@code allowanceNanos} together), else -1.
     */
    synchronized int joinable(long pace, int depth, long allowanceNanos) {
        return assigned > 0 && assigned < depth && unpaced == 0 && expectedNanos + pace <= allowanceNanos && usable()
                ? assigned
                : -1;
    }

    /** Calls on this connection, or -1 if it takes no more. */
    synchronized int load() {
        return usable() ? assigned : -1;
    }

    synchronized boolean isIdle() {
        return assigned == 0;
    }

    /** No caller waits for anything on this connection (every call left on it, if any, was given up). */
    synchronized boolean nobodyWaiting() {
        return assigned == abandoned;
    }

    /** Takes no more calls; the pool closes it once nobody waits for anything on it. */
    synchronized void retire() {
        retired = true;
    }

    /** Open and taking calls. */
    synchronized boolean usable() {
        return !closed && !retired && abandoned == 0 && channel.isActive();
    }

    /** Usable after lying idle (its idle close not near: {@link KeepAlive#fresh}); else retired: no call joins it. */
    synchronized boolean usableAfterIdle() {
        retired |= !(usable() && (assigned > 0 || keepAlive.fresh()));
        return !retired;
    }

    /** Sends an assigned call's request, on the IO thread, after the requests sent before it. */
    void send(Call call) {
        if (channel.eventLoop().inEventLoop()) {
            write(call);
        } else {
            channel.eventLoop().execute(() -> write(call));
        }
    }

    private void write(Call call) {
        ByteBuf request;
        boolean neverLeft;
        boolean wasLast;
        synchronized (this) {
            request = call.takeRequest();
            neverLeft = request != null && (closed || closing || !channel.isActive());
            if (request != null && !neverLeft) {
                inFlight.add(call);
                if (pool.pipelining()) {
                    request = call.keepWritten(request);
                }
            } else {
                unassign(call);
            }
            wasLast = assigned == abandoned; // nobody waits for anything else here: the pool may close it
        }
        if (request == null) {
            // the call ended (timed out) before its turn: nothing was sent
            pool.released(this);
            return;
        }
        if (neverLeft) {
            call.putBack(request);
            pool.resend(call);
            if (wasLast) {
                pool.released(this);
            }
            return;
        }
        ChannelFutureListener listener = f -> {
            if (!f.isSuccess()) {
                noteError(f.cause());
                channel.close();
            } else if (call.oneway) {
                call.completeOneway();
            }
        };
        if (!pool.pipelining()) {
            channel.writeAndFlush(request).addListener(listener);
            return;
        }
        // requests queued meanwhile go out with one flush, so one system call carries several of them
        channel.write(request).addListener(listener);
        if (!flushPending) {
            flushPending = true;
            channel.eventLoop().execute(() -> {
                flushPending = false;
                channel.flush();
            });
        }
    }

    /** The id of the request the next response must answer, or 0 if nothing is in flight (IO thread). */
    synchronized long expectedId() {
        Call head = inFlight.peek();
        return head == null ? 0 : head.id;
    }

    /**
     * A whole response arrived for the oldest request: ends its call (unless its caller gave up), and tells the
     * pool the connection has room again. {@code keepAliveNanos} is the provider's announced idle timeout, or -1.
     */
    void responded(ClientHandler.ResponseData data, boolean keepOpen, long keepAliveNanos, long serverNanos) {
        Call call;
        boolean late;
        boolean closeNow = false;
        synchronized (this) {
            call = inFlight.poll();
            if (call == null) {
                return;
            }
            call.releaseWritten();
            late = call.abandonedOn == this;
            if (late) {
                abandoned--;
            }
            unassign(call);
            retired |= closing |= !keepOpen || data.closeAnnounced;
            closeAnnounced |= data.closeAnnounced;
            // announced: nothing more will be answered here, the requests behind this one go out again at once
            closeNow = data.closeAnnounced && !inFlight.isEmpty();
            keepAlive.announced(keepAliveNanos);
        }
        // a late answer's wait is no response time anybody saw: one stalled call would inflate the average
        call.pace.record(serverNanos, late ? 0 : System.nanoTime() - call.startNanos);
        if (closeNow) {
            channel.close();
        }
        // back to the pool first, so that a caller whose next call follows at once finds the connection idle
        pool.released(this);
        if (!late) {
            // a one-way call's caller was told when its request went out: the answer (202) only ends the call
            call.finish(call.oneway ? () -> {} : () -> Responses.read(call, data, pool.config.payload()));
        }
    }

    /**
     * The caller of {@code call} stopped waiting; if nobody waits for anything on this connection any more, it is
     * retired and closed. Done on the IO thread, in turn with the responses read and requests written there: decided
     * on the timer's thread, the close could follow a request written meanwhile and cut it off before it left.
     */
    void abandon(Call call) {
        if (!channel.eventLoop().inEventLoop()) {
            try {
                channel.eventLoop().execute(() -> abandon(call));
            } catch (RejectedExecutionException e) {
                // the IO threads are gone, so this connection has closed and its calls have ended
            }
            return;
        }
        boolean close;
        synchronized (this) {
            if (!inFlight.contains(call)) {
                return;
            }
            call.abandonedOn = this;
            abandoned++;
            close = assigned == abandoned;
            retired |= close;
        }
        if (close) {
            channel.close();
        }
    }

    /** Why the connection is about to close, if it was for an error. */
    void noteError(Throwable cause) {
        lastError = cause;
    }

    /**
     * The connection closed: every call written on it that is still waiting fails with a network error (Dubbo's
     * cluster decides whether to retry it), unless the provider had announced the close before it reached them,
     * in which case they go back to the pool, as do calls assigned but not yet written, at their turn.
     */
    void closed() {
        Throwable cause = lastError;
        List<Call> left;
        boolean unprocessed;
        synchronized (this) {
            closed = true;
            unprocessed = closeAnnounced;
            left = new ArrayList<>(inFlight);
            for (Call c : inFlight) {
                unassign(c);
            }
            inFlight.clear();
            abandoned = 0;
        }
        for (Call c : left) {
            ByteBuf request = c.takeWritten();
            if (unprocessed && request != null && !c.isDone()) {
                c.putBack(request);
                pool.resend(c);
                continue;
            }
            if (request != null) {
                request.release();
            }
            if (!c.isDone()) {
                c.fail(pool.dialer.closedBeforeResponse(channel, cause));
            }
        }
    }
}
