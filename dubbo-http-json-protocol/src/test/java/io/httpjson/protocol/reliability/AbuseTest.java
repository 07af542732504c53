package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests that would make the provider spend far more than the caller did: each must be refused, or cost in
 * proportion, and the provider must go on serving others.
 */
class AbuseTest {

    static final String SVC = "/io.httpjson.protocol.api.TestService/";
    static final int THREADS = 4;

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("threads", Integer.toString(THREADS))
            .service(TestService.class, new TestServiceImpl())
            .build();

    /**
     * A one-way call is answered 202 before it runs, so the connection is free for the next: without a bound, one
     * connection pipelining a few KB of them would queue calls without end, each taking a thread in turn, while
     * other callers wait behind them. The provider holds at most {@code threads} one-way calls; beyond, 503.
     */
    @Test
    void oneConnectionCannotQueueOneWayCallsWithoutEnd() throws IOException {
        int sent = 40;
        ByteArrayOutputStream burst = new ByteArrayOutputStream();
        for (int i = 0; i < sent; i++) {
            burst.writeBytes(RawHttp.post(SVC + "slow", "[3000]", "Prefer: respond-async"));
        }
        int accepted = 0;
        int overloaded = 0;
        try (Socket s = RawHttp.connect(server.port())) {
            s.setSoTimeout(5_000);
            s.getOutputStream().write(burst.toByteArray());
            s.getOutputStream().flush();
            try {
                for (int i = 0; i < sent; i++) {
                    RawHttp.Response r = RawHttp.read(s.getInputStream());
                    if (r.status() == 202) {
                        accepted++;
                    } else if (r.status() == 503) {
                        assertThat(r.text()).contains("OVERLOADED").contains("one-way");
                        overloaded++;
                    }
                }
            } catch (SocketTimeoutException stalled) {
                // counted below: the provider stopped answering the burst
            }
            int held = server.httpJsonServer().inFlight();
            assertThat(accepted)
                    .as("one-way calls taken (%d refused)", overloaded)
                    .isLessThanOrEqualTo(THREADS);
            assertThat(accepted + overloaded).as("answers to the burst").isEqualTo(sent);
            assertThat(held).as("calls the provider holds").isLessThanOrEqualTo(THREADS + 1);
        }
        RawHttp.Response other = RawHttp.exchange(server.port(), RawHttp.post(SVC + "hello", "[\"x\"]"));
        assertThat(other.status()).as("%s", other).isEqualTo(200);
    }
}
