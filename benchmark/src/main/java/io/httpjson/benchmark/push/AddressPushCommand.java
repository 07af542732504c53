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
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import io.httpjson.benchmark.Main;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code push}: what a consumer holds per pushed provider address, per protocol. Each configuration runs
 * in a fresh child JVM ({@code push --child CONFIG}), one after the other, so that heap figures are not
 * mixed; the parent prints the child's progress and a table at the end.
 */
@Command(
        name = "push",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Measures what a consumer holds per provider address a registry pushes to it.",
            "A registry pushes N provider addresses (127.0.0.1 ports where nothing listens) to one consumer;",
            "reports per protocol: push time, heap per address after full GC, allocation, sockets and threads",
            "opened before any call, and the same after a scale-in push to N/2 and an empty push.",
            "--mode interface: the 'push' Registry extension (provider URLs); --mode application: the 'push'",
            "ServiceDiscovery extension (ServiceInstances of one application). Each configuration in its own JVM."
        })
public class AddressPushCommand implements Callable<Integer> {
    public static final String RESULT = "ADDRESS-PUSH-RESULT ";

    @Spec
    CommandSpec spec;

    @Option(
            names = {"-N", "--addresses"},
            defaultValue = "100000",
            description = "Addresses pushed. Default: ${DEFAULT-VALUE}.")
    int addresses;

    @Option(
            names = "--batch",
            defaultValue = "10000",
            description = "Addresses added per push (each push is the full list so far). Default: ${DEFAULT-VALUE}.")
    int batch;

    @Option(
            names = "--configs",
            split = ",",
            defaultValue = "httpjson,dubbo,dubbo-lazy",
            description =
                    "httpjson, dubbo (Dubbo defaults: lazy=false, connections=0), dubbo-lazy (lazy=true). Default: ${DEFAULT-VALUE}.")
    List<String> configs;

    @Option(
            names = "--mode",
            defaultValue = "interface",
            description = "interface (the 'push' Registry: provider URLs) or application (the 'push' ServiceDiscovery: "
                    + "ServiceInstances of one application, metadata answered locally). Default: ${DEFAULT-VALUE}.")
    String mode;

    @Option(
            names = "--dubbo-max",
            defaultValue = "100000",
            description =
                    "Cap on N for the eagerly connecting 'dubbo' configuration (one failing connect per address). Default: ${DEFAULT-VALUE}.")
    int dubboMax;

    @Option(
            names = "--histogram",
            defaultValue = "12",
            description = "Top classes of the live-heap growth to print (0: none). Default: ${DEFAULT-VALUE}.")
    int histogram;

    @Option(
            names = "--jvm-args",
            defaultValue = "-Xmx4g -XX:+UseG1GC -XX:ParallelGCThreads=1 -XX:ConcGCThreads=1",
            description = "Flags of each child JVM. Default: ${DEFAULT-VALUE}.")
    String jvmArgs;

    @Option(
            names = "--max-seconds",
            defaultValue = "900",
            description = "Time limit per configuration; the child is killed after it. Default: ${DEFAULT-VALUE}.")
    int maxSeconds;

    @Option(names = "--child", hidden = true, description = "Run one configuration in this JVM.")
    String child;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (addresses < 2) {
            throw new ParameterException(spec.commandLine(), "--addresses must be at least 2");
        }
        if (!PushScenario.MODES.contains(mode)) {
            throw new ParameterException(spec.commandLine(), "--mode: one of " + PushScenario.MODES);
        }
        for (String c : configs) {
            if (!PushScenario.CONFIGS.containsKey(c)) {
                throw new ParameterException(
                        spec.commandLine(), "--configs: unknown " + c + "; one of " + PushScenario.CONFIGS.keySet());
            }
        }
        if (child != null) {
            Map<String, String> r = new PushScenario(child, mode, addresses, batch, histogram, out).run();
            out.println(RESULT + PushScenario.describe(r));
            out.flush();
            return 0;
        }
        List<Map<String, String>> results = new ArrayList<>();
        boolean failed = false;
        for (String c : configs) {
            int n = c.equals("dubbo") ? Math.min(addresses, dubboMax) : addresses;
            if (n < addresses) {
                out.printf(Locale.ROOT, "[%s] capped at %d addresses (--dubbo-max)%n", c, n);
            }
            Map<String, String> r = runChild(c, n, out);
            if (r == null) {
                failed = true;
            } else {
                results.add(r);
            }
        }
        out.println();
        out.println(table(results, jvmArgs));
        out.flush();
        return failed ? 1 : 0;
    }

    private Map<String, String> runChild(String config, int n, PrintWriter out)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
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
                            if (line.startsWith(RESULT)) {
                                synchronized (result) {
                                    for (String token : line.substring(RESULT.length())
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

    /** The summary table (markdown), one column per configuration. */
    static String table(List<Map<String, String>> results, String jvmArgs) {
        String[][] rows = {
            {"discovery level", "mode"},
            {"addresses pushed", "addresses"},
            {"pushes (full-state, growing)", "pushes"},
            {"push time, total ms", "push.ms.total"},
            {"push time, largest push ms", "push.ms.max"},
            {"allocated by the pushing thread, total bytes", "push.alloc.thread"},
            {"allocated by all live threads, total bytes", "push.alloc.all"},
            {"invokers in the directory", "invokers"},
            {"heap after full GC, baseline bytes", "heap.baseline"},
            {"heap after full GC, all pushed, bytes", "heap.pushed"},
            {"**heap per address, bytes**", "heap.per.address"},
            {"TCP sockets held before any call", "sockets.pushed"},
            {"TCP connects attempted (ActiveOpens, machine-wide)", "tcp.active.opens"},
            {"threads alive, added", "threads.pushed"},
            {"threads started", "threads.started"},
            {"invokers the protocol holds", "protocol.invokers"},
            {"scale-in to N/2: push ms", "scalein.ms"},
            {"scale-in: invokers in the directory", "scalein.invokers"},
            {"scale-in: heap released, bytes", "scalein.heap.released"},
            {"scale-in: heap per remaining address, bytes", "scalein.heap.per.address"},
            {"scale-in: invokers the protocol holds", "scalein.protocol.invokers"},
            {"scale-in: of which destroyed", "scalein.protocol.invokers.destroyed"},
            {"scale-in: TCP sockets / threads added", "scalein.sockets|scalein.threads"},
            {"empty push: heap above baseline, bytes", "empty.heap.above.baseline"},
            {
                "empty push: heap above baseline, re-measured after the histogram",
                "empty.heap.above.baseline.after.histogram"
            },
            {"empty push: invokers the protocol holds", "empty.protocol.invokers"},
        };
        StringBuilder sb = new StringBuilder();
        sb.append("| figure |");
        for (Map<String, String> r : results) {
            sb.append(' ').append(r.get("config")).append(" |");
        }
        sb.append("\n|---|");
        sb.append("---:|".repeat(results.size()));
        sb.append('\n');
        for (String[] row : rows) {
            sb.append("| ").append(row[0]).append(" |");
            for (Map<String, String> r : results) {
                StringBuilder cell = new StringBuilder();
                for (String key : row[1].split("\\|")) {
                    cell.append(cell.length() == 0 ? "" : " / ").append(r.getOrDefault(key, "-"));
                }
                sb.append(' ').append(cell).append(" |");
            }
            sb.append('\n');
        }
        sb.append("(child JVM: ").append(jvmArgs).append(')');
        return sb.toString();
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
