package io.httpjson.protocol.internal.server;

import java.io.IOException;
import java.lang.reflect.Type;
import java.util.function.LongPredicate;
import java.util.function.Supplier;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.OncePerKind;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_FAILED_RESPONSE;

/**
 * One request and its answer, as the stages pass it along: what Jetty gave us, the codec errors are written with
 * (the server's default until the target service is known), and when the call began to run (for
 * {@code Server-Timing}). Every answer goes out through here, once.
 */
final class Exchange {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(Exchange.class);
    /** Failures no stage foresaw, which a caller may repeat: said once per service and kind. */
    private static final OncePerKind SAID = new OncePerKind(1024);

    /**
     * The most body bytes read and dropped before an error answer, to keep the connection (over the payload limit
     * for a 413); a longer body gets the answer at once, with {@code Connection: close}.
     */
    static final long DISCARD_LIMIT = 1024 * 1024;

    final Request request;
    final Response response;
    final Callback callback;
    private final Responder responder;
    private final long payload;
    /** When handling began: a body's rate counts from here. */
    final long startNanos = System.nanoTime();
    /**
     * When the request was ready: the job that read it was queued for a thread (the default dispatch waits for one
     * of the provider's threads there), or Jetty read its head. A call's wait before it runs counts from here.
     */
    final long arrivedNanos;

    private JsonCodec codec;
    /** When decoding began (0 before): the start of what the Server-Timing header reports. */
    private long runNanos;
    /** The provider's decode budget, and the bytes of it this request holds until its answer is written. */
    private DecodeBudget budget;

    private long held;
    /** The body has been read to its end (or dropped), or there is none: the answer may keep the connection. */
    private boolean bodyDone;

    Exchange(
            Request request, Response response, Callback callback, Responder responder, JsonCodec codec, long payload) {
        this.request = request;
        this.response = response;
        this.callback = callback;
        this.arrivedNanos = arrival(StampedJobs.takeQueuedNanos(), request.getHeadersNanoTime(), startNanos);
        this.responder = responder;
        this.codec = codec;
        this.payload = payload;
    }

    /** The earliest of when the job reading the request was queued and when its head was read; never after now. */
    private static long arrival(long queued, long head, long now) {
        long at = now;
        if (queued != 0 && now - queued > 0) {
            at = queued;
        }
        if (head != 0 && at - head > 0) {
            at = head;
        }
        return at;
    }

    /** Errors from here on are written with the target service's codec. */
    void codec(JsonCodec codec) {
        this.codec = codec;
    }

    JsonCodec codec() {
        return codec;
    }

    void running() {
        runNanos = System.nanoTime();
    }

    /**
     * Makes the request hold {@code bytes} of the decode budget in all, taking what it lacks; false (holding what it
     * held) if other requests hold so much that it does not fit.
     */
    boolean hold(DecodeBudget budget, long bytes) {
        if (bytes > held) {
            if (!budget.tryAcquire(bytes - held, held)) {
                return false;
            }
            this.budget = budget;
            held = bytes;
        }
        return true;
    }

    /** Gives back what the request holds beyond {@code bytes}: buffers it no longer keeps. */
    void holdOnly(long bytes) {
        if (held > bytes) {
            budget.release(held - bytes);
            held = bytes;
        }
    }

    /** What decoding the request cost is free again: its answer is being written, or it was answered early. */
    void releaseBudget() {
        if (held > 0) {
            budget.release(held);
            held = 0;
        }
    }

    /** The request body has been read to its end. */
    void bodyRead() {
        bodyDone = true;
    }

    /**
     * Whether the answer must close the connection because the request's body is not all read: what of it has
     * arrived is dropped first (at most {@link #DISCARD_LIMIT} bytes, without asking for a 100-continue body), and
     * only a body still on its way closes. Jetty would close over it after an answer that said nothing.
     */
    private boolean bodyPending() {
        HttpFields headers = request.getHeaders();
        if (bodyDone
                || headers.getLongField(HttpHeader.CONTENT_LENGTH) <= 0
                        && !headers.contains(HttpHeader.TRANSFER_ENCODING)) {
            return false;
        }
        if (headers.contains(HttpHeader.EXPECT)) {
            return true;
        }
        bodyDone = BodyReader.dropArrived(request, DISCARD_LIMIT);
        return !bodyDone;
    }

