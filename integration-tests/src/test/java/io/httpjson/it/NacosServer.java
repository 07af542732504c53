package io.httpjson.it;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.JarURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.awaitility.Awaitility;

/**
 * A real Nacos 3.1 server (standalone, embedded Derby, no auth) in its own JVM on free loopback
 * ports. The server classpath comes from module {@code nacos-test-server}: its bootstrap main class
 * and the {@code META-INF/nacos-test-server/classpath.txt} that Maven resolved at build time.
 */
public final class NacosServer implements AutoCloseable {

    private static final String CLASSPATH_RESOURCE = "META-INF/nacos-test-server/classpath.txt";
    private static final String MAIN_CLASS = "io.httpjson.nacos.server.NacosTestServerMain";

    private final Process process;
    private final int port;
    private final Path workDir;
    private final Duration startupTime;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private NacosServer(Process process, int port, Path workDir, Duration startupTime) {
        this.process = process;
        this.port = port;
        this.workDir = workDir;
        this.startupTime = startupTime;
    }

    public static NacosServer start() {
        int base = freeBasePort();
        Path workDir = Paths.get(System.getProperty("nacos.test.workdir", "target/nacos-server"), "nacos-" + base)
                .toAbsolutePath();
        try {
            Files.createDirectories(workDir.resolve("logs"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms256m",
                "-Xmx512m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-Djava.net.preferIPv4Stack=true",
                "-Dnacos.standalone=true",
                "-Dnacos.home=" + workDir,
                "-Dnacos.logs.path=" + workDir.resolve("logs"),
                "-Duser.home=" + workDir,
                "-Dderby.stream.error.file=" + workDir.resolve("derby.log"),
                "-Dnacos.server.main.port=" + base,
                // Loopback only: HTTP (Tomcat), both gRPC servers and the address Nacos calls itself by.
                // (JRaft, base-1000, binds the wildcard address; nothing but Nacos itself talks to it.)
                "-Dserver.address=127.0.0.1",
                "-Dnacos.server.ip=127.0.0.1",
                "-Dnacos.remote.grpc.listen.ip=127.0.0.1",
                "-cp",
                serverClasspath(),
                MAIN_CLASS));
        long started = System.nanoTime();
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .directory(workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(workDir.resolve("console.log").toFile())
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        NacosServer server = new NacosServer(process, base, workDir, null);
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "nacos-test-server-kill"));
        try {
            Awaitility.await("Nacos health on 127.0.0.1:" + base + " (log: " + workDir.resolve("console.log") + ")")
                    .atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofMillis(500))
                    .until(() -> {
                        if (!process.isAlive()) {
                            throw new IllegalStateException("Nacos exited with " + process.exitValue() + "; see "
                                    + workDir.resolve("console.log"));
                        }
                        return server.isUp();
                    });
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return new NacosServer(process, base, workDir, Duration.ofNanos(System.nanoTime() - started));
    }

    /** Nacos needs base, base+1000, base+1001 and base-1000. */
    private static int freeBasePort() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(21000, 29000);
            if (free(base) && free(base + 1000) && free(base + 1001) && free(base - 1000)) {
                return base;
            }
        }
        throw new IllegalStateException("no free port quadruple for Nacos");
    }

    private static boolean free(int port) {
        // The wildcard address, because JRaft binds it: a port free there is free on loopback too.
        try (ServerSocket s = new ServerSocket()) {
            s.setReuseAddress(false);
            s.bind(new InetSocketAddress(port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The bootstrap class location (jar or classes dir) followed by the Maven-ordered server classpath. */
    static String serverClasspath() {
        URL resource = NacosServer.class.getClassLoader().getResource(CLASSPATH_RESOURCE);
        if (resource == null) {
            throw new IllegalStateException(
                    CLASSPATH_RESOURCE + " not on the test classpath: build module nacos-test-server");
        }
        try {
            String location;
            if ("jar".equals(resource.getProtocol())) {
                JarURLConnection connection = (JarURLConnection) resource.openConnection();
                location = new File(connection.getJarFileURL().toURI()).getPath();
            } else {
                // .../target/classes/META-INF/nacos-test-server/classpath.txt -> .../target/classes
                location = new File(resource.toURI())
                        .getParentFile()
                        .getParentFile()
                        .getParentFile()
                        .getPath();
            }
            String dependencies;
            try (InputStream in = resource.openStream()) {
                dependencies = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            }
            return location + File.pathSeparator + dependencies;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    boolean isUp() {
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create(baseUrl() + "/v1/ns/operator/metrics"))
                            .timeout(Duration.ofSeconds(2))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 && response.body().contains("\"UP\"");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public int port() {
        return port;
    }

    public Duration startupTime() {
        return startupTime;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port + "/nacos";
    }

    /** A Dubbo registry address; {@code group} isolates the registrations of one test from another's. */
    public String registryAddress(String group) {
        return "nacos://127.0.0.1:" + port + "?group=" + group;
    }

    /** The instances Nacos' naming API lists for a service, as "ip:port" strings (healthy ones only). */
    public List<Instance> instances(String serviceName, String group) {
        String query = "serviceName=" + URLEncoder.encode(serviceName, StandardCharsets.UTF_8) + "&groupName="
                + URLEncoder.encode(group, StandardCharsets.UTF_8) + "&healthyOnly=true";
        try {
            HttpResponse<String> response = http.send(
                    HttpRequest.newBuilder(URI.create(baseUrl() + "/v1/ns/instance/list?" + query))
                            .timeout(Duration.ofSeconds(5))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return List.of();
            }
            JsonObject body = JsonParser.parseString(response.body()).getAsJsonObject();
            JsonArray hosts = body.getAsJsonArray("hosts");
            List<Instance> result = new ArrayList<>();
            if (hosts != null) {
                for (JsonElement host : hosts) {
                    JsonObject h = host.getAsJsonObject();
                    JsonObject metadata = h.has("metadata") ? h.getAsJsonObject("metadata") : new JsonObject();
                    result.add(new Instance(
                            h.get("ip").getAsString(), h.get("port").getAsInt(), metadata.toString()));
                }
            }
            return result;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** One registered instance as Nacos reports it. */
    public record Instance(String ip, int port, String metadataJson) {}

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    @Override
    public String toString() {
        return "Nacos on 127.0.0.1:" + port + " (work dir " + workDir + ")";
    }
}
