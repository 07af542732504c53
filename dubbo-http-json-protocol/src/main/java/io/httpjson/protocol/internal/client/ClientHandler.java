package io.httpjson.protocol.internal.client;

import java.util.ArrayDeque;

import io.httpjson.protocol.internal.ServerTiming;
import io.httpjson.protocol.internal.Tls;
import io.httpjson.protocol.internal.Wire;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import org.apache.dubbo.remoting.RemotingException;

/**
 * One connection's side of the exchange: sends calls' requests (one at a time, or several in flight when the pool
 * pipelines short calls, {@code httpjson.pipelining}), gathers each response body into a byte array (the only work
 * the IO thread does with it), notes the provider's {@code Server-Timing} for the method's pace, gives the
 * connection back to the pool, and hands the response to the call's reader on the caller's executor (JSON and
 * gzip are decoded there).
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {

    /** Header names with their hash worked out once: looked up in every response. */
    private static final AsciiString SERVER_TIMING = AsciiString.cached(ServerTiming.HEADER);
    private static final AsciiString ATTACHMENTS = AsciiString.cached(Wire.ATTACHMENTS);

    private final ConnectionPool pool;
    private final int maxBody;
    private final boolean pipelined;
    /** Calls sent and not yet answered, oldest first (IO thread only): responses come back in this order. */
    private final ArrayDeque<Call> inFlight = new ArrayDeque<>(4);
    /** Calls the pool has given this connection and not yet taken back (guarded by the pool). */
    int assigned;
    /** Of those, the calls not known to be short (guarded by the pool): while there is one, nothing joins. */
    int unpaced;
    /** Provider time the assigned short calls are expected to take, together (guarded by the pool). */
    long expectedNanos;
    private boolean flushPending;
    private volatile Throwable lastError;

    /** The response being gathered (IO thread only). */
    private int status;
    private String attachments;
    private boolean gzipped;
    private boolean keepAlive;
    private long serverNanos;
    private byte[] body;
    private int size;
    private boolean skipping;

    ClientHandler(ConnectionPool pool, int maxBody, int pipelining) {
        this.pool = pool;
        this.maxBody = maxBody;
        this.pipelined = pipelining > 1;
    }

    /** Counts a call the pool gives this connection (called by the pool, holding its lock). */
    void assign(Call call, long paceNanos) {
        assigned++;
        call.expectedNanos = paceNanos;
        if (paceNanos < 0) {
            unpaced++;
        } else {
            expectedNanos += paceNanos;
        }
    }

    /** Takes back what {@link #assign} counted (called by the pool, holding its lock). */
    void unassign(Call call) {
        assigned--;
        if (call.expectedNanos < 0) {
            unpaced--;
        } else {
            expectedNanos -= call.expectedNanos;
        }
    }

    /** Notes that the response has begun, so a failure after this point is never retried. */
    ChannelHandler readMarker() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                Call c = inFlight.peek();
                if (c != null) {
                    c.responseStarted = true;
                }
                ctx.fireChannelRead(msg);
            }
        };
    }

    /** True if the call was sent on this connection and is not answered yet (IO thread only). */
    boolean isInFlight(Call call) {
        return inFlight.contains(call);
    }

    /** Sends the call's request; the request is queued and written on the IO thread, in the order of sending. */
    void send(Call call, Channel ch, boolean reused) {
        call.channel = ch;
        call.reusedConnection = reused;
        call.responseStarted = false;
        if (ch.eventLoop().inEventLoop()) {
            write(call, ch);
        } else {
            ch.eventLoop().execute(() -> write(call, ch));
        }
    }

    private void write(Call call, Channel ch) {
        if (!ch.isActive()) {
            closedBeforeResponse(ch, call, call.reusedConnection);
            return;
        }
        inFlight.add(call);
        ChannelFutureListener listener = f -> {
            if (!f.isSuccess()) {
                lastError = f.cause();
                ch.close();
            } else if (call.oneway) {
                call.finish(() -> call.future.complete(new org.apache.dubbo.rpc.AppResponse(call.invocation)));
            }
        };
        if (!pipelined) {
            ch.writeAndFlush(call.request.retainedDuplicate()).addListener(listener);
            return;
        }
        // requests queued meanwhile go out with one flush, so one system call carries several of them
        ch.write(call.request.retainedDuplicate()).addListener(listener);
        if (!flushPending) {
            flushPending = true;
            ch.eventLoop().execute(() -> {
                flushPending = false;
                ch.flush();
            });
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof HttpObject && ((HttpObject) msg).decoderResult().isFailure()) {
                lastError = ((HttpObject) msg).decoderResult().cause();
                ctx.close();
                return;
            }
            if (msg instanceof HttpResponse) {
                begin(ctx, (HttpResponse) msg);
            }
            if (msg instanceof HttpContent && !skipping && body != null) {
                append(ctx, ((HttpContent) msg).content());
                if (msg instanceof LastHttpContent && body != null) {
                    complete(ctx);
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
        if (code >= 100 && code < 200) {
            // an interim response (100 Continue and the like): the real one follows
            skipping = true;
            return;
        }
        if (inFlight.isEmpty()) {
            // nobody asked for this: the connection is out of step, so it cannot be trusted
            ctx.close();
            return;
        }
        HttpHeaders headers = response.headers();
        long length = HttpUtil.getContentLength(response, -1L);
        if (length > maxBody) {
            lastError = new IllegalStateException("the response announces " + length + " bytes, more than the"
                    + " payload limit of " + maxBody + " bytes (Dubbo 'payload' setting)");
            ctx.close();
            return;
        }
        String encoding = headers.get(HttpHeaderNames.CONTENT_ENCODING);
        if (encoding != null && !encoding.equalsIgnoreCase("identity") && !encoding.equalsIgnoreCase("gzip")) {
            lastError = new IllegalStateException("the response is encoded as '" + encoding + "' (expected: gzip or"
                    + " none)");
            ctx.close();
            return;
        }
        status = code;
        attachments = headers.get(ATTACHMENTS);
        gzipped = encoding != null && encoding.equalsIgnoreCase("gzip");
        keepAlive = HttpUtil.isKeepAlive(response);
        serverNanos = ServerTiming.parse(headers.get(SERVER_TIMING));
        body = new byte[(int) (length >= 0 ? length : 1024)];
        size = 0;
    }

    private void append(ChannelHandlerContext ctx, ByteBuf content) {
        int n = content.readableBytes();
        if (n == 0) {
            return;
        }
        if ((long) size + n > maxBody) {
            body = null;
            lastError = new IllegalStateException("the response is larger than the payload limit of " + maxBody
                    + " bytes (Dubbo 'payload' setting)");
            ctx.close();
            return;
        }
        if (size + n > body.length) {
            body = java.util.Arrays.copyOf(body, (int) Math.min(maxBody, Math.max(size + n, body.length * 2L)));
        }
        content.getBytes(content.readerIndex(), body, size, n);
        size += n;
    }

    private void complete(ChannelHandlerContext ctx) {
        Call call = inFlight.poll();
        ResponseData data = new ResponseData(status, attachments, gzipped, body, size);
        body = null;
        attachments = null;
        if (call != null) {
            call.pace.record(serverNanos);
        }
        pool.release(ctx.channel(), call, keepAlive);
        if (call != null) {
            call.finish(() -> Responses.read(call, data, maxBody));
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        body = null;
        // the oldest call may be retried when the server closed a kept-alive connection before it saw the
        // request; calls pipelined behind it are failed (Dubbo's cluster decides about retrying them), since
        // something between us and the provider may have started them already
        Call head = inFlight.poll();
        if (head != null) {
            closedBeforeResponse(ctx.channel(), head, head.reusedConnection && !head.responseStarted);
        }
        Call next;
        while ((next = inFlight.poll()) != null) {
            closedBeforeResponse(ctx.channel(), next, false);
        }
        ctx.fireChannelInactive();
    }

    private void closedBeforeResponse(Channel ch, Call call, boolean mayRetry) {
        if (call.isDone()) {
            return;
        }
        if (mayRetry && !call.retried) {
            pool.retry(call);
            return;
        }
        Throwable cause = lastError;
        if (cause != null && ClientTls.isTlsFailure(cause)) {
            call.fail(new RemotingException(local(ch), pool.remote(), "httpjson: TLS with " + pool.remote().getHostString()
                    + ":" + pool.remote().getPort() + " failed: " + ClientTls.describe(cause) + ". This consumer speaks"
                    + " TLS because Dubbo gave it a client certificate (dubbo.ssl.client-*): check that the provider"
                    + " serves TLS (dubbo.ssl.server-*), that its certificate chains to"
                    + " client-trust-cert-collection-path, and that it trusts this consumer's certificate"
                    + " (server-trust-cert-collection-path); see " + Wire.HELP + "#tls-failed", cause));
            return;
        }
        call.fail(new RemotingException(local(ch), pool.remote(), "httpjson: connection to " + pool.remote()
                + " closed before the response" + (cause != null ? ": " + cause : ""), cause));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        lastError = cause;
        ctx.close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && inFlight.isEmpty()) {
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    private static java.net.InetSocketAddress local(Channel ch) {
        return ch.localAddress() instanceof java.net.InetSocketAddress
                ? (java.net.InetSocketAddress) ch.localAddress() : null;
    }

    /** A whole response, handed from the IO thread to the caller's thread. */
    static final class ResponseData {
        final int status;
        final String attachments;
        final boolean gzipped;
        final byte[] body;
        final int size;

        ResponseData(int status, String attachments, boolean gzipped, byte[] body, int size) {
            this.status = status;
            this.attachments = attachments;
            this.gzipped = gzipped;
            this.body = body;
            this.size = size;
        }
    }
}
