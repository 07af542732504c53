package io.httpjson.protocol.internal.client;

import io.httpjson.protocol.internal.Wire;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
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
import io.netty.util.ReferenceCountUtil;
import org.apache.dubbo.remoting.RemotingException;

/**
 * One connection's side of the exchange: sends a call's request, gathers the response body into a byte array
 * (the only work the IO thread does with it), gives the connection back to the pool, and hands the response to
 * the call's reader on the caller's executor (JSON and gzip are decoded there).
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {

    private final ConnectionPool pool;
    private final int maxBody;
    private volatile Call current;
    private volatile Throwable lastError;

    /** The response being gathered (IO thread only). */
    private int status;
    private String attachments;
    private boolean gzipped;
    private boolean keepAlive;
    private byte[] body;
    private int size;
    private boolean skipping;

    ClientHandler(ConnectionPool pool, int maxBody) {
        this.pool = pool;
        this.maxBody = maxBody;
    }

    /** Notes that the response has begun, so a failure after this point is never retried. */
    ChannelHandler readMarker() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                Call c = current;
                if (c != null) {
                    c.responseStarted = true;
                }
                ctx.fireChannelRead(msg);
            }
        };
    }

    boolean isCurrent(Call call) {
        return current == call;
    }

    void send(Call call, Channel ch, boolean reused) {
        call.channel = ch;
        call.reusedConnection = reused;
        call.responseStarted = false;
        current = call;
        ch.writeAndFlush(call.request.retainedDuplicate()).addListener(f -> {
            if (!f.isSuccess()) {
                lastError = f.cause();
                ch.close();
            } else if (call.oneway) {
                call.finish(() -> call.future.complete(new org.apache.dubbo.rpc.AppResponse(call.invocation)));
            }
        });
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
        if (current == null) {
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
        attachments = headers.get(Wire.ATTACHMENTS);
        gzipped = encoding != null && encoding.equalsIgnoreCase("gzip");
        keepAlive = HttpUtil.isKeepAlive(response);
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
        Call call = current;
        current = null;
        ResponseData data = new ResponseData(status, attachments, gzipped, body, size);
        body = null;
        attachments = null;
        pool.release(ctx.channel(), keepAlive);
        if (call != null) {
            call.finish(() -> Responses.read(call, data, maxBody));
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        body = null;
        Call call = current;
        current = null;
        if (call != null && !call.isDone()) {
            if (call.reusedConnection && !call.responseStarted && !call.retried) {
                // the server closed a kept-alive connection before it saw this request: send it again
                pool.retry(call);
            } else {
                Throwable cause = lastError;
                call.fail(new RemotingException(local(ctx.channel()), pool.remote(),
                        "httpjson: connection to " + pool.remote() + " closed before the response"
                                + (cause != null ? ": " + cause : ""), cause));
            }
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        lastError = cause;
        ctx.close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent && current == null) {
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
