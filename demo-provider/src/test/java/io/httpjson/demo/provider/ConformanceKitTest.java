package io.httpjson.demo.provider;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.google.gson.JsonParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the conformance kit ({@code conformance/} at the top of the repository) against the demo provider, started
 * in-process on a free loopback port: every runner (curl, Python, Go, Node) as a process of its own, each of which
 * must pass every case. A runner whose tool is not installed is skipped and says how to install it. Each runner's
 * output is kept in {@code target/conformance/}.
 */
class ConformanceKitTest {

    static final String CORS_ORIGIN = "http://localhost:3000";

    private static DemoProvider provider;
    private static Path kit;
    private static Path out;
    private static int cases;

    @BeforeAll
    static void start() throws IOException {
        kit = Path.of(System.getProperty("user.dir")).getParent().resolve("conformance");
        assertThat(kit.resolve("cases.json")).as("the conformance kit").exists();
        cases = JsonParser.parseString(Files.readString(kit.resolve("cases.json")))
                .getAsJsonObject()
                .getAsJsonArray("cases")
                .size();
        out = Path.of("target", "conformance").toAbsolutePath();
        Files.createDirectories(out);
        DemoProvider.Settings settings = new DemoProvider.Settings();
        settings.protocols = List.of(DemoProvider.HTTPJSON);
        settings.corsAllowedOrigins = CORS_ORIGIN;
        provider = DemoProvider.start(settings);
    }

    @AfterAll
    static void stop() {
        if (provider != null) {
            provider.close();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyRunnerPassesEveryCase() {
        return Stream.of(
                DynamicTest.dynamicTest("curl", () -> {
                    requireTools("the curl runner", "curl", "jq", "gzip", "awk", "bash");
                    runner("curl", kit, "bash", kit.resolve("run-curl.sh").toString(), baseUrl());
                }),
                DynamicTest.dynamicTest("python", () -> {
                    requireTools("the Python runner", "python3");
                    runner("python", kit, "python3", kit.resolve("run.py").toString(), baseUrl());
                }),
                DynamicTest.dynamicTest("go", () -> {
                    assumeTrue(
                            onPath("go"),
                            "the Go runner needs Go 1.18 or later on the PATH: https://go.dev/doc/install"
                                    + " (Debian/Ubuntu: sudo apt-get install -y golang-go)");
                    Path binary = out.resolve("run-go");
                    Path goDir = kit.resolve("go");
                    // built under target/, run from conformance/go so that it finds ../cases.json
                    runner("go-build", goDir, "go", "build", "-o", binary.toString(), ".");
                    runner("go", goDir, binary.toString(), baseUrl());
                }),
                DynamicTest.dynamicTest("node", () -> {
                    assumeTrue(
                            nodeMajor() >= 18,
                            "the Node runner needs Node 18 or later (fetch) on the PATH: https://nodejs.org"
                                    + " (Debian/Ubuntu: sudo apt-get install -y nodejs)");
                    runner("node", kit, "node", kit.resolve("run.mjs").toString(), baseUrl());
                }));
    }

    private static String baseUrl() {
        return "http://127.0.0.1:" + provider.port(DemoProvider.HTTPJSON);
    }

    /** Runs one command in dir, its output kept in target/conformance/NAME.txt; a runner must pass every case. */
    private static void runner(String name, Path dir, String... command) throws Exception {
        Path log = out.resolve(name + ".txt");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("GOTOOLCHAIN", "local");
        pb.environment().remove("HTTPJSON_URL");
        Process process = pb.start();
        boolean finished = process.waitFor(10, TimeUnit.MINUTES);
        if (!finished) {
            process.destroyForcibly();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(finished)
                .as("%s finished within 10 minutes; output:%n%s", name, output)
                .isTrue();
        assertThat(process.exitValue())
                .as("exit code of %s; output:%n%s", name, output)
                .isZero();
        if (!name.equals("go-build")) {
            List<String> lines = output.lines().toList();
            assertThat(lines).as("output of %s", name).isNotEmpty();
            assertThat(lines.get(lines.size() - 1))
                    .as("last line of %s; output:%n%s", name, output)
                    .isEqualTo(cases + " passed, 0 failed");
        }
    }

    private static void requireTools(String what, String... tools) {
        List<String> missing = new ArrayList<>();
        for (String tool : tools) {
            if (!onPath(tool)) {
                missing.add(tool);
            }
        }
        assumeTrue(
                missing.isEmpty(),
                what + " needs " + String.join(", ", missing) + " on the PATH (Debian/Ubuntu: sudo apt-get install -y "
                        + String.join(" ", missing) + ")");
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            File f = new File(dir, tool);
            if (f.isFile() && f.canExecute()) {
                return true;
            }
        }
        return false;
    }

    /** Node's major version, or 0 if there is no node. */
    private static int nodeMajor() {
        if (!onPath("node")) {
            return 0;
        }
        try {
            Process p = new ProcessBuilder("node", "--version")
                    .redirectErrorStream(true)
                    .start();
            String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || !version.matches("v\\d+\\..*")) {
                return 0;
            }
            return Integer.parseInt(version.substring(1, version.indexOf('.')));
        } catch (IOException | InterruptedException | NumberFormatException e) {
            return 0;
        }
    }
}
