package io.httpjson.benchmark.push;

import io.httpjson.benchmark.Main;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The address-push scenario at application level ({@code --mode application}: the 'push' ServiceDiscovery, one
 * provider application whose metadata revision maps to BenchmarkService over httpjson), tiny: 200 instances
 * pushed in two batches to a consumer in a child JVM, then a scale-in to 100 and an empty push. Only what must
 * hold at any size: every instance becomes an invoker, no connection before the first call, the scale-in applied.
 */
class ApplicationAddressPushTest {
    private static final int N = 200;
    private static int code;
    private static String out;
    private static String err;

    @BeforeAll
    static void runOnce() {
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        code = Main.run(new PrintWriter(o), new PrintWriter(e), "address-push", "--mode", "application",
                "--addresses", Integer.toString(N), "--batch", "100", "--configs", "httpjson", "--histogram", "0",
                "--max-seconds", "300", "--jvm-args=-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1");
        out = o.toString();
        err = e.toString();
    }

    @Test
    void completesAtApplicationLevel() {
        assertThat(code).as(out + err).isZero();
        assertThat(out).doesNotContain("FAILED").contains("| figure | httpjson |")
                .contains("| discovery level | application |");
        assertThat(cell("addresses pushed")).isEqualTo(N);
    }

    @Test
    void everyInstanceBecomesAnInvoker() {
        assertThat(cell("invokers in the directory")).as(out).isEqualTo(N);
        assertThat(cell("invokers the protocol holds")).as(out).isEqualTo(N);
    }

    @Test
    void opensNoSocketBeforeTheFirstCall() {
        assertThat(cell("TCP sockets held before any call")).as(out).isZero();
        assertThat(cell("scale-in: TCP sockets / threads added", 0)).as(out).isZero();
    }

    @Test
    void scaleInKeepsHalf() {
        assertThat(cell("scale-in: invokers in the directory")).as(out).isEqualTo(N / 2);
        assertThat(cell("scale-in: invokers the protocol holds")).as(out).isEqualTo(N / 2);
        assertThat(cell("empty push: invokers the protocol holds")).as(out).isZero();
    }

    private static long cell(String label) {
        return cell(label, 0);
    }

    /** The httpjson column of a table row ("a / b" cells: part {@code part}). */
    private static long cell(String label, int part) {
        for (String line : out.split("\\R")) {
            if (line.startsWith("| " + label + " |")) {
                String value = line.split("\\|")[2].trim().split(" / ")[part].trim();
                return Long.parseLong(value);
            }
        }
        throw new AssertionError("no row '" + label + "' in:\n" + out + err);
    }
}
