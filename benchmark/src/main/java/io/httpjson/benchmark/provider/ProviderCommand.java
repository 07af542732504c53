package io.httpjson.benchmark.provider;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code java -jar httpjson-benchmark.jar provider --export dubbo:hessian2:0 [--port 20880]}: runs the benchmark
 * provider in this JVM on 127.0.0.1 and prints one {@value #READY} line to stdout once every export is up.
 */
@Command(
        name = "provider",
        mixinStandardHelpOptions = true,
        description = "Run the benchmark provider (127.0.0.1 only, no registry) until stopped.")
public class ProviderCommand implements Callable<Integer> {
    public static final String READY = "HTTPJSON-BENCHMARK-PROVIDER READY";

    @Option(
            names = "--export",
            required = true,
            split = ",",
            paramLabel = "PROTOCOL:SERIALIZATION[:DELAY_MS]",
            description = "What to export, e.g. dubbo:hessian2:0,httpjson:gson-text:10 (repeatable).")
    List<String> exports;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            defaultValue = "0",
            description =
                    "Port for the (single) protocol; 0 picks a free one. With several protocols each gets a free port.")
    int port;

    @Option(
            names = "--threads",
            defaultValue = "200",
            description = "Dubbo server business threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--exit-on-stdin-eof", description = "Stop when stdin closes (the launcher's lifeline).")
    boolean exitOnStdinEof;

    @Option(
            names = "--max-lifetime-seconds",
            defaultValue = "0",
            description = "Stop by itself after this many seconds; 0 = never (default).")
    long maxLifetimeSeconds;

    @Override
    public Integer call() throws Exception {
        List<Export> list = Export.parseList(exports);
        Map<String, Integer> fixed = new HashMap<>();
        long protocolCount = list.stream().map(Export::protocol).distinct().count();
        if (port > 0) {
            if (protocolCount > 1) {
                throw new IllegalArgumentException("--port needs exactly one protocol in --export");
            }
            fixed.put(list.get(0).protocol(), port);
        }
        ProviderServer server = ProviderServer.start(list, fixed, threads);
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "provider-shutdown"));
        if (exitOnStdinEof) {
            Thread lifeline = new Thread(
                    () -> {
                        InputStream in = System.in;
                        try {
                            while (in.read() >= 0) {
                                // ignore input; we only care about EOF
                            }
                        } catch (IOException ignored) {
                            // treat like EOF
                        }
                        stop.countDown();
                    },
                    "provider-stdin-lifeline");
            lifeline.setDaemon(true);
            lifeline.start();
        }
        StringBuilder line = new StringBuilder(READY)
                .append(" pid=")
                .append(ProcessHandle.current().pid());
        server.ports().forEach((p, port) -> line.append(' ')
                .append(p)
                .append('=')
                .append(ProviderServer.HOST)
                .append(':')
                .append(port));
        PrintStream out = System.out;
        out.println(line);
        out.flush();
        if (maxLifetimeSeconds > 0) {
            stop.await(maxLifetimeSeconds, TimeUnit.SECONDS);
        } else {
            stop.await();
        }
        server.close();
        return 0;
    }
}
