package io.httpjson.protocol.internal.client;

import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketAddress;
import java.nio.channels.SelectionKey;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * A connect that succeeds after the closed pool's shutdown wait ran out: its channel is closed at once, before any
 * connection was bound to its handler. The handler must take that close quietly (it threw a NullPointerException,
 * which Netty logged as a WARN, and the close went no further down the pipeline), and the pool must end with no
 * connection counted. The real pool, Netty client and a listening socket; the channel only holds its connect back
 * until the wait has run out, as a provider slow to answer it would, and then completes it on the IO thread before
 * the deadline's own close comes there (the order of the race the test stands for).
 */
class LateConnectTest {

    @Test
    void aConnectThatSucceedsAfterTheShutdownWaitClosesQuietly() throws Exception {
        try (ServerSocket provider = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            HttpJsonClient client = new HttpJsonClient(URL.valueOf(
                    "httpjson://127.0.0.1:" + provider.getLocalPort() + "/x.Y?iothreads=3&httpjson.max-connections=1"));
            CountDownLatch dialing = new CountDownLatch(1);
            CountDownLatch inactiveWentOn = new CountDownLatch(1);
            client.pool.dialer.channels(() -> new NioSocketChannel() {
                @Override
                protected boolean doConnect(SocketAddress remote, SocketAddress local) throws Exception {
                    // last in the pipeline: sees the close only if every handler before passed it on
                    pipeline().addLast("watch", new ChannelInboundHandlerAdapter() {
                        @Override
                        public void channelInactive(ChannelHandlerContext ctx) {
                            inactiveWentOn.countDown();
                        }
                    });
                    dialing.countDown();
                    await().atMost(Duration.ofSeconds(10)).until(() -> expired(client.pool));
                    if (!super.doConnect(remote, local)) {
                        await().atMost(Duration.ofSeconds(10))
                                .until(() -> javaChannel().finishConnect());
                        selectionKey().interestOps(selectionKey().interestOps() & ~SelectionKey.OP_CONNECT);
                    }
                    return true;
                }
            });
            Call call = ConnectionTest.call();
            client.pool.acquire(call);
            assertThat(dialing.await(10, TimeUnit.SECONDS)).isTrue();

            CountDownLatch closed = new CountDownLatch(1);
            client.pool.close(
                    () -> {
                        closed.countDown();
                        client.resources.release();
                    },
                    1);

            assertThatThrownBy(() -> call.future.get(10, TimeUnit.SECONDS)).hasMessageContaining("was closed");
            assertThat(inactiveWentOn.await(10, TimeUnit.SECONDS))
                    .as("the late channel's close passed the call handler")
                    .isTrue();
            assertThat(closed.await(10, TimeUnit.SECONDS)).as("the pool ended").isTrue();
            assertThat(client.openConnections()).isZero();
        }
    }

    private static boolean expired(ConnectionPool pool) throws ReflectiveOperationException {
        Field f = ConnectionPool.class.getDeclaredField("closing");
        f.setAccessible(true);
        return ((Closing) f.get(pool)).isExpired();
    }
}
