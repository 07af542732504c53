package io.httpjson.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import io.httpjson.benchmark.client.Extensions;
import io.httpjson.benchmark.client.ProviderProcess;
import io.httpjson.benchmark.provider.Export;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The real client main code against its own provider in a separate JVM, tiny -n, per protocol+serialization
 * present on the classpath. Correctness only: zero errors and parseable output; no timing assertions.
 */
class EndToEndTest {

    static Stream<String[]> configurations() {
        return TestSupport.configurations();
    }

    @ParameterizedTest(name = "{0}+{1}")
    @MethodSource("configurations")
    void echoRunHasNoErrorsAndJsonParses(String protocol, String serialization) {
        assumeTrue(
                TestSupport.present(protocol, serialization),
                () -> protocol + "+" + serialization + ": " + Extensions.missing(protocol, serialization));
        TestSupport.Outcome o = TestSupport.run(
                "--protocol",
                protocol,
                "--serialization",
                serialization,
                "-c",
                "4",
                "-n",
                "200",
                "--warmup",
                "100",
                "--format",
                "json");
        assertThat(o.code()).as(o.err() + o.out()).isZero();
        JSONObject json = JSON.parseObject(o.out().trim());
        assertThat(json.getString("protocol")).isEqualTo(protocol);
        assertThat(json.getString("serialization")).isEqualTo(serialization);
        assertThat(json.getLongValue("calls")).isEqualTo(200);
        assertThat(json.getLongValue("errors")).isZero();
        assertThat(json.getDoubleValue("throughput_cps")).isPositive();
        assertThat(json.keySet())
                .contains(
                        "mean_us",
                        "p50_us",
                        "p90_us",
                        "p99_us",
                        "p99.9_us",
                        "max_us",
                        "client_cpu_us_per_call",
                        "server_cpu_us_per_call",
                        "provider_jvm_args");
        assertThat(json.getDoubleValue("p99.9_us")).isGreaterThanOrEqualTo(json.getDoubleValue("p50_us"));
        assertThat(json.getString("provider_jvm_args")).contains("-Xmx192m");
    }

    /**
     * The other calls (java.time fields, generics, a 15-user page) on every configuration present, CSV output,
     * against one provider started up front and reached with --target.
     */
    @ParameterizedTest(name = "{0}+{1}")
    @MethodSource("configurations")
    void userCallsViaTargetHaveNoErrorsAndCsvParses(String protocol, String serialization) throws Exception {
        assumeTrue(
                TestSupport.present(protocol, serialization),
                () -> protocol + "+" + serialization + ": " + Extensions.missing(protocol, serialization));
        try (ProviderProcess provider = ProviderProcess.start(
                List.of(new Export(protocol, serialization, 0)),
                TestSupport.PROVIDER_JVM.substring(TestSupport.PROVIDER_JVM.indexOf('=') + 1),
                20,
                120)) {
            String target = "127.0.0.1:" + provider.port(protocol);
            assertListensOnLoopbackOnly(provider.port(protocol));
            for (String call : List.of("sayHello", "getUser", "listUser")) {
                callOnce(protocol, serialization, target, call);
            }
        }
    }

    private static void callOnce(String protocol, String serialization, String target, String call) {
        {
            TestSupport.Outcome o = TestSupport.run(
                    "--protocol",
                    protocol,
                    "--serialization",
                    serialization,
                    "--target",
                    target,
                    "--call",
                    call,
                    "-c",
                    "2",
                    "-n",
                    "50",
                    "--warmup",
                    "20",
                    "--format",
                    "csv");
            assertThat(o.code()).as(call + "\n" + o.err() + o.out()).isZero();
            String[] lines = o.out().trim().split("\n");
            assertThat(lines).hasSize(2);
            List<String> header = List.of(lines[0].split(","));
            String[] row = lines[1].split(",", -1);
            assertThat(row).hasSameSizeAs(header.toArray());
            assertThat(header).contains("p99.9_us");
            assertThat(row[header.indexOf("call")]).isEqualTo(call);
            assertThat(row[header.indexOf("errors")]).isEqualTo("0");
            assertThat(row[header.indexOf("calls")]).isEqualTo("50");
        }
    }

    /** Linux: every listening socket on the port is 127.0.0.1 (not 0.0.0.0, not a real interface). */
    static void assertListensOnLoopbackOnly(int port) throws Exception {
        Path tcp = Path.of("/proc/net/tcp");
        assumeTrue(Files.isReadable(tcp), "no /proc/net/tcp");
        String hexPort = String.format(":%04X", port);
        List<String> listening = new ArrayList<>();
        for (String line : Files.readAllLines(tcp)) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 3 && f[1].endsWith(hexPort) && f[3].equals("0A")) {
                listening.add(f[1]);
            }
        }
        assertThat(listening)
                .as("listening sockets on port " + port)
                .isNotEmpty()
                .allMatch(a -> a.equals("0100007F" + hexPort), "is 127.0.0.1");
    }
}