    void json(int status, Object value, Type type) throws IOException {
        releaseBudget();
        responder.json(request, response, callback, codec, status, value, type, bodyPending(), runNanos);
    }

    /** A 200 answer of JSON made before (the OpenAPI document), and its gzipped copy if the caller accepts one. */
    void encodedJson(byte[] json, Supplier<byte[]> gzipped) {
        releaseBudget();
        responder.encodedJson(request, response, callback, json, gzipped, bodyPending());
    }

    void page(byte[] bytes, String contentType) {
        releaseBudget();
        responder.page(request, response, callback, bytes, contentType, bodyPending());
    }

    void empty(int status) {
        releaseBudget();
        responder.empty(request, response, callback, status, runNanos, bodyPending());
    }

    /**
     * A one-way call's 202, before it runs: its decoded arguments live on in the call, so the budget it holds is
     * given back only when it has run ({@link #releaseBudget}).
     */
    void accepted() {
        responder.empty(request, response, callback, 202, runNanos, bodyPending());
    }

    /** Answers an error once the body has been read (or its reading failed). */
    void fail(CallError e) {
        releaseBudget();
        CallError answer = e.close || !bodyPending() ? e : new CallError(e.code, e.status(), e.getMessage(), true);
        responder.error(request, response, callback, codec, answer, runNanos);
    }

    /**
     * Answers {@code e}, a {@link CallError}, or else what no stage foresaw (a generic call's argument class that
     * fails to initialize) as a 500, logged: thrown on, it would leave the request unanswered, counted in flight
     * and holding its decode budget for good.
     */
    void fail(Throwable e, String service) {
        if (e instanceof CallError refusal) {
            fail(refusal);
            return;
        }
        String kind = service + " " + e.getClass().getName();
        if (SAID.first(kind)) {
            LOG.warn(
                    PROTOCOL_FAILED_RESPONSE,
                    "",
                    "",
                    "httpjson: a call to " + service + " could not be made (said once per service and kind of"
                            + " failure; later ones at DEBUG)",
                    e);
        } else if (LOG.isDebugEnabled()) {
            LOG.debug("httpjson: a call to " + service + " could not be made", e);
        }
        fail(new CallError(ErrorCode.SERVER_ERROR, "the call to " + service + " could not be made: " + e));
    }

    /**
     * Answers an error found before the body was read, reading and dropping a body of up to DISCARD_LIMIT bytes
     * (the payload limit plus that, for a 413) first. Jetty closes a connection whose request body was not read to
     * the end, after the answer has gone out without {@code Connection: close}: a pooling caller then sends its
     * next call into the closed connection. A larger body, or one the caller holds back until
     * {@code 100 Continue}, is not waited for: the answer goes at once and says the connection closes.
     */
    void refuse(CallError e, LongPredicate slow) {
        long maxDiscard = e.code == ErrorCode.PAYLOAD_TOO_LARGE ? payload + DISCARD_LIMIT : DISCARD_LIMIT;
        HttpFields headers = request.getHeaders();
        long length = headers.getLongField(HttpHeader.CONTENT_LENGTH);
        if (length == 0 || e.close || !request.getConnectionMetaData().isPersistent()) {
            // nothing to read, or the connection closes anyway: a body that cannot be trusted is not read
            fail(e);
        } else if (length > maxDiscard || headers.contains(HttpHeader.EXPECT, "100-continue")) {
            fail(new CallError(e.code, e.getMessage(), true));
        } else {
            // no Content-Length: chunked, read up to the cap
            BodyReader.discard(
                    request,
                    length < 0 ? maxDiscard : length,
                    slow,
                    () -> {
                        bodyDone = true;
                        fail(e);
                    },
                    () -> fail(new CallError(e.code, e.getMessage(), true)));
        }
    }
}
