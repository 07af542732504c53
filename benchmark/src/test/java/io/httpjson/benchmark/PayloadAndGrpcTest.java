package io.httpjson.benchmark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import io.httpjson.benchmark.client.CallType;
import io.httpjson.benchmark.client.RunSpec;
import io.httpjson.benchmark.grpc.GrpcClient;
import io.httpjson.benchmark.grpc.proto.BenchmarkMessage;
import io.httpjson.benchmark.service.BenchmarkMessages;
import io.httpjson.benchmark.service.Users;
import io.httpjson.demo.api.User;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The echoList call (payload sizes, gzip modes, CPU per KB) and the grpc:protobuf configuration, tiny -n. */
class PayloadAndGrpcTest {

    @Test
    void payloadListIsAtLeastTheSizeAskedAndLessThanOneUserMore() {
        for (int kb : new int[] {1, 16, 256}) {
            List<User> users = Users.listOfKb(kb);
            int bytes = Users.jsonBytes(users);
            int lastUser = Users.jsonBytes(users.subList(users.size() - 1, users.size()));
            assertThat(bytes).as(kb + " KB").isBetween(kb * 1024, kb * 1024 + lastUser);
        }
    }

    @Test
    void gzipModesBecomeHttpjsonReferenceParameters() {
        assertThat(spec("httpjson", "on", "").referenceParams()).containsEntry(RunSpec.GZIP_THRESHOLD, "0");
        assertThat(spec("httpjson", "off", "").referenceParams()).containsEntry(RunSpec.GZIP_THRESHOLD, "-1");
        assertThat(spec("httpjson", "", "").referenceParams()).isEmpty();
        // the configuration's own parameters come last and win
        assertThat(spec("httpjson", "on", "httpjson.gzip-threshold=100").referenceParams())
                .isEqualTo(Map.of(RunSpec.GZIP_THRESHOLD, "100"));
        assertThat(spec("httpjson", "on", "").name()).isEqualTo("httpjson+fastjson2-text 16KB gzip-on");
    }

    private static RunSpec spec(String protocol, String gzip, String params) {
        return new RunSpec(protocol, "fastjson2-text", CallType.ECHO_LIST, 1, 1, 0, 0, 0, 1, 1000, params, 16, gzip);
    }

    @Test
    void grpcMessageIsRpcxBenchmarksMessageByteForByte() {
        BenchmarkMessage m = GrpcClient.prepare();
        assertThat(m.getSerializedSize()).isEqualTo(581);
        assertThat(m.toByteArray()).isEqualTo(BenchmarkMessages.toProtobuf(BenchmarkMessages.prepare()));
        assertThat(GrpcClient.isValidReply(m)).isFalse();
        assertThat(GrpcClient.isValidReply(
                        m.toBuilder().setField1("OK").setField2(100).build()))
                .isTrue();
    }

    @Test
    void grpcRunHasNoErrorsAndReportsTheProvidersCpu() {
        TestSupport.Outcome o = TestSupport.run(
                "--protocol", "grpc", "-c", "4", "-n", "200", "--warmup", "100", "--delay", "1", "--format", "json");
        assertThat(o.code()).as(o.err() + o.out()).isZero();
        JSONObject json = JSON.parseObject(o.out().trim());
        assertThat(json.getString("protocol")).isEqualTo("grpc");
        assertThat(json.getString("serialization")).isEqualTo("protobuf");
        assertThat(json.getLongValue("calls")).isEqualTo(200);
        assertThat(json.getLongValue("errors")).isZero();
        assertThat(json.getDoubleValue("server_cpu_us_per_call")).isPositive();
        // the server business time reached the gRPC provider
        assertThat(json.getDoubleValue("p50_us")).isGreaterThanOrEqualTo(1000);
        assertThat(json.getString("provider_jvm_args")).contains("-Xmx192m");
    }

    @Test
    void echoListWithGzipOnHasNoErrorsAndReportsPerKb() {
        TestSupport.Outcome o = TestSupport.run(
                "--call",
                "echoList",
                "--payload-kb",
                "16",
                "--gzip",
                "on",
                "-c",
                "2",
                "-n",
                "40",
                "--warmup",
                "20",
                "--format",
                "json");
        assertThat(o.code()).as(o.err() + o.out()).isZero();
        JSONObject json = JSON.parseObject(o.out().trim());
        assertThat(json.getString("call")).isEqualTo("echoList");
        assertThat(json.getLongValue("errors")).isZero();
        assertThat(json.getIntValue("payload_kb")).isEqualTo(16);
        assertThat(json.getString("gzip")).isEqualTo("on");
        assertThat(json.getDoubleValue("kb_per_s"))
                .isCloseTo(json.getDoubleValue("throughput_cps") * 16, org.assertj.core.data.Offset.offset(1.0));
        assertThat(json.getDoubleValue("server_cpu_us_per_kb"))
                .isCloseTo(
                        json.getDoubleValue("server_cpu_us_per_call") / 16, org.assertj.core.data.Offset.offset(0.01));
        // the provider was told to gzip every response a consumer asks for
        assertThat(json.getString("provider_jvm_args")).contains("httpjson.gzip-threshold=0");
    }

    @Test
    void matrixSweepsPayloadAndGzipWithABaselinePerPayload(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        TestSupport.Outcome o = TestSupport.run(
                "matrix",
                "--configs",
                "httpjson:fastjson2-text,grpc:protobuf",
                "--call",
                "echoList",
                "--payload-kb-list",
                "1,16",
                "--gzip-list",
                "off,on",
                "--concurrency-list",
                "2",
                "--repeat",
                "1",
                "--warmup-rounds",
                "0",
                "-n",
                "40",
                "--warmup",
                "10",
                "--out-dir",
                out.toString());
        // grpc makes the echo call only, so it is refused before anything runs
        assertThat(o.code()).isEqualTo(2);
        assertThat(o.err()).contains("echo call only");

        o = TestSupport.run(
                "matrix",
                "--configs",
                "httpjson:fastjson2-text",
                "--call",
                "echoList",
                "--payload-kb-list",
                "1,16",
                "--gzip-list",
                "off,on",
                "--concurrency-list",
                "2",
                "--repeat",
                "1",
                "--warmup-rounds",
                "0",
                "-n",
                "40",
                "--warmup",
                "10",
                "--format",
                "csv",
                "--out-dir",
                out.toString());
        assertThat(o.code()).as(o.err() + o.out()).isZero();
        List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
        List<String> header = List.of(summary.get(0).split(","));
        List<String> rows = new ArrayList<>();
        for (String line : summary.subList(1, summary.size())) {
            String[] cells = line.split(",", -1);
            rows.add(cells[header.indexOf("protocol")] + " " + cells[header.indexOf("payload_kb")] + " "
                    + cells[header.indexOf("gzip")]);
            assertThat(cells[header.indexOf("errors")]).isEqualTo("0");
            assertThat(cells[header.indexOf("throughput_vs_baseline")]).as(line).isNotEmpty();
            assertThat(Double.parseDouble(cells[header.indexOf("kb_per_s")]))
                    .as(line)
                    .isPositive();
            assertThat(cells[header.indexOf("server_cpu_us_per_kb")]).as(line).isNotEmpty();
        }
        assertThat(rows)
                .containsExactly(
                        "dubbo 1 ",
                        "httpjson 1 off",
                        "httpjson 1 on",
                        "dubbo 16 ",
                        "httpjson 16 off",
                        "httpjson 16 on");
    }
}
