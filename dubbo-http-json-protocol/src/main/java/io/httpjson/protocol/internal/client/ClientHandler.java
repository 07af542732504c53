package io.httpjson.protocol.internal.client;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import org.apache.dubbo.remoting.RemotingException;

/**
 * One connection's side of the exchange: sends a call's request, hands the response to the call's reader on the
 * caller's executor (the IO thread does no JSON), and gives the connection back to the pool first.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {

    private final ConnectionPool pool;
    private volatile Call current;
    private volatile Throwable lastError;

    ClientHandler(ConnectionPool pool) {
        this.pool = pool;
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
        if (!(msg instanceof FullHttpResponse)) {
            ReferenceCountUtil.release(msg);
            return;
        }
        FullHttpResponse response = (FullHttpResponse) msg;
        Call call = current;
        current = null;
        if (call == null) {
            response.release();
            ctx.close();
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(response);
        pool.release(ctx.channel(), keepAlive);
        if (!call.finish(() -> {
            try {
                Responses.read(call, response);
            } finally {
                response.release();
            }
        })) {
            response.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
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
}
