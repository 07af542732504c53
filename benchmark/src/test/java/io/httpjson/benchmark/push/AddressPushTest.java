package io.httpjson.benchmark.push;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The address-push scenario end to end for httpjson, tiny: 200 addresses pushed in two batches to a consumer in a
 * child JVM, then a scale-in to 100 and an empty push. Figures are not checked, only what must hold at any size:
 * no connection and no thread per address before the first call, and the scale-in applied.
 */
class AddressPushTest {
    private static final int N = 200;
    private static PushRun run;
    private static String out;

    @BeforeAll
    static void runOnce() {
        run = PushRun.of(N, "--histogram", "3");
        out = run.out;
    }

    @Test
    void completes() {
        assertThat(run.code).as(out + run.err).isZero();
        assertThat(out).doesNotContain("FAILED").contains("| figure | httpjson |");
        assertThat(run.cell("addresses pushed")).isEqualTo(N);
        assertThat(run.cell("invokers in the directory")).isEqualTo(N);
    }

    @Test
    void opensNoSocketBeforeTheFirstCall() {
        assertThat(run.cell("TCP sockets held before any call")).as(out).isZero();
        assertThat(run.cell("scale-in: TCP sockets / threads added", 0)).as(out).isZero();
    }

    @Test
    void startsNoThreadPerAddress() {
        assertThat(run.cell("threads started")).as(out).isLessThan(N / 4);
    }

    @Test
    void scaleInKeepsHalf() {
        assertThat(run.cell("scale-in: invokers in the directory")).as(out).isEqualTo(N / 2);
    }

    @Test
    void protocolLetsGoOfRemovedInvokers() {
        assertThat(run.cell("scale-in: invokers the protocol holds")).as(out).isEqualTo(N / 2);
        assertThat(run.cell("empty push: invokers the protocol holds")).as(out).isZero();
    }
}
