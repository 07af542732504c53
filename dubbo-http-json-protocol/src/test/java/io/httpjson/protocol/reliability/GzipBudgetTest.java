package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static io.httpjson.protocol.reliability.AdmissionTest.SVC;
import static io.httpjson.protocol.reliability.AdmissionTest.assertErrorBody;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A small gzipped body that inflates to megabytes is held to the decode budget as it inflates: while other calls
 * hold the budget, it is refused before its buffers are made, so many such bodies at once cannot fill the heap.
 */
class GzipBudgetTest {

    private static final AdmissionLimitsTest.Gate GATE = new AdmissionLimitsTest.Gate();

    /** A decode budget of 16 KB: a held call of 8 KB leaves room for a gzipped body, not for what it inflates to. */
    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.decode-budget", "16384")
            .service(TestService.class, GATE)
            .build();

    private static final AdmissionLimitsTest.Gate SECOND_GATE = new AdmissionLimitsTest.Gate();

    /** The same budget, for a gzipped body that fits beside the held call. */
    @RegisterExtension
    static DubboServer second = DubboServer.builder()
            .param("httpjson.decode-budget", "16384")
            .service(TestService.class, SECOND_GATE)
            .build();

    /** Bytes allocated so far by every live thread of this JVM (the provider's threads among them). */
    private static long allocated() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sum = 0;
        for (long b : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(b, 0);
        }
        return sum;
    }

    /** A call of 8,003 bytes that holds them of the decode budget until {@code gate} opens; returns its answer. */
    private static CompletableFuture<RawHttp.Response> holdSlowCall(DubboServer on, AdmissionLimitsTest.Gate gate)
            throws InterruptedException {
        CompletableFuture<RawHttp.Response> held = CompletableFuture.supplyAsync(() -> {
            try {
                return RawHttp.exchange(on.port(), RawHttp.post(SVC + "slow", "[5" + " ".repeat(8000) + "]"));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(gate.entered.await(15, TimeUnit.SECONDS)).isTrue();
        return held;
    }

    @Test
    void aGzipBombIsRefusedBeforeItInflatesWhileTheBudgetIsHeld() throws Exception {
        CompletableFuture<RawHttp.Response> held = holdSlowCall(server, GATE);
        // 4 MiB of JSON (within the default payload of 8 MiB) in about 4 KB of gzip
        byte[] bomb = BadInputTest.gzip(("[\"" + "y".repeat(4 << 20) + "\"]").getBytes(StandardCharsets.UTF_8));
        byte[] request = RawHttp.post(SVC + "hello", bomb, "Content-Encoding: gzip");
        RawHttp.exchange(server.port(), request); // once first, so that what runs only once is not counted below
        long before = allocated();
        RawHttp.Response refused = RawHttp.exchange(server.port(), request);
        long used = allocated() - before;
        assertErrorBody(refused, 503, "OVERLOADED", "httpjson.decode-budget");
        assertThat(used)
                .as("bytes allocated while the provider refused a 4 MiB gzip bomb")
                .isLessThan(1 << 20);

        GATE.open.countDown();
        assertThat(held.get(15, TimeUnit.SECONDS).text()).isEqualTo("\"done 5\"");
        RawHttp.Response served = RawHttp.exchange(server.port(), request);
        assertThat(served.status()).as(served.toString()).isEqualTo(200);
        assertThat(served.text()).startsWith("\"Hello, yyy");
    }

    @Test
    void aGzippedBodyHoldsItsInflatedSizeNotTheBuffersItGrewThrough() throws Exception {
        CompletableFuture<RawHttp.Response> held = holdSlowCall(second, SECOND_GATE);
        // 8,003 bytes held and 8,204 of JSON fit in 16,384; the buffer doubled from four times the gzip's length
        // reached 16,384 bytes and did not, so the call was refused although the budget had room for its body
        byte[] json = ("[\"" + "y".repeat(8200) + "\"]").getBytes(StandardCharsets.UTF_8);
        RawHttp.Response served = RawHttp.exchange(
                second.port(), RawHttp.post(SVC + "hello", BadInputTest.gzip(json), "Content-Encoding: gzip"));
        assertThat(served.status()).as(served.toString()).isEqualTo(200);
        assertThat(served.text()).startsWith("\"Hello, yyy");
        SECOND_GATE.open.countDown();
        assertThat(held.get(15, TimeUnit.SECONDS).text()).isEqualTo("\"done 5\"");
    }
}
