package io.httpjson.protocol.internal.client;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

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
    private final AtomicInteger established = new AtomicInteger();

    /*
     * Read on every call (the cluster asks each invoker it picks), written only when a connect fails or succeeds or
     * the provider says it shuts down: volatile, no lock. A reader may miss a change made at that moment, and learns
     * it on the next call.
     */
    private volatile boolean connectFailed;
    private volatile long connectFailedAt;
    private volatile boolean shuttingDown;
    private volatile long shuttingDownAt;
    private volatile boolean readOnly;
    private volatile long readOnlyAt;

    /** A connect ended (added to its promise ahead of the pool's own listener). */
    @Override
    public void operationComplete(ChannelFuture f) {
        if (!f.isSuccess()) {
            connectFailedAt = System.nanoTime();
            connectFailed = true;
            return;
        }
        established.incrementAndGet();
        connectFailed = false;
        shuttingDown = false;
        f.channel().closeFuture().addListener(x -> established.decrementAndGet());
    }

    /** The provider answered {@code 503 SHUTTING_DOWN}: it drains and will stop. */
    void shuttingDown() {
        shuttingDownAt = System.nanoTime();
        shuttingDown = true;
    }

    /**
     * The provider answered: read-only ({@code Dubbo-Read-Only}, a graceful shutdown began, its connection closes)
     * keeps it out for a hold, while no connection to the address is open (behind one address, a load balancer's
     * other backends answer on the connections still open, as Dubbo marks a channel, not an address), after which
     * calls try it again; an answer without the mark lets it in at once.
     */
    void answered(ClientHandler.ResponseData answer) {
        if (answer.intermediary) {
            return; // a gateway's own answer says nothing of the provider
        }
        if (answer.readOnly) {
            readOnlyAt = System.nanoTime();
            readOnly = true;
        } else if (readOnly) {
            readOnly = false;
        }
    }

    boolean available() {
        if (!connectFailed && !shuttingDown && !readOnly) {
            return true;
        }
        long now = System.nanoTime();
        return !(connectFailed && established.get() == 0 && now - connectFailedAt < HOLD_NANOS)
                && !(shuttingDown && now - shuttingDownAt < HOLD_NANOS)
                && !(readOnly && established.get() == 0 && now - readOnlyAt < HOLD_NANOS);
    }
}
