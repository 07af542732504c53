package io.httpjson.benchmark;

import io.httpjson.benchmark.client.ClientCommand;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.Arrays;

/**
 * {@code java -jar httpjson-benchmark.jar [options]} runs the load client; {@code provider ...} runs a provider;
 * {@code jmh ...} hands the rest of the command line to JMH ({@code org.openjdk.jmh.Main}); {@code sizes} prints
 * serialized sizes.
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
        if (args.length > 0 && args[0].equals("jmh")) {
            org.openjdk.jmh.Main.main(Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        int code = run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
        System.exit(code);
    }

    /** Runs the command line without exiting the JVM (for tests): 0 ok, 1 failed run, 2 usage error. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = ClientCommand.commandLine();
        cl.setOut(out);
        cl.setErr(err);
        return cl.execute(args);
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
