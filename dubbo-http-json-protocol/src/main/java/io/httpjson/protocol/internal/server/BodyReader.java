package io.httpjson.protocol.internal.server;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.LongPredicate;

import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.io.EofException;
import org.eclipse.jetty.server.Request;

/**
 * The body stage: reads a request body as it arrives, never blocking, into a buffer that grows with the bytes that
 * come (not with the length announced: a client that announces the maximum and sends nothing would otherwise hold
 * that much heap per connection for as long as it likes), capped at the payload limit. Each buffer is taken from the
 * decode budget before it is made ({@code room}), so bodies on their way, however slowly they come, hold a bounded
 * heap together. Or reads and drops it.
 */
final class BodyReader {

    /** The most a request body buffer starts with; it grows (doubling, up to the announced length) as data comes. */
    static final int INITIAL_BUFFER = 64 * 1024;

    private final Request request;
    private final long payload;
    private final long declaredLength;
    /** Given the bytes that have come so far, the error if the body comes too slowly (null: fast enough). */
    private final LongFunction<CallError> rate;
    /** Takes a buffer of that many bytes from the decode budget: null, or the error if it does not fit. */
    private final LongFunction<CallError> room;

    private final BiConsumer<byte[], Integer> then;
    private final Consumer<CallError> failed;
    private byte[] buffer;
    private int size;

    private BodyReader(
            Request request,
            long payload,
            long declaredLength,
            LongFunction<CallError> rate,
            LongFunction<CallError> room,
            BiConsumer<byte[], Integer> then,
            Consumer<CallError> failed) {
        this.request = request;
        this.payload = payload;
        this.declaredLength = declaredLength;
        this.rate = rate;
        this.room = room;
        this.then = then;
        this.failed = failed;
        this.buffer = new byte[0]; // made when the first bytes come
    }

    /** Reads the whole body, then hands it (array and length) to {@code then}; errors go to {@code failed}. */
    static void read(
            Request request,
            long payload,
            long declaredLength,
            LongFunction<CallError> rate,
            LongFunction<CallError> room,
            BiConsumer<byte[], Integer> then,
            Consumer<CallError> failed) {
        new BodyReader(request, payload, declaredLength, rate, room, then, failed).read();
    }

    private void read() {
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                request.demand(this::read);
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                Throwable failure = chunk.getFailure();
                chunk.release();
                failed.accept(
                        failure instanceof TimeoutException
                                ? new CallError(
                                        ErrorCode.REQUEST_TIMEOUT,
                                        "the request body stopped coming after " + size + " bytes: nothing came"
                                                + " for the idle timeout (" + HttpJsonConfig.SERVER_IDLE_TIMEOUT
                                                + "); send the body as soon as the headers",
                                        true)
                                : failure instanceof EofException
                                        // Jetty reports a chunked framing it cannot parse as the end of the input
                                        ? new CallError(
                                                ErrorCode.BAD_REQUEST,
                                                "the request body ended after " + size + " bytes, before the end its"
                                                        + " framing announced: the connection closed early, or its"
                                                        + " chunked encoding is malformed (RFC 9112, 7.1: a hex size,"
                                                        + " CRLF, that many bytes, CRLF; a last chunk of size 0)",
                                                true)
                                        : new CallError(
                                                ErrorCode.BAD_REQUEST,
                                                "could not read the request body: " + failure.getMessage(),
                                                true));
                return;
            }
            ByteBuffer bb = chunk.getByteBuffer();
            int n = bb.remaining();
            if (n > 0) {
                if ((long) size + n > payload) {
                    chunk.release();
                    failed.accept(new CallError(
                            ErrorCode.PAYLOAD_TOO_LARGE,
                            "request body exceeds the provider's" + " limit of " + payload
                                    + " bytes (Dubbo 'payload' setting)",
                            true));
                    return;
                }
                if (size + n > buffer.length) {
                    long cap = declaredLength >= 0 ? Math.min(declaredLength, payload) : payload;
                    long next = buffer.length > 0 ? buffer.length * 2L : declaredLength >= 0 ? INITIAL_BUFFER : 256;
                    int length = (int) Math.max(size + n, Math.min(cap, next));
                    CallError full = room.apply(length);
                    if (full != null) {
                        chunk.release();
                        failed.accept(full);
                        return;
                    }
                    byte[] bigger = new byte[length];
                    System.arraycopy(buffer, 0, bigger, 0, size);
                    buffer = bigger;
                }
                bb.get(buffer, size, n);
                size += n;
            }
            boolean last = chunk.isLast();
            chunk.release();
            if (last) {
                then.accept(buffer, size);
                return;
            }
            CallError slow = rate.apply(size);
            if (slow != null) {
                failed.accept(slow);
                return;
            }
        }
    }

    /**
     * Drops what of the body has arrived, without waiting for more; true if that was all of it (its end came
     * within {@code cap} bytes).
     */
    static boolean dropArrived(Request request, long cap) {
        long dropped = 0;
        while (dropped <= cap) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                return false;
            }
            boolean end = chunk.isLast() && !Content.Chunk.isFailure(chunk);
            boolean failed = Content.Chunk.isFailure(chunk);
            dropped += chunk.remaining();
            chunk.release();
            if (end || failed) {
                return end;
            }
        }
        return false;
    }

    /**
     * Reads the body and drops it, then runs {@code then}, or {@code tooMuch} once more than {@code cap} bytes
     * have come or they come too slowly ({@code slow}); never holds more than one chunk.
     */
    static void discard(Request request, long cap, LongPredicate slow, Runnable then, Runnable tooMuch) {
        discard(request, cap, slow, 0, then, tooMuch);
    }

    private static void discard(
            Request request, long cap, LongPredicate slow, long discarded, Runnable then, Runnable tooMuch) {
        long dropped = discarded;
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                long sofar = dropped;
                request.demand(() -> discard(request, cap, slow, sofar, then, tooMuch));
                return;
            }
            boolean failed = Content.Chunk.isFailure(chunk);
            boolean end = chunk.isLast() || failed;
            dropped += chunk.remaining();
            chunk.release();
            // a body that trickles in, or could not be read to its end, is not waited for: the answer goes at
            // once, and the connection closes
            if (end || dropped > cap || slow.test(dropped)) {
                (end && !failed && dropped <= cap ? then : tooMuch).run();
                return;
            }
        }
    }
}
