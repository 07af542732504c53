package io.httpjson.benchmark.push;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

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
        PushChild runner = new PushChild(jvmArgs, mode, batch, histogram, maxSeconds);
        List<Map<String, String>> results = new ArrayList<>();
        boolean failed = false;
        for (String c : configs) {
            int n = c.equals("dubbo") ? Math.min(addresses, dubboMax) : addresses;
            if (n < addresses) {
                out.printf(Locale.ROOT, "[%s] capped at %d addresses (--dubbo-max)%n", c, n);
            }
            Map<String, String> r = runner.run(c, n, out);
            if (r == null) {
                failed = true;
            } else {
                results.add(r);
            }
        }
        out.println();
        out.println(PushTable.of(results, jvmArgs));
        out.flush();
        return failed ? 1 : 0;
    }
}
