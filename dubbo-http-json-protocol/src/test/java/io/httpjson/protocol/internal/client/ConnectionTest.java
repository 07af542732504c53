package io.httpjson.protocol.internal.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.EventLoop;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalServerChannel;
import io.netty.util.ReferenceCountUtil;
import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * How a connection lets go of a timed-out call. If it was the last call anybody waited for on the connection, the
 * connection closes; until the close is carried out a late response may still be read on it, and the connection
 * must not take a call then: its request would be cut off before it left and fail as if it might have run. And the
 * timer's thread only hands the call over: the connection's IO thread lets it go, in turn with the responses it
 * reads and the requests it writes.
 */
class ConnectionTest {

    /** Holds back the channel's close, as if it were still queued for the IO thread. */
    private static final class HeldClose extends ChannelOutboundHandlerAdapter {
        boolean hold = true;
        boolean asked;

        @Override
        public void close(ChannelHandlerContext ctx, ChannelPromise promise) throws Exception {
            if (hold) {
                asked = true;
            } else {
                super.close(ctx, promise);
            }
        }
    }

    private final HeldClose heldClose = new HeldClose();
    private final EmbeddedChannel channel = new EmbeddedChannel(heldClose);
    private final HttpJsonClient client =
            new HttpJsonClient(URL.valueOf("httpjson://127.0.0.1:1/x.Y?httpjson.max-connections=1"));

    @AfterEach
    void close() {
        heldClose.hold = false;
        channel.finishAndReleaseAll();
        client.release();
    }

    /** A call of no method with a 100 ms timeout, completed on the thread that ends it. */
    static Call call() {
        return call(false);
    }

    /**
     * The same, one-way if asked (its answer ends it, whatever the answer says: no codec needed). Its request names
     * its id, for a server that answers it.
     */
    static Call call(boolean oneway) {
        long id = Call.nextId();
        ByteBuf request =
                Unpooled.copiedBuffer("POST /x.Y/m HTTP/1.1\r\nDubbo-Request-Id: " + id + "\r\n\r\n", US_ASCII);
        return new Call(
                id, request, null, null, null, new Pace(), new CompletableFuture<>(), Runnable::run, 100, oneway);
    }

    /** The close is held back by a handler, so the window stays open for as long as the test needs. */
    @Test
    void aConnectionClosingForItsLastTimedOutCallTakesNoCallWhenTheLateResponseComes() {
        Connection c = new Connection(client.pool, channel);
        Call late = call();
        c.assign(late, -1);
        c.send(late);
        channel.runPendingTasks();
        ByteBuf written = channel.readOutbound();
        assertThat(written).as("the request was written").isNotNull();
        written.release();

        assertThat(late.fail(new IllegalStateException("timed out"))).isTrue();
        c.abandon(late);
        assertThat(heldClose.asked)
                .as("nobody waits for anything on it: it closes")
                .isTrue();
        assertThat(channel.isActive())
                .as("the close has not been carried out yet")
                .isTrue();

        // the late response is read before the close is carried out
        c.responded(
                new ClientHandler.ResponseData(200, null, false, new byte[0], 0, false, null, false, false),
                true,
                -1,
                0);

        assertThat(c.usable())
                .as("a connection on its way to close takes no call")
                .isFalse();
        assertThat(client.pool.idleConnections())
                .as("nor is it kept idle for the next call")
                .isZero();
        assertThat(c.nobodyWaiting()).isTrue();
    }

    /**
     * An answer without keep-alive (HTTP/1.0, or {@code Connection: close}) leaves the connection closing; a call
     * assigned to it before then finds it so at its turn and goes elsewhere. If the only call left on it is one whose
     * caller gave up, nobody waits for anything on it any more, and it closes then: it used to wait for that late
     * answer, which a provider may never send, and kept its place in the pool meanwhile.
     */
    @Test
    void aClosingConnectionLeftWithOnlyAnAbandonedCallCloses() {
        Connection c = new Connection(client.pool, channel);
        Call answered = call(true);
        Call abandoned = call();
        Call neverLeft = call();
        for (Call call : new Call[] {answered, abandoned}) {
            c.assign(call, -1);
            c.send(call);
        }
        channel.runPendingTasks();
        for (ByteBuf written; (written = channel.readOutbound()) != null; ) {
            written.release();
        }
        assertThat(abandoned.fail(new IllegalStateException("timed out"))).isTrue();
        c.abandon(abandoned);
        c.assign(neverLeft, -1);
        assertThat(heldClose.asked).as("a call still waits: it stays open").isFalse();

        // the first answer says the connection closes after it; the call assigned meanwhile has its turn after that
        c.responded(
                new ClientHandler.ResponseData(200, null, false, new byte[0], 0, false, null, false, false),
                false,
                -1,
                0);
        assertThat(heldClose.asked).isFalse();
        c.send(neverLeft);

        assertThat(neverLeft.resends)
                .as("its request never left: it goes out elsewhere")
                .isEqualTo(1);
        assertThat(heldClose.asked)
                .as("only the abandoned call is left on it: nobody waits, it closes")
                .isTrue();
    }

    /**
     * A call given up on the timer's thread is let go on its connection's IO thread, after what is already queued
     * there: the pool, on the IO thread, may have found the connection usable and be giving it a waiting call, and a
     * close decided meanwhile would cut that call's request off before it left. Real event loop, in-memory channel.
     */
    @Test
    void aCallGivenUpOnTheTimersThreadIsLetGoOnTheIoThread() throws Exception {
        DefaultEventLoopGroup group = new DefaultEventLoopGroup(1);
        LocalAddress address = new LocalAddress("connection-test");
        Channel server = new ServerBootstrap()
                .group(group)
                .channel(LocalServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        ReferenceCountUtil.release(msg);
                    }
                })
                .bind(address)
                .sync()
                .channel();
        try {
            Channel ch = new Bootstrap()
                    .group(group)
                    .channel(LocalChannel.class)
                    .handler(new ChannelInboundHandlerAdapter())
                    .connect(address)
                    .sync()
                    .channel();
            EventLoop io = ch.eventLoop();
            Connection c = new Connection(client.pool, ch);
            Call late = call();
            c.assign(late, -1);
            c.send(late);
            io.submit(() -> {}).sync();

            CountDownLatch busy = new CountDownLatch(1);
            CountDownLatch go = new CountDownLatch(1);
            io.execute(() -> {
                // the IO thread busy with what was queued before (not a sleep: the test lets it go)
                busy.countDown();
                try {
                    go.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
            late.fail(new IllegalStateException("timed out"));
            c.abandon(late);
            assertThat(c.usable())
                    .as("nothing changes before the IO thread gets to it")
                    .isTrue();
            assertThat(ch.isActive()).isTrue();

            go.countDown();
            ch.closeFuture().await(10, TimeUnit.SECONDS);
            assertThat(ch.isActive())
                    .as("then nobody waits for anything on it: it closes")
                    .isFalse();
            assertThat(c.usable()).isFalse();
        } finally {
            server.close().sync();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
        }
    }
}
