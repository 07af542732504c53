package io.httpjson.benchmark.push;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.httpjson.benchmark.Main;

/**
 * One configuration in a fresh child JVM ({@code push --child CONFIG}): its progress lines are printed with the
 * configuration as prefix, its result line is parsed into the figures by name; stderr goes to a log file.
 */
final class PushChild {
    private final String jvmArgs;
    private final String mode;
    private final int batch;
    private final int histogram;
    private final int maxSeconds;

    PushChild(String jvmArgs, String mode, int batch, int histogram, int maxSeconds) {
        this.jvmArgs = jvmArgs;
        this.mode = mode;
        this.batch = batch;
        this.histogram = histogram;
        this.maxSeconds = maxSeconds;
    }

    /** Runs {@code config} with {@code n} addresses; its figures, or null (and why, printed) if it failed. */
    Map<String, String> run(String config, int n, PrintWriter out) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the parent's home and temporary directory (Dubbo keeps its ~/.dubbo caches there; tests set them to target/),
        // before the JVM flags given, which may set them otherwise
        cmd.add("-Duser.home=" + System.getProperty("user.home"));
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        cmd.addAll(Arrays.asList(jvmArgs.trim().split("\\s+")));
        cmd.add("-Djava.net.preferIPv4Stack=true");
        // Dubbo's eager clients log an ERROR with a stack trace per dead address (~9 KB each): not what is measured
        cmd.add("-Dorg.slf4j.simpleLogger.log.org.apache.dubbo.remoting=off");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(
                "push",
                "--child",
                config,
                "--mode",
                mode,
                "--addresses",
                Integer.toString(n),
                "--batch",
                Integer.toString(batch),
                "--histogram",
                Integer.toString(histogram)));
        Path log = Files.createTempFile("httpjson-address-push-" + config + "-", ".log");
        Process p = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        p.getOutputStream().close();
        out.printf(Locale.ROOT, "[%s] child pid %d, %d addresses, JVM %s, log %s%n", config, p.pid(), n, jvmArgs, log);
        out.flush();
        Map<String, String> result = new LinkedHashMap<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader r =
                            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = r.readLine()) != null) {
                            if (line.startsWith(AddressPushCommand.RESULT)) {
                                synchronized (result) {
                                    for (String token : line.substring(AddressPushCommand.RESULT.length())
                                            .trim()
                                            .split(" ")) {
                                        int eq = token.indexOf('=');
                                        if (eq > 0) {
                                            result.put(token.substring(0, eq), token.substring(eq + 1));
                                        }
                                    }
                                }
                            } else {
                                synchronized (out) {
                                    out.println("[" + config + "] " + line);
                                    out.flush();
                                }
                            }
                        }
                    } catch (IOException ignored) {
                        // child gone
                    }
                },
                "address-push-child-stdout");
        reader.setDaemon(true);
        reader.start();
        boolean exited = p.waitFor(maxSeconds, TimeUnit.SECONDS);
        if (!exited) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        synchronized (result) {
            if (!exited || p.exitValue() != 0 || result.isEmpty()) {
                out.printf(
                        Locale.ROOT,
                        "[%s] FAILED: %s; log %s (last lines):%n%s%n",
                        config,
                        exited ? "exit code " + p.exitValue() : "killed after " + maxSeconds + " s",
                        log,
                        tail(log));
                return null;
            }
            out.printf(Locale.ROOT, "[%s] %d lines in the child's log %s%n", config, lines(log), log);
            return new LinkedHashMap<>(result);
        }
    }

    private static long lines(Path log) {
        try (var s = Files.lines(log, StandardCharsets.UTF_8)) {
            return s.count();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException | RuntimeException e) {
            return "(no log: " + e + ")";
        }
    }
}
