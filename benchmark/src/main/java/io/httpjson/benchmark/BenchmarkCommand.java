package io.httpjson.benchmark;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.httpjson.benchmark.client.LoadCommand;
import io.httpjson.benchmark.client.MatrixCommand;
import io.httpjson.benchmark.provider.ProviderCommand;
import io.httpjson.benchmark.push.AddressPushCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The root of the command line: {@code httpjson-benchmark SUBCOMMAND [options]}. Without a subcommand the
 * options are {@code load}'s, and {@code --matrix} among them stands for the {@code matrix} subcommand.
 */
@Command(
        name = "httpjson-benchmark",
        mixinStandardHelpOptions = true,
        version = "httpjson-benchmark 0.1.0-SNAPSHOT",
        description = {
            "Benchmarks of the httpjson protocol against Dubbo's own protocols, on 127.0.0.1.",
            "Without a subcommand: load (e.g. 'httpjson-benchmark -c 100 -n 200000')."
        },
        subcommands = {
            LoadCommand.class,
            MatrixCommand.class,
            ProviderCommand.class,
            AddressPushCommand.class,
            SizesCommand.class,
            JmhCommand.class
        })
public final class BenchmarkCommand {
    private static final Set<String> ROOT_OPTIONS = Set.of("-h", "--help", "-V", "--version");

    private BenchmarkCommand() {}

    /** The command line with its subcommands; an exception in a run prints one line and exits with 1. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new BenchmarkCommand());
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("error: " + ex);
            if (Boolean.getBoolean("httpjson.benchmark.stacktrace")) {
                ex.printStackTrace(commandLine.getErr());
            }
            commandLine.getErr().flush();
            return 1;
        });
        // everything after 'jmh' is JMH's, options included
        cl.getSubcommands().get(JmhCommand.NAME).setStopAtUnmatched(true);
        return cl;
    }

    /** {@code args} with the subcommand made explicit: {@code load}, or {@code matrix} for {@code --matrix}. */
    static String[] withSubcommand(CommandLine cl, String... args) {
        if (args.length > 0 && (cl.getSubcommands().containsKey(args[0]) || ROOT_OPTIONS.contains(args[0]))) {
            return args;
        }
        List<String> rest = new ArrayList<>(List.of(args));
        rest.add(0, rest.remove("--matrix") ? "matrix" : "load");
        return rest.toArray(String[]::new);
    }
}
