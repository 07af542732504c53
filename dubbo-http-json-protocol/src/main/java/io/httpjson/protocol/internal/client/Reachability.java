package io.httpjson.protocol.internal.client;

import java.util.concurrent.TimeUnit;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;

/**
 * What the consumer last learned of one provider address, for Dubbo's {@code availablecheck}: an invoker that
 * reports itself unavailable is skipped by the cluster (and put aside by its directory, which asks again about once a
 * second), as Dubbo's own invoker is while its client is disconnected or the provider said it is read-only.
 *
 * <p>Unavailable (a) while the last connect to the provider failed (refused, unreachable, timed out) and no
 * connection to it is open, and (b) once the provider answered {@code 503 SHUTTING_DOWN}; either until a connect to it
 * succeeds or {@link #HOLD_NANOS} has passed, after which one call tries it again. Nothing is known before the first
 * connect: an address never called is available (the pool opens no connection before the first call).
 */
final class Reachability implements ChannelFutureListener {

    /**
     * How long a failed connect or a shutdown notice keeps the provider out: about Dubbo's own recheck of an invoker
     * it put aside ({@code dubbo.reconnect.reconnectTaskPeriod}, 1 s), so that the first recheck after it lets one
     * call try the provider again.
     */
    static final long HOLD_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** Connections connected and not yet closed. */
    private int established;

    private boolean connectFailed;
    private long connectFailedAt;
    private boolean shuttingDown;
    private long shuttingDownAt;

    /** A connect ended (added to its promise ahead of the pool's own listener). */
    @Override
    public void operationComplete(ChannelFuture f) {
        if (!f.isSuccess()) {
            synchronized (this) {
                connectFailed = true;
                connectFailedAt = System.nanoTime();
            }
            return;
        }
        synchronized (this) {
            established++;
            connectFailed = false;
            shuttingDown = false;
        }
        f.channel().closeFuture().addListener(x -> closed());
    }

    private synchronized void closed() {
        established--;
    }

    /** The provider answered {@code 503 SHUTTING_DOWN}: it drains and will stop. */
    synchronized void shuttingDown() {
        shuttingDown = true;
        shuttingDownAt = System.nanoTime();
    }

    synchronized boolean available() {
        long now = System.nanoTime();
        return !(connectFailed && established == 0 && now - connectFailedAt < HOLD_NANOS)
                && !(shuttingDown && now - shuttingDownAt < HOLD_NANOS);
    }
}
