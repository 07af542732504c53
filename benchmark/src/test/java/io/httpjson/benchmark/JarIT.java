package io.httpjson.benchmark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The packaged jar, spawned exactly as documented: java -jar benchmark/target/httpjson-benchmark.jar ... */
class JarIT {

    record Run(int code, String out, String err) {}

    static Run java(String... args) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("benchmark.jar", "target/httpjson-benchmark.jar"));
        assertThat(jar).exists();
        assertThat(jar.resolveSibling("lib")).isDirectory();
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx256m");
        // the jar's own temporary files (its provider's log) stay under target/, as the test's do
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        // and what Dubbo keeps under the user's home (its ~/.dubbo caches), as the test's own JVM
        cmd.add("-Duser.home=" + System.getProperty("user.home"));
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(List.of(args));
        Path dir = Files.createDirectories(Path.of("target", "jar-it"));
        Path out = Files.createTempFile(dir, "run-", ".out");
        Path err = Files.createTempFile(dir, "run-", ".err");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        p.getOutputStream().close();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("timed out: " + cmd);
        }
        return new Run(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void jarRunsALoadTestAgainstItsOwnProvider() throws Exception {
        Run r = java(
                "--protocol",
                "dubbo",
                "-c",
                "2",
                "-n",
                "100",
                "--warmup",
                "20",
                "--format",
                "json",
                "--provider-jvm-args=-Xmx192m -XX:+UseSerialGC -XX:TieredStopAtLevel=1");
        assertThat(r.code()).as(r.err()).isZero();
        JSONObject json = JSON.parseObject(r.out().trim());
        assertThat(json.getLongValue("calls")).isEqualTo(100);
        assertThat(json.getLongValue("errors")).isZero();
    }

    @Test
    void jarListsTheJmhSuites() throws Exception {
        Run r = java("jmh", "-l");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("RpcBenchmark.sayHello", "SerializerBenchmark.roundTrip");
    }

    @Test
    void jarBadFlagIsAUsageError() throws Exception {
        Run r = java("-c", "-5");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("Usage:");
    }
}
