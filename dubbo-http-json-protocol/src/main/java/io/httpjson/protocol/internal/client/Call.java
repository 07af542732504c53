package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.MethodMeta;
import io.netty.channel.Channel;
import io.netty.buffer.ByteBuf;
import io.netty.util.Timeout;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * One call in flight: the request (kept until the call ends, so a request that was never sent can be sent
 * again on a fresh connection), where the caller waits, and the state the pool and the handler share.
 */
final class Call {

    /** The whole request (head and body), as {@link RequestWriter} made it. */
    final ByteBuf request;
    final JsonCodec codec;
    final FrameworkModel model;
    final Invocation invocation;
    final MethodMeta method;
    /** How long the provider takes for this method: decides whether the call may be pipelined. */
    final Pace pace;
    final CompletableFuture<AppResponse> future;
    final Executor executor;
    final int timeoutMillis;
    final boolean oneway;
    private final AtomicBoolean done = new AtomicBoolean();
    volatile Timeout timeout;
    volatile Channel channel;
    /** The connection came from the idle pool (so it may have been closed by the server meanwhile). */
    volatile boolean reusedConnection;
    volatile boolean responseStarted;
    volatile boolean retried;
    /** Set by the pool when it gives the call a connection (guarded by the pool). */
    boolean queued;
    /** The provider time the pool expects this call to hold its connection, as it was counted (guarded by the pool). */
    long expectedNanos;

    Call(ByteBuf request, JsonCodec codec, FrameworkModel model, Invocation invocation, MethodMeta method, Pace pace, CompletableFuture<AppResponse> future,
            Executor executor, int timeoutMillis, boolean oneway) {
        this.request = request;
        this.codec = codec;
        this.model = model;
        this.invocation = invocation;
        this.method = method;
        this.pace = pace;
        this.future = future;
        this.executor = executor;
        this.timeoutMillis = timeoutMillis;
        this.oneway = oneway;
    }

    boolean isDone() {
        return done.get();
    }

    /**
     * Ends the call once: cancels the timer, frees the request, and runs {@code completion} where the caller
     * waits (the caller's own thread for a synchronous call). Returns false if the call had already ended.
     */
    boolean finish(Runnable completion) {
        if (!done.compareAndSet(false, true)) {
            return false;
        }
        Timeout t = timeout;
        if (t != null) {
            t.cancel();
        }
        request.release();
        try {
            executor.execute(completion);
        } catch (RejectedExecutionException e) {
            // the caller stopped waiting (its own timeout); completing the future still matters for async callers
            completion.run();
        }
        return true;
    }

    boolean fail(Throwable error) {
        return finish(() -> future.completeExceptionally(error));
    }

    InetSocketAddress local() {
        Channel ch = channel;
        return ch != null && ch.localAddress() instanceof InetSocketAddress ? (InetSocketAddress) ch.localAddress()
                : null;
    }
}
