package io.httpjson.protocol.internal.client;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A client that cannot be made (a port above 65535) takes no share of the IO threads: it failed after taking one,
 * so the IO threads and timer outlived every client that was made. The real shared resources of {@code iothreads=7}
 * (DestroyedInvokerTest asks for it too: the test classes of a module run one after another).
 */
class FailedClientTest {

    @Test
    void aClientThatCannotBeMadeHoldsNoShareOfTheIoThreads() {
        ClientResources held = ClientResources.acquire(7);
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> new HttpJsonClient(URL.valueOf("httpjson://127.0.0.1:70000/x.Y?iothreads=7")))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("70000");
        }

        held.release();

        assertThat(held.group.isShuttingDown())
                .as("the last share given back: the IO threads stop")
                .isTrue();
    }
}
