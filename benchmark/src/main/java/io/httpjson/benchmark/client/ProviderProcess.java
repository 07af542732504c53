package io.httpjson.benchmark.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.Main;
import io.httpjson.benchmark.provider.Export;
import io.httpjson.benchmark.provider.ProviderCommand;

/**
 * The provider in its own JVM: same classpath, {@code Main provider --export ...}. Ready when it prints
 * {@link ProviderCommand#READY} on stdout; stopped by closing its stdin (then destroy), also from a shutdown hook.
 */
public final class ProviderProcess implements AutoCloseable {
    public static final String DEFAULT_JVM_ARGS = "-Xms1g -Xmx1g -XX:+UseG1GC";

    private final Process process;
    private final Map<String, Integer> ports;
    private final Path log;
    private final List<String> command;
    private final Thread hook;

    private ProviderProcess(Process process, Map<String, Integer> ports, Path log, List<String> command) {
        this.process = process;
        this.ports = ports;
        this.log = log;
        this.command = command;
        this.hook = new Thread(this::stop, "benchmark-provider-stop");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    public static ProviderProcess start(List<Export> exports, String jvmArgs, int threads, long readyTimeoutSeconds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // the parent's home and temporary directory (Dubbo keeps its ~/.dubbo caches there; tests set them to target/),
        // before the JVM flags given, which may set them otherwise
        cmd.add("-Duser.home=" + System.getProperty("user.home"));
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        if (jvmArgs != null && !jvmArgs.isBlank()) {
            cmd.addAll(Arrays.asList(jvmArgs.trim().split("\\s+")));
        }
        cmd.add("-Djava.net.preferIPv4Stack=true");
        if (DubboApps.tls()) {
            cmd.add("-D" + DubboApps.TLS_PROPERTY + "=true");
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.add("provider");
        cmd.add("--export");
        cmd.add(exports.stream().map(Export::spec).collect(Collectors.joining(",")));
        cmd.add("--threads");
        cmd.add(Integer.toString(threads));
        cmd.add("--exit-on-stdin-eof");
        cmd.add("--max-lifetime-seconds");
        cmd.add(Long.toString(TimeUnit.HOURS.toSeconds(12)));

        Path log = Files.createTempFile("httpjson-benchmark-provider-", ".log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p = pb.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<String> ready = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try {
                        String line;
                        while ((line = out.readLine()) != null) {
                            if (line.startsWith(ProviderCommand.READY)) {
                                ready.complete(line);
                            }
                            // keep draining so the provider never blocks on a full pipe
                        }
                    } catch (IOException ignored) {
                        // process gone
                    }
                    ready.complete(null);
                },
                "benchmark-provider-stdout");
        reader.setDaemon(true);
        reader.start();
        String line;
        try {
            line = ready.get(readyTimeoutSeconds, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException e) {
            line = null;
        }
        if (line == null) {
            String why = p.isAlive()
                    ? "did not become ready within " + readyTimeoutSeconds + " s"
                    : "exited with code " + p.waitFor() + " before it was ready";
            p.destroyForcibly();
            List<String> shown = new ArrayList<>(cmd);
            shown.set(shown.indexOf("-cp") + 1, "<this JVM's class path>");
            throw new IOException("provider " + why + "\ncommand: " + String.join(" ", shown) + "\nlog " + log
                    + " (last lines):\n" + tail(log));
        }
        Map<String, Integer> ports = new HashMap<>();
        for (String token :
                line.substring(ProviderCommand.READY.length()).trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0 && !token.startsWith("pid=")) {
                String hostPort = token.substring(eq + 1);
                ports.put(token.substring(0, eq), Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1)));
            }
        }
        return new ProviderProcess(p, ports, log, cmd);
    }

    public int port(String protocol) {
        Integer port = ports.get(protocol);
        if (port == null) {
            throw new IllegalStateException("provider exports no " + protocol + " port: " + ports);
        }
        return port;
    }

    public long pid() {
        return process.pid();
    }

    public Path log() {
        return log;
    }

    public List<String> command() {
        return command;
    }

    public String logTail() {
        return tail(log);
    }

    private void stop() {
        if (!process.isAlive()) {
            return;
        }
        try {
            process.getOutputStream().close(); // the provider's lifeline: EOF on stdin
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        stop();
        if (!process.isAlive() && process.exitValue() == 0) {
            try {
                Files.deleteIfExists(log); // kept when the provider failed
            } catch (IOException ignored) {
                // best effort
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // already shutting down
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException | RuntimeException e) {
            return "(no log: " + e + ")";
        }
    }
}
