package io.httpjson.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** A tiny matrix: 2 configurations x repeat 2, interleaved, one provider JVM; CSV files and PNG charts. */
class MatrixTest {

    @Test
    void tinyMatrixWritesCsvAndCharts(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        TestSupport.Outcome o = TestSupport.run(
                "matrix",
                "--configs",
                "tri:hessian2",
                "--concurrency-list",
                "2",
                "--repeat",
                "2",
                "-n",
                "60",
                "--warmup",
                "30",
                "--format",
                "csv",
                "--out-dir",
                out.toString());
        assertThat(o.code()).as(o.err() + o.out()).isZero();

        // one unreported warm-up round of both configurations first
        assertThat(o.err()).contains("[warm-up round 1, 1/2] dubbo+hessian2", "[warm-up round 1, 2/2] tri+hessian2");
        List<String> runs = Files.readAllLines(out.resolve("runs.csv"));
        assertThat(runs).hasSize(1 + 4);
        // interleaved, the second repetition starting one configuration later
        assertThat(runs.subList(1, 5))
                .extracting(l -> l.split(",")[0] + "/" + l.split(",")[5])
                .containsExactly("dubbo/1", "tri/1", "tri/2", "dubbo/2");

        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        assertThat(summary).hasSize(1 + 2);
        List<String> header = List.of(summary.get(0).split(","));
        assertThat(header).contains("p99.9_us", "throughput_vs_baseline");
        String[] baseline = summary.get(1).split(",", -1);
        assertThat(baseline[header.indexOf("protocol")]).isEqualTo("dubbo");
        assertThat(baseline[header.indexOf("throughput_vs_baseline")]).isEqualTo("1.000");
        assertThat(baseline[header.indexOf("errors")]).isEqualTo("0");
        assertThat(summary.get(2).split(",", -1)[header.indexOf("errors")]).isEqualTo("0");
        assertThat(o.out()).isEqualTo(String.join("\n", summary) + "\n");

        for (String chart : List.of("throughput.png", "mean.png", "p99.png")) {
            byte[] png = Files.readAllBytes(out.resolve(chart));
            assertThat(png.length).as(chart).isGreaterThan(1000);
            assertThat(new String(png, 1, 3, java.nio.charset.StandardCharsets.US_ASCII))
                    .isEqualTo("PNG");
        }
    }

    @Test
    void matrixFileIsReadAndBaselineAdded(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("matrix.txt");
        Files.writeString(file, "# protocol serialization concurrency delay\nnope hessian2 4 0\n");
        TestSupport.Outcome o = TestSupport.run("matrix", "--matrix-file", file.toString(), "-n", "10");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("unknown protocol/serialization nope:hessian2");
    }

    @Test
    void aConfigurationCanCarryReferenceParametersOfItsOwn(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        TestSupport.Outcome o = TestSupport.run(
                "matrix",
                "--configs",
                "httpjson:fastjson2-text[httpjson.pipelining=1],httpjson:fastjson2-text[httpjson.pipelining=8;httpjson.max-connections=2]",
                "--concurrency-list",
                "2",
                "--repeat",
                "1",
                "-n",
                "40",
                "--warmup",
                "20",
                "--format",
                "csv",
                "--out-dir",
                out.toString());
        assertThat(o.code()).as(o.err() + o.out()).isZero();
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        List<String> header = List.of(summary.get(0).split(","));
        assertThat(summary.subList(1, summary.size()))
                .extracting(l -> l.split(",", -1)[header.indexOf("params")])
                .containsExactly("", "httpjson.pipelining=1", "httpjson.pipelining=8;httpjson.max-connections=2");
        assertThat(Files.readAllLines(out.resolve("runs.csv")).get(2)).endsWith(",httpjson.pipelining=1");
    }

    @Test
    void referenceParametersReachTheReference() throws Exception {
        // an invalid value fails in the httpjson consumer's own configuration check, so it was applied there
        TestSupport.Outcome o = TestSupport.run(
                "matrix",
                "--configs",
                "httpjson:fastjson2-text[httpjson.pipelining=0]",
                "--concurrency-list",
                "1",
                "--repeat",
                "1",
                "-n",
                "5",
                "--warmup",
                "1");
        assertThat(o.code()).isNotZero();
        assertThat(o.err() + o.out()).contains("httpjson.pipelining: 0 (expected: an integer from 1 to 1024)");
    }

    @Test
    void malformedReferenceParametersAreRefusedUpFront() throws Exception {
        TestSupport.Outcome o =
                TestSupport.run("matrix", "--configs", "httpjson:fastjson2-text[pipelining]", "-n", "5");
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("--configs: reference parameters: 'pipelining'");
    }
}
