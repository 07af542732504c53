package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.httpjson.protocol.internal.MethodMeta;
import io.netty.buffer.ByteBuf;
import io.netty.util.Timeout;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.Invocation;

/**
 * One call: its request until it is written (taken once, by the connection that writes it, or freed when the call
 * ends first), where the caller waits, and how the call ends (once: response, timeout or failure).
 */
final class Call {

    private static final AtomicLong IDS = new AtomicLong();

    /** Sent as {@code Dubbo-Request-Id} and echoed by the provider: a response is matched to its call by it. */
    final long id;

    /** How its response is read. */
    final Decoding decoding;

    final Invocation invocation;
    final MethodMeta method;
    /** How long the provider takes for this method: decides whether the call may be pipelined. */
    final Pace pace;

    final CompletableFuture<AppResponse> future;
    final Executor executor;
    final int timeoutMillis;
    final boolean oneway;
    /** The whole request (head and body), as {@link RequestWriter} made it; null once written or freed. */
    private final AtomicReference<ByteBuf> request;

    private final AtomicBoolean done = new AtomicBoolean();
    /** One-way: its caller was told the request went out. */
    private final AtomicBoolean told = new AtomicBoolean();

    volatile Timeout timeout;
    /** The connection the pool gave the call (null while it waits for one). */
    volatile Connection connection;
    /** A connection is being opened for the call (it has none yet). */
    volatile boolean dialing;
    /** The connection on which this call was written and then given up (guarded by that connection). */
    Connection abandonedOn;
    /** The provider time the pool expects this call to hold its connection (guarded by its connection). */
    long expectedNanos;
    /** When the caller made the call: the start of its response time ({@link Pace}). */
    final long startNanos = System.nanoTime();
    /** Times the request went back to the pool because its connection could not carry it. */
    int resends;
    /** Where the request's {@code Dubbo-Timeout} digits are, to send the time left ({@link RequestWriter#timeLeft}). */
    int timeoutAt = -1;
    /**
     * The request as written on a pipelined connection, kept until its response (guarded by that connection):
     * if the provider announces a close before it reaches this request, it goes out again on another connection.
     */
    private ByteBuf written;

    Call(
            long id,
            ByteBuf request,
            Decoding decoding,
            Invocation invocation,
            MethodMeta method,
            Pace pace,
            CompletableFuture<AppResponse> future,
            Executor executor,
            int timeoutMillis,
            boolean oneway) {
        this.id = id;
        this.request = new AtomicReference<>(request);
        this.decoding = decoding;
        this.invocation = invocation;
        this.method = method;
        this.pace = pace;
        this.future = future;
        this.executor = executor;
        this.timeoutMillis = timeoutMillis;
        this.oneway = oneway;
    }

    /** A new request id: unique in this JVM, never 0. */
    static long nextId() {
        return IDS.incrementAndGet();
    }

    boolean isDone() {
        return done.get();
    }

    /** The request to write, once; null if the call has ended (nothing is to be sent) or it was taken. */
    ByteBuf takeRequest() {
        ByteBuf r = isDone() ? null : request.getAndSet(null);
        if (r != null && timeoutAt >= 0) {
            RequestWriter.timeLeft(r, timeoutAt, timeoutMillis, startNanos);
        }
        return r;
    }

    /** Gives back a request that was taken but never written; freed if the call ended meanwhile. */
    void putBack(ByteBuf taken) {
        request.set(taken);
        if (isDone()) {
            freeRequest();
        }
    }

    /** Keeps the request taken for writing; returns the copy to write (it shares the bytes). */
    ByteBuf keepWritten(ByteBuf taken) {
        written = taken;
        return taken.retainedDuplicate();
    }

    /** The request kept by {@link #keepWritten}, given up for writing again; null if none was kept. */
    ByteBuf takeWritten() {
        ByteBuf b = written;
        written = null;
        return b;
    }

    /** Frees the request kept by {@link #keepWritten}, once the call has left its connection. */
    void releaseWritten() {
        ByteBuf b = takeWritten();
        if (b != null) {
            b.release();
        }
    }

    private void freeRequest() {
        ByteBuf b = request.getAndSet(null);
        if (b != null) {
            b.release();
        }
    }

    /**
     * Ends the call once: cancels the timer, frees a request that was never written, and runs {@code completion}
     * where the caller waits (the caller's own thread for a synchronous call). Returns false if it had ended.
     */
    boolean finish(Runnable completion) {
        if (!done.compareAndSet(false, true)) {
            return false;
        }
        Timeout t = timeout;
        if (t != null) {
            t.cancel();
        }
        freeRequest();
        complete(completion);
        return true;
    }

    private void complete(Runnable completion) {
        if (executor instanceof ExecutorService && ((ExecutorService) executor).isShutdown()) {
            // the consumer is gone: Dubbo's pool would log "Thread pool is EXHAUSTED!" and dump every thread
            completion.run();
            return;
        }
        try {
            executor.execute(completion);
        } catch (RejectedExecutionException e) {
            // the caller stopped waiting (its own timeout); completing the future still matters for async callers
            completion.run();
        }
    }

    boolean fail(Throwable error) {
        return finish(() -> future.completeExceptionally(error));
    }

    /**
     * A one-way call's caller is told once, when its request is first written. The call itself goes on until the
     * provider's 202, its timeout or its connection's close, like any other: a connection on which the 202 never
     * comes is given up, and a request behind an announced close is sent again.
     */
    void completeOneway() {
        if (told.compareAndSet(false, true)) {
            complete(() -> future.complete(new AppResponse(invocation)));
        }
    }

    InetSocketAddress local() {
        Connection c = connection;
        return c != null && c.channel.localAddress() instanceof InetSocketAddress
                ? (InetSocketAddress) c.channel.localAddress()
                : null;
    }
}
