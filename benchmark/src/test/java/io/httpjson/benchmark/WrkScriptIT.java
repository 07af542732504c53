package io.httpjson.benchmark;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** wrk/run.sh against the packaged jar, one second each: both endpoints answer and requests/s are printed. */
class WrkScriptIT {

    private static boolean onPath(String tool) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    @Test
    void wrkScriptMeasuresHttpjsonAndTriple() throws Exception {
        assumeTrue(onPath("wrk"), "wrk is not installed: sudo apt-get install -y wrk (Debian/Ubuntu)");
        assumeTrue(onPath("curl"), "curl is not installed: sudo apt-get install -y curl (Debian/Ubuntu)");
        Path jar = Path.of(System.getProperty("benchmark.jar", "target/httpjson-benchmark.jar"));
        assertThat(jar).exists();
        Path tmp = Files.createDirectories(Path.of("target", "wrk-it"));
        Path out = tmp.resolve("run.out");
        ProcessBuilder pb = new ProcessBuilder(List.of(
                        "bash", "wrk/run.sh", "-d", "1s", "-w", "1s", "-c", "4", "-t", "1", "--jar", jar.toString()))
                .redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment()
                .put(
                        "PROVIDER_JVM_ARGS",
                        "-Xms64m -Xmx256m -XX:+UseSerialGC -Duser.home=" + System.getProperty("user.home"));
        pb.environment().put("TMPDIR", tmp.toAbsolutePath().toString());
        Process p = pb.start();
        p.getOutputStream().close();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("wrk/run.sh timed out:\n" + Files.readString(out, StandardCharsets.UTF_8));
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        assertThat(text).contains("httpjson: curl check passed", "tri: curl check passed");
        Matcher m = Pattern.compile("requests/s  httpjson ([0-9.]+)  tri ([0-9.]+)  httpjson/tri ([0-9.]+)")
                .matcher(text);
        assertThat(m.find()).as(text).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isPositive();
        assertThat(Double.parseDouble(m.group(2))).isPositive();
        assertThat(text).doesNotContain("answered with errors");
        // the provider the script started stops with it
        Matcher pid = Pattern.compile("provider: pid (\\d+)").matcher(text);
        assertThat(pid.find()).as(text).isTrue();
        ProcessHandle.of(Long.parseLong(pid.group(1)))
                .ifPresent(h -> h.onExit().orTimeout(20, TimeUnit.SECONDS).join());
        // its scratch directory was removed
        try (var left = Files.list(tmp)) {
            assertThat(left.filter(f -> f.getFileName().toString().startsWith("httpjson-wrk")))
                    .isEmpty();
        }
    }
}
