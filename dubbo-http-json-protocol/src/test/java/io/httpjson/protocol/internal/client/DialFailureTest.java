package io.httpjson.protocol.internal.client;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.netty.channel.ChannelException;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A connect whose socket cannot even be made (no file descriptor left: Netty fails it before any event loop has the
 * channel, and such a channel never closes) kept its place in the pool for good: once as many had failed as the
 * limit allows, every later call waited in line until its timeout, and the pool never finished closing. The real
 * pool and Netty's bootstrap; only the making of the socket fails, as the system makes it fail.
 */
class DialFailureTest {

    /** Nothing listens on port 1 of the loopback address: a socket that is made is refused there. */
    private final HttpJsonClient client =
            new HttpJsonClient(URL.valueOf("httpjson://127.0.0.1:1/x.Y?httpjson.max-connections=1"));

    @AfterEach
    void release() {
        client.release();
    }

    @Test
    void aSocketThatCannotBeMadeFailsItsCallAndGivesItsPlaceBack() throws Exception {
        client.pool.dialer.channels(() -> {
            throw new ChannelException("Too many open files");
        });
        for (int i = 0; i < 3; i++) {
            Call call = ConnectionTest.call();
            client.pool.acquire(call);
            assertThat(call.future)
                    .as("call %d fails at once, not at its timeout", i)
                    .isCompletedExceptionally();
            assertThatThrownBy(call.future::join)
                    .hasMessageContaining("cannot connect to /127.0.0.1:1")
                    .hasMessageContaining("Too many open files");
            assertThat(client.openConnections())
                    .as("connections open after call %d", i)
                    .isZero();
            assertThat(client.waitingCalls()).isZero();
        }

        // sockets can be made again: the next call opens one (refused: nothing listens), it does not wait in line
        client.pool.dialer.channels(NioSocketChannel::new);
        Call call = ConnectionTest.call();
        client.pool.acquire(call);
        assertThat(client.waitingCalls()).as("calls waiting for a place").isZero();
        assertThatThrownBy(() -> call.future.get(10, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .hasMessageContaining("cannot connect to /127.0.0.1:1")
                .hasMessageContaining("refused");
    }
}
