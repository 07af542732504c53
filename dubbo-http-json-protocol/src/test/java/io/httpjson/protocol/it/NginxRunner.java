package io.httpjson.protocol.it;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.awaitility.Awaitility.await;

/**
 * A real nginx in the foreground, one process, writing only under {@code target/<name>}: started from the
 * {@code http} block a test gives it (the process settings, logs and temp paths are added here), or from the nginx
 * configuration docs/gateways.md shows, as pasted, with only its addresses changed.
 */
final class NginxRunner implements AutoCloseable {

    final Path dir;
    private final Process process;

    private NginxRunner(Path dir, Process process) {
        this.dir = dir;
        this.process = process;
    }

    /** The {@code http { ... }} block of docs/gateways.md's nginx section, as written there. */
    static String documentedHttpBlock() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "gateways.md"));
        int section = doc.indexOf("## nginx");
        Matcher m = Pattern.compile("```nginx\\n(.*?)```", Pattern.DOTALL).matcher(doc);
        if (section < 0 || !m.find(section)) {
            throw new IllegalStateException("docs/gateways.md has no nginx configuration block");
        }
        return m.group(1);
    }

    /**
     * The documented block with its example addresses replaced: it listens on {@code listen}, and the upstream's
     * two servers (8090, 8091) are {@code providers}.
     */
    static String documentedHttpBlock(int listen, int provider1, int provider2) throws IOException {
        String block = documentedHttpBlock();
        for (String example : List.of("127.0.0.1:8080", "127.0.0.1:8090", "127.0.0.1:8091")) {
            if (!block.contains(example)) {
                throw new IllegalStateException("the documented configuration no longer has " + example);
            }
        }
        return block.replace("127.0.0.1:8080", "127.0.0.1:" + listen)
                .replace("127.0.0.1:8090", "127.0.0.1:" + provider1)
                .replace("127.0.0.1:8091", "127.0.0.1:" + provider2);
    }

    /** Starts nginx with {@code httpBlock} (a whole {@code http { ... }} block) and waits until it listens on {@code port}. */
    static NginxRunner start(String name, String httpBlock, int port) throws Exception {
        Path dir = Path.of("target", name).toAbsolutePath();
        Files.createDirectories(dir.resolve("temp"));
        Files.deleteIfExists(dir.resolve("access.log"));
        int open = httpBlock.indexOf('{', httpBlock.indexOf("http"));
        String inside = "\n"
                + NginxTest.inHttp(dir, "$request_uri $status $upstream_addr $pipe $connection $connection_requests");
        String conf = String.join(
                "\n",
                NginxTest.process(dir, "info"),
                httpBlock.substring(0, open + 1) + inside + httpBlock.substring(open + 1),
                "");
        return launch(dir, conf, port);
    }

    /** Starts nginx with the whole configuration {@code conf} in {@code dir} and waits until it listens on {@code port}. */
    static NginxRunner launch(Path dir, String conf, int port) throws Exception {
        String binary = NginxTest.nginxBinary();
        if (binary == null) {
            throw new IllegalStateException(NginxTest.NOT_INSTALLED);
        }
        Files.writeString(dir.resolve("nginx.conf"), conf);
        Process p = new ProcessBuilder(
                        binary,
                        "-p",
                        dir.toString(),
                        "-c",
                        dir.resolve("nginx.conf").toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("nginx.out").toFile())
                .start();
        NginxRunner runner = new NginxRunner(dir, p);
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> {
                if (!p.isAlive()) {
                    throw new IllegalStateException("nginx exited with " + p.exitValue() + ": " + runner.output());
                }
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                    return true;
                } catch (IOException e) {
                    return false;
                }
            });
        } catch (RuntimeException e) {
            runner.close();
            throw e;
        }
        return runner;
    }

    /** What nginx printed and logged as errors. */
    String output() throws IOException {
        Path log = dir.resolve("error.log");
        return Files.readString(dir.resolve("nginx.out")) + (Files.exists(log) ? Files.readString(log) : "");
    }

    List<String> accessLog() throws IOException {
        Path log = dir.resolve("access.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    @Override
    public void close() throws Exception {
        process.destroy(); // SIGTERM: nginx's fast shutdown
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
