package io.httpjson.protocol.reliability;

import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.internal.client.HttpJsonInvoker;
import io.httpjson.protocol.internal.client.Ledger;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A reference that cannot be made (a version that is not printable ASCII, docs/protocol.md) takes no share of the
 * client of its provider address: once the references that were made are destroyed, the client closes and its
 * IO threads and timer are given back, however often the failing reference was tried.
 */
class FailedReferTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    @Test
    void aReferenceThatCannotBeMadeHoldsNoShareOfItsClient() throws Exception {
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {})) {
            HttpJsonInvoker<OnceService> made = consumer.refer(OnceService.class, fake.port(), "");
            HttpJsonClient client = made.client();
            int users = Ledger.resourceUsers(client);
            for (int i = 0; i < 3; i++) {
                Throwable e =
                        catchThrowable(() -> consumer.refer(OnceService.class, fake.port(), "version=1.0-\u00e9"));
                assertThat(e).as("the reference is refused").isInstanceOf(RpcException.class);
                assertThat(e).hasMessageContaining("version");
            }
            try (FakeProvider other = new FakeProvider((n, id, body, out) -> {})) {
                // an address no reference was made to yet: the client made for it closes again
                Throwable e = catchThrowable(() -> consumer.refer(OnceService.class, other.port(), "group=g\u00e9"));
                assertThat(e).isInstanceOf(RpcException.class).hasMessageContaining("group");
                assertThat(consumer.openConnectionsTo(other.port())).isZero();
            }
            assertThat(Ledger.resourceUsers(client))
                    .as("no new client holds the IO threads")
                    .isEqualTo(users);

            made.destroy();

            assertThat(client.isClosed())
                    .as("the last reference made is gone: its client closes")
                    .isTrue();
        }
    }
}
