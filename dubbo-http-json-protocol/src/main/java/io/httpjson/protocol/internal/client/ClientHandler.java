package io.httpjson.protocol.internal.client;

import java.util.Arrays;
import javax.net.ssl.SSLException;

import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.internal.ServerTiming;
import io.httpjson.protocol.internal.Wire;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.ssl.SslCloseCompletionEvent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;

/**
 * Reads one connection's responses on its IO thread: checks that each answers the oldest request in flight (its
 * {@code Dubbo-Request-Id}), gathers the body into a byte array that grows with what arrives (never sized by what
 * is announced), and hands the whole response to its {@link Connection}. Anything out of step, oversized or
 * undecodable closes the connection, which fails the calls on it.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {

    /** Header names with their hash worked out once: looked up in every response. */
    private static final AsciiString SERVER_TIMING = AsciiString.cached(ServerTiming.HEADER);

    private static final AsciiString ATTACHMENTS = AsciiString.cached(Wire.ATTACHMENTS);
    private static final AsciiString REQUEST_ID = AsciiString.cached(Wire.REQUEST_ID);
    private static final AsciiString KEEP_ALIVE = AsciiString.cached("Keep-Alive");
    private static final AsciiString READ_ONLY = AsciiString.cached(Wire.READ_ONLY);
    /** The most a body buffer starts with; it doubles as data comes, up to the payload limit. */
    private static final int INITIAL_BODY = 16 * 1024;

    private final int maxBody;
    private Connection connection;

    /** The response being gathered (IO thread only). */
    private int status;

    private String attachments;
    private boolean gzipped;
    /** A content encoding other than gzip or identity, or null. */
    private String unreadable;

    private boolean intermediary;
    private boolean keepAlive;
    private boolean closeAnnounced;
    private boolean readOnly;
    private long keepAliveNanos;
    private long serverNanos;
    private byte[] body;
    /** The body ends with the connection (no Content-Length, not chunked). */
    private boolean closeDelimited;

    private int size;
    private boolean skipping;

    ClientHandler(int maxBody) {
        this.maxBody = maxBody;
    }

    /** Set once, when the connect succeeds; never for one after a closed pool's shutdown wait (closed at once). */
    void bind(Connection connection) {
        this.connection = connection;
    }

    /** The connection, once bound (IO thread). */
    Connection connection() {
        return connection;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpObject && ((HttpObject) msg).decoderResult().isFailure()) {
                fail(ctx, ((HttpObject) msg).decoderResult().cause());
                return;
            }
            if (msg instanceof HttpResponse) {
                begin(ctx, (HttpResponse) msg);
            }
            if (msg instanceof HttpContent && !skipping && body != null) {
                append(ctx, ((HttpContent) msg).content());
                if (msg instanceof LastHttpContent && body != null) {
                    complete();
                }
            } else if (msg instanceof LastHttpContent) {
                skipping = false;
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void begin(ChannelHandlerContext ctx, HttpResponse response) {
        int code = response.status().code();
        if (code == 101) {
            fail(
                    ctx,
                    new IllegalStateException(
                            "the provider switched protocols (HTTP 101), which httpjson never" + " asks for"));
            return;
        }
        if (code >= 100 && code < 200) {
            // an interim response: the real one follows
            skipping = true;
            return;
        }
        long expected = connection.expectedId();
        HttpHeaders headers = response.headers();
        String id = headers.get(REQUEST_ID);
        long timing = ServerTiming.parse(headers.get(SERVER_TIMING));
        // a provider of httpjson 0.1.0 echoes no id, but times every call it read (no proxy's own page does): its
        // answer is the oldest request's, as HTTP/1.1 orders answers (behind a gateway, beside newer providers too)
        boolean unnumbered = id == null && expected != 0 && timing >= 0;
        // an error without the id: a proxy or gateway between answered the oldest request itself (nginx's 502, 504,
        // 400, ...; HTTP/1.1 answers in order). It can only fail that call, never give it a value, so it is taken
        // as that call's answer, and the connection stays in step for the requests behind it
        boolean intermediary = id == null && expected != 0 && code >= 300 && !unnumbered;
        if (!intermediary && !unnumbered && (expected == 0 || id == null || !id.equals(Long.toString(expected)))) {
            // an answer nobody asked for, to another request, or from something that is not an httpjson provider:
            // the connection is out of step, so no response on it can be trusted
            fail(
                    ctx,
                    new IllegalStateException(
                            "HTTP " + code + " answered " + (id == null ? "no request" : "request " + id) + " where "
                                    + (expected == 0 ? "no request was in flight" : "request " + expected + " was due")
                                    + " (" + Wire.REQUEST_ID + "; is this an httpjson provider?)"));
            return;
        }
        long length = HttpUtil.getContentLength(response, -1L);
        if (length > maxBody) {
            fail(
                    ctx,
                    new IllegalStateException("the response announces " + length + " bytes, more than the"
                            + " payload limit of " + maxBody + " bytes (Dubbo 'payload' setting)"));
            return;
        }
        String encoding = headers.get(HttpHeaderNames.CONTENT_ENCODING);
        // an encoding the consumer cannot read (a gateway's br) does not put the connection out of step: the body is
        // framed as any other, and the call ends with a serialization error (it ran; a network error would be retried)
        // x-gzip is gzip (RFC 9110, 8.4.1.3)
        boolean gzip = encoding != null && (encoding.equalsIgnoreCase("gzip") || encoding.equalsIgnoreCase("x-gzip"));
        unreadable = encoding != null && !gzip && !encoding.equalsIgnoreCase("identity") ? encoding : null;
        status = code;
        this.intermediary = intermediary;
        attachments = intermediary ? null : Attachments.withTraceHeaders(headers.get(ATTACHMENTS), headers::get);
        gzipped = gzip;
        keepAlive = HttpUtil.isKeepAlive(response);
        // only the "close" option proves the requests behind were not processed (RFC 9112 9.6); an HTTP/1.0 answer
        // without keep-alive closes the connection too, but says nothing about them
        closeAnnounced = headers.containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE, true);
        // only with the close: a gateway that passes one backend's answer on keeps its connection
        readOnly = closeAnnounced && !intermediary && headers.containsValue(READ_ONLY, "true", true);
        keepAliveNanos = keepAliveTimeout(headers.get(KEEP_ALIVE));
        serverNanos = timing;
        body = new byte[(int) (length >= 0 ? Math.min(length, INITIAL_BODY) : 1024)];
        closeDelimited = length < 0 && !HttpUtil.isTransferEncodingChunked(response) && code != 204 && code != 304;
        size = 0;
    }

    /** The {@code timeout=N} (seconds) of a {@code Keep-Alive} header, in nanoseconds, or -1. */
    static long keepAliveTimeout(String header) {
        if (header == null) {
            return -1;
        }
        for (String part : header.split(",")) {
            String p = part.trim();
            if (p.regionMatches(true, 0, "timeout=", 0, 8)) {
                try {
                    long seconds = Long.parseLong(p.substring(8).trim());
                    return seconds >= 0 && seconds < 1_000_000 ? seconds * 1_000_000_000L : -1;
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    private void append(ChannelHandlerContext ctx, ByteBuf content) {
        int n = content.readableBytes();
        if (n == 0) {
            return;
        }
        if ((long) size + n > maxBody) {
            fail(
                    ctx,
                    new IllegalStateException("the response is larger than the payload limit of " + maxBody
                            + " bytes (Dubbo 'payload' setting)"));
            return;
        }
        if (size + n > body.length) {
            body = Arrays.copyOf(body, (int) Math.min(maxBody, Math.max(size + n, body.length * 2L)));
        }
        content.getBytes(content.readerIndex(), body, size, n);
        size += n;
    }

    private void complete() {
        closeDelimited = false;
        ResponseData data = new ResponseData(
                status, attachments, gzipped, body, size, intermediary, unreadable, closeAnnounced, readOnly);
        body = null;
        attachments = null;
        connection.pool.dialer.reachability.answered(data);
        connection.responded(data, keepAlive, keepAliveNanos, serverNanos);
    }

    private void fail(ChannelHandlerContext ctx, Throwable cause) {
        body = null;
        closeDelimited = false;
        if (connection != null) {
            connection.noteError(cause);
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        body = null;
        // unbound: a connect that succeeded after the closed pool's shutdown wait, closed at once, carried nothing
        if (connection != null) {
            connection.closed();
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        fail(ctx, cause);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && connection.isIdle()) {
            ctx.close();
            return;
        }
        if (evt instanceof SslCloseCompletionEvent && !((SslCloseCompletionEvent) evt).isSuccess() && closeDelimited) {
            // TLS closed without close_notify while a body ended by the close was read: it may be cut short, and
            // is then not complete (RFC 9112 9.8), so the bytes so far are no answer
            fail(
                    ctx,
                    new SSLException("the response, ended by the connection's close, ended without TLS"
                            + " close_notify: it may have been cut short"));
        }
        ctx.fireUserEventTriggered(evt);
    }

    /** A whole response, handed from the IO thread to the caller's thread. */
    static final class ResponseData {
        final int status;
        final String attachments;
        final boolean gzipped;
        final byte[] body;
        final int size;
        /** Answered by something between the consumer and the provider (no {@code Dubbo-Request-Id}): an error. */
        final boolean intermediary;

        /** A content encoding the consumer cannot decode, or null. */
        final String unreadable;
        /** It said {@code Connection: close}: the requests behind it were not processed (RFC 9112, 9.6). */
        final boolean closeAnnounced;
        /** The provider said it is read-only ({@link Wire#READ_ONLY}, with the close). */
        final boolean readOnly;

        ResponseData(
                int status,
                String attachments,
                boolean gzipped,
                byte[] body,
                int size,
                boolean intermediary,
                String unreadable,
                boolean closeAnnounced,
                boolean readOnly) {
            this.unreadable = unreadable;
            this.closeAnnounced = closeAnnounced;
            this.readOnly = readOnly;
            this.intermediary = intermediary;
            this.status = status;
            this.attachments = attachments;
            this.gzipped = gzipped;
            this.body = body;
            this.size = size;
        }
    }
}
