package io.httpjson.benchmark.push;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The address-push scenario at application level ({@code --mode application}: the 'push' ServiceDiscovery, one
 * provider application whose metadata revision maps to BenchmarkService over httpjson), tiny: 200 instances
 * pushed in two batches to a consumer in a child JVM, then a scale-in to 100 and an empty push. Only what must
 * hold at any size: every instance becomes an invoker, no connection before the first call, the scale-in applied.
 */
class ApplicationAddressPushTest {
    private static final int N = 200;
    private static PushRun run;
    private static String out;

    @BeforeAll
    static void runOnce() {
        run = PushRun.of(N, "--mode", "application", "--histogram", "0");
        out = run.out;
    }

    @Test
    void completesAtApplicationLevel() {
        assertThat(run.code).as(out + run.err).isZero();
        assertThat(out)
                .doesNotContain("FAILED")
                .contains("| figure | httpjson |")
                .contains("| discovery level | application |");
        assertThat(run.cell("addresses pushed")).isEqualTo(N);
    }

    @Test
    void everyInstanceBecomesAnInvoker() {
        assertThat(run.cell("invokers in the directory")).as(out).isEqualTo(N);
        assertThat(run.cell("invokers the protocol holds")).as(out).isEqualTo(N);
    }

    @Test
    void opensNoSocketBeforeTheFirstCall() {
        assertThat(run.cell("TCP sockets held before any call")).as(out).isZero();
        assertThat(run.cell("scale-in: TCP sockets / threads added", 0)).as(out).isZero();
    }

    @Test
    void scaleInKeepsHalf() {
        assertThat(run.cell("scale-in: invokers in the directory")).as(out).isEqualTo(N / 2);
        assertThat(run.cell("scale-in: invokers the protocol holds")).as(out).isEqualTo(N / 2);
        assertThat(run.cell("empty push: invokers the protocol holds")).as(out).isZero();
    }
}
