package io.httpjson.demo.provider;

import java.io.File;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Runs the conformance kit ({@code conformance/} at the top of the repository) against the demo provider, started
 * in-process on a free loopback port: every runner (curl, Python, Go, Node) as a process of its own, each of which
 * must pass every case, and must fail every case of a copy whose expectations were made wrong. A runner whose tool
 * is not installed is skipped and says how to install it. Each run's output is kept in {@code target/conformance/}.
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
    Stream<DynamicTest> everyRunnerPassesEveryCaseAndCatchesWrongAnswers() {
        return Stream.of(
                DynamicTest.dynamicTest("curl", () -> {
                    requireTools("the curl runner", "curl", "jq", "gzip", "awk", "bash");
                    check("curl", kit, "bash", kit.resolve("run-curl.sh").toString());
                }),
                DynamicTest.dynamicTest("python", () -> {
                    requireTools("the Python runner", "python3");
                    check("python", kit, "python3", kit.resolve("run.py").toString());
                }),
                DynamicTest.dynamicTest("go", () -> {
                    assumeTrue(
                            onPath("go"),
                            "the Go runner needs Go 1.18 or later on the PATH: https://go.dev/doc/install"
                                    + " (Debian/Ubuntu: sudo apt-get install -y golang-go)");
                    Path binary = out.resolve("run-go");
                    Path goDir = kit.resolve("go");
                    // built under target/, run from conformance/go so that it finds ../cases.json
                    Run build = run("go-build", goDir, "go", "build", "-o", binary.toString(), ".");
                    assertThat(build.exit)
                            .as("go build; output:%n%s", build.output)
                            .isZero();
                    check("go", goDir, binary.toString());
                }),
                DynamicTest.dynamicTest("node", () -> {
                    assumeTrue(
                            nodeMajor() >= 18,
                            "the Node runner needs Node 18 or later (fetch) on the PATH: https://nodejs.org"
                                    + " (Debian/Ubuntu: sudo apt-get install -y nodejs)");
                    check("node", kit, "node", kit.resolve("run.mjs").toString());
                }));
    }

    /**
     * The runner passes every case of cases.json, and fails every case of a copy whose expectations are wrong in
     * each way a runner compares (so that a runner that passes everything, or reads longs as doubles, is caught).
     */
    private static void check(String name, Path dir, String... command) throws Exception {
        Run pass = run(name, dir, with(command, baseUrl()));
        assertThat(pass.exit)
                .as("exit code of %s; output:%n%s", name, pass.output)
                .isZero();
        assertThat(pass.lastLine())
                .as("last line of %s; output:%n%s", name, pass.output)
                .isEqualTo(cases + " passed, 0 failed");

        Run wrong =
                run(name + "-wrong", dir, with(command, baseUrl(), wrongCases().toString()));
        assertThat(wrong.exit)
                .as("exit code of %s with wrong expectations; output:%n%s", name, wrong.output)
                .isEqualTo(1);
        assertThat(wrong.lastLine())
                .as("last line of %s with wrong expectations; output:%n%s", name, wrong.output)
                .isEqualTo("0 passed, " + WRONG.size() + " failed");
        for (String wrongCase : WRONG.keySet()) {
            assertThat(wrong.output).as("output of %s", name).contains("FAIL " + wrongCase + ":");
        }
    }

    /** Cases of cases.json, each with one expectation made wrong: the case name and what to change. */
    private static final Map<String, Consumer<JsonObject>> WRONG = new LinkedHashMap<>();

    static {
        // 9223372036854775806 and ...807 are the same double: only an exact comparison tells them apart
        WRONG.put("longs/largest", e -> e.add("body", new JsonPrimitive(new BigInteger("9223372036854775806"))));
        WRONG.put("longs/in-a-list", e -> e.getAsJsonArray("body").set(2, new JsonPrimitive(0)));
        WRONG.put("arguments/one-list-bare", e -> e.getAsJsonArray("body").add(4));
        WRONG.put("arguments/dto", e -> e.getAsJsonObject("body").add("email", absent()));
        WRONG.put("nulls/result", e -> e.addProperty("bodyText", "\"null\""));
        WRONG.put("gzip/response", e -> e.add("body", regex("^(abc)+$")));
        WRONG.put("attachments/both-ways", e -> e.getAsJsonObject("headers")
                .addProperty("Dubbo-Attachments", "echoed=3"));
        WRONG.put("cors/call", e -> e.getAsJsonObject("headers").add("Access-Control-Allow-Origin", JsonNull.INSTANCE));
        WRONG.put(
                "cors/preflight", e -> e.getAsJsonObject("headers").add("Access-Control-Max-Age", regex("^1\\d\\d$")));
        WRONG.put("errors/health", e -> e.addProperty("status", 503));
    }

    private static JsonObject absent() {
        JsonObject o = new JsonObject();
        o.addProperty("$absent", true);
        return o;
    }

    private static JsonObject regex(String re) {
        JsonObject o = new JsonObject();
        o.addProperty("$regex", re);
        return o;
    }

    private static Path wrongCases() throws IOException {
        JsonObject all = JsonParser.parseString(Files.readString(kit.resolve("cases.json")))
                .getAsJsonObject();
        JsonArray picked = new JsonArray();
        for (JsonElement c : all.getAsJsonArray("cases")) {
            JsonObject kase = c.getAsJsonObject();
            Consumer<JsonObject> change = WRONG.get(kase.get("name").getAsString());
            if (change != null) {
                change.accept(kase.getAsJsonObject("expect"));
                picked.add(kase);
            }
        }
        assertThat(picked.size()).as("cases to make wrong").isEqualTo(WRONG.size());
        JsonObject wrong = new JsonObject();
        wrong.add("cases", picked);
        Path file = out.resolve("wrong-cases.json");
        Files.writeString(file, wrong.toString());
        return file;
    }

    private static String baseUrl() {
        return "http://127.0.0.1:" + provider.port(DemoProvider.HTTPJSON);
    }

    private static String[] with(String[] command, String... more) {
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    private record Run(int exit, String output) {
        String lastLine() {
            List<String> lines = output.lines().toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
    }

    /** Runs one command in dir, its output kept in target/conformance/NAME.txt. */
    private static Run run(String name, Path dir, String... command) throws Exception {
        Path log = out.resolve(name + ".txt");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("GOTOOLCHAIN", "local");
        // the curl runner's scratch files (and go build's) stay under target/ too
        Path tmp = Files.createDirectories(out.resolve("tmp"));
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment()
                .put("GOCACHE", Files.createDirectories(out.resolve("go-cache")).toString());
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
        return new Run(process.exitValue(), output);
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
