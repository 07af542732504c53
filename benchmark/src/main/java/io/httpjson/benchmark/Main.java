package io.httpjson.benchmark;

import java.io.PrintWriter;

import picocli.CommandLine;

/**
 * {@code java -jar httpjson-benchmark.jar [SUBCOMMAND] [options]}: {@code load} (the default), {@code matrix},
 * {@code provider}, {@code push}, {@code sizes} or {@code jmh} ({@link BenchmarkCommand}).
 */
public final class Main {
    static {
        // Quiet, headless, loopback: set before any Dubbo, slf4j or AWT class loads, unless the user chose otherwise.
        setIfAbsent("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        setIfAbsent("dubbo.application.logger", "slf4j");
        setIfAbsent("java.awt.headless", "true");
        Loopback.configure();
    }

    private Main() {}

    public static void main(String[] args) throws Exception {
        int code = run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
        System.exit(code);
    }

    /** Runs the command line without exiting the JVM (for tests): 0 ok, 1 failed run, 2 usage error. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = BenchmarkCommand.commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(BenchmarkCommand.withSubcommand(cl, args));
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
