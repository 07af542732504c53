package io.httpjson.demo.boot;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The application as users deploy it: the executable jar Spring Boot's plugin made in the package phase, started
 * with {@code java -jar} (the app's classes in BOOT-INF/classes, httpjson, Dubbo and both JSON engines in
 * BOOT-INF/lib, all under Boot's nested-jar class loader). One provider process serves HelloService on two ports,
 * one per engine (fastjson2-text, gson-text); plain HTTP calls it from here, and the same jar in caller mode
 * ({@code --demo.call}) calls both ports as a Dubbo consumer with the other engine: POJOs, the application's own
 * exception rebuilt from its class name, a generic call. Everything runs on 127.0.0.1 and writes under target/.
 */
class FatJarIT {

    static final Path DIR = Path.of("target", "fatjar-it");
    static final int FASTJSON_PORT = BootDemoApplicationTest.freeLoopbackPort();
    static final int GSON_PORT = BootDemoApplicationTest.freeLoopbackPort();
    static final String SERVICE = "/" + HelloService.class.getName();
    static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static Process provider;

    @BeforeAll
    static void startProvider() throws Exception {
        // two named protocols (Spring Boot's Dubbo then ignores the single dubbo.protocol of application.properties)
        provider = start(
                "provider",
                "--dubbo.protocols.fastjson.name=httpjson",
                "--dubbo.protocols.fastjson.host=127.0.0.1",
                "--dubbo.protocols.fastjson.port=" + FASTJSON_PORT,
                "--dubbo.protocols.fastjson.serialization=fastjson2-text",
                "--dubbo.protocols.fastjson.parameters.httpjson.openapi=true",
                // small enough that the answers below are gzipped
                "--dubbo.protocols.fastjson.parameters.httpjson.gzip-threshold=64",
                "--dubbo.protocols.gson.name=httpjson",
                "--dubbo.protocols.gson.host=127.0.0.1",
                "--dubbo.protocols.gson.port=" + GSON_PORT,
                "--dubbo.protocols.gson.serialization=gson-text");
        for (int port : new int[] {FASTJSON_PORT, GSON_PORT}) {
            await("the jar's provider on port " + port)
                    .atMost(Duration.ofSeconds(120))
                    .pollInterval(Duration.ofMillis(200))
                    .ignoreExceptionsInstanceOf(IOException.class)
                    .until(() -> {
                        assertThat(provider.isAlive())
                                .as("the provider exited: %s", log("provider"))
                                .isTrue();
                        return get(port, "/health").statusCode() == 200;
                    });
        }
    }

    /** Dubbo's graceful shutdown on SIGTERM ends the process, loading no class it cannot find in the jar. */
    @AfterAll
    static void stopProvider() throws Exception {
        boolean graceful = stop(provider);
        assertThat(graceful)
                .as("the provider ends on SIGTERM: %s", log("provider"))
                .isTrue();
        assertThat(log("provider")).doesNotContain("NoClassDefFoundError", "ClassNotFoundException");
    }

    @Test
    void aPojoArgumentAndResultOverHttpWithEitherEngine() throws Exception {
        for (int port : new int[] {FASTJSON_PORT, GSON_PORT}) {
            HttpResponse<byte[]> r = post(port, "/reply", "[{\"message\":\"http\"}]", false);
            assertThat(r.statusCode()).as(text(r)).isEqualTo(200);
            JsonObject greeting = json(r);
            assertThat(greeting.get("message").getAsString()).isEqualTo("Re: http");
            assertThat(greeting.get("length").getAsInt()).isEqualTo("Re: http".length());
        }
    }

    @Test
    void theApplicationsExceptionIsNamedInTheErrorBody() throws Exception {
        for (int port : new int[] {FASTJSON_PORT, GSON_PORT}) {
            HttpResponse<byte[]> r = post(port, "/strictHello", "[\"\"]", false);
            assertThat(r.statusCode()).as(text(r)).isEqualTo(500);
            JsonObject error = json(r);
            assertThat(error.get("code").getAsString()).isEqualTo("BUSINESS_EXCEPTION");
            assertThat(error.get("exception").getAsString()).isEqualTo(NameRejectedException.class.getName());
            assertThat(error.get("message").getAsString()).isEqualTo("a name is required");
            assertThat(error.getAsJsonObject("fields").get("code").getAsInt()).isEqualTo(40001);
        }
    }

    @Test
    void aSafeMethodAnswersGet() throws Exception {
        HttpResponse<byte[]> r = get(FASTJSON_PORT, SERVICE + "/hello?name=get");
        assertThat(r.statusCode()).as(text(r)).isEqualTo(200);
        assertThat(json(r).get("message").getAsString()).isEqualTo("Hello, get!");
    }

    @Test
    void aGenericCallOverHttp() throws Exception {
        HttpResponse<byte[]> r =
                send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + GSON_PORT + SERVICE + "/$invoke"))
                        .header("Content-Type", "application/json")
                        .header("Dubbo-Attachments", "generic=true")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "[\"reply\",[\"" + Greeting.class.getName() + "\"],[{\"message\":\"g\"}]]")));
        assertThat(r.statusCode()).as(text(r)).isEqualTo(200);
        assertThat(json(r).get("message").getAsString()).isEqualTo("Re: g");
    }

    @Test
    void gzipBothWaysAndTheOpenApiDocument() throws Exception {
        HttpResponse<byte[]> r = post(FASTJSON_PORT, "/reply", "[{\"message\":\"" + "z".repeat(200) + "\"}]", true);
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(JsonParser.parseString(gunzip(r.body()))
                        .getAsJsonObject()
                        .get("message")
                        .getAsString())
                .isEqualTo("Re: " + "z".repeat(200));

        HttpResponse<byte[]> doc =
                send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + FASTJSON_PORT + "/openapi.json"))
                        .header("Accept-Encoding", "gzip")
                        .GET());
        assertThat(doc.statusCode()).isEqualTo(200);
        assertThat(doc.headers().firstValue("Content-Encoding")).hasValue("gzip");
        JsonObject openapi = JsonParser.parseString(gunzip(doc.body())).getAsJsonObject();
        assertThat(openapi.getAsJsonObject("paths").keySet())
                .contains(SERVICE + "/reply", SERVICE + "/strictHello", SERVICE + "/hello");
        assertThat(openapi.getAsJsonObject("components")
                        .getAsJsonObject("schemas")
                        .keySet())
                .contains("Greeting", "NameRejectedExceptionError");
    }

    @Test
    void theSameJarAsADubboConsumerCallsBothEngines() throws Exception {
        Process caller = start(
                "caller",
                "--dubbo.provider.export=false",
                "--demo.call=httpjson://127.0.0.1:" + FASTJSON_PORT + "?serialization=gson-text,httpjson://127.0.0.1:"
                        + GSON_PORT + "?serialization=fastjson2-text");
        try {
            assertThat(caller.waitFor(120, TimeUnit.SECONDS))
                    .as("the caller ends: %s", log("caller"))
                    .isTrue();
            String out = log("caller");
            assertThat(caller.exitValue()).as(out).isZero();
            assertThat(out).contains("ALL CALLS OK");
            assertThat(out.lines().filter(line -> line.startsWith("OK   "))).hasSize(8);
        } finally {
            stop(caller);
        }
    }

    /** java -jar the executable jar, loopback only, writing only under target/. */
    static Process start(String name, String... args) throws IOException {
        Path jar = Path.of(System.getProperty("boot.jar", "target/demo-spring-boot-0.1.0-SNAPSHOT-exec.jar"));
        assertThat(jar).as("the executable jar of the package phase").exists();
        Files.createDirectories(DIR.resolve("home"));
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-Djava.io.tmpdir=" + DIR.toAbsolutePath(),
                "-Duser.home=" + DIR.resolve("home").toAbsolutePath(),
                "-Ddubbo.network.interface.ignored=.*",
                "-Djava.net.preferIPv4Stack=true",
                "-DDUBBO_DUBBO_IP_TO_BIND=[::ffff:127.0.0.1]",
                "-DTRI_DUBBO_IP_TO_BIND=[::ffff:127.0.0.1]",
                "-jar",
                jar.toString(),
                // Dubbo's MetadataService on a free dubbo port, not 20880 (or the next one free when it looked)
                "--dubbo.application.metadata-service-port=" + BootDemoApplicationTest.freeLoopbackPort()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(DIR.resolve(name + ".log").toFile())
                .start();
        p.getOutputStream().close();
        // a test JVM that ends before @AfterAll (killed by a timeout, a crash) leaves no child running
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly, "fatjar-it-stop-" + name));
        return p;
    }

    /** SIGTERM (Dubbo's graceful shutdown), then kill; bounded either way. Whether SIGTERM was enough. */
    static boolean stop(Process p) throws InterruptedException {
        if (p == null) {
            return false;
        }
        p.destroy();
        if (p.waitFor(30, TimeUnit.SECONDS)) {
            return true;
        }
        p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        return false;
    }

    static String log(String name) throws IOException {
        Path file = DIR.resolve(name + ".log");
        return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "(no log)";
    }

    static HttpResponse<byte[]> get(int port, String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .GET());
    }

    static HttpResponse<byte[]> post(int port, String method, String body, boolean gzip) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + SERVICE + method))
                .header("Content-Type", "application/json");
        if (gzip) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
            request.header("Content-Encoding", "gzip")
                    .header("Accept-Encoding", "gzip")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(bytes.toByteArray()));
        } else {
            request.POST(HttpRequest.BodyPublishers.ofString(body));
        }
        return send(request);
    }

    static HttpResponse<byte[]> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    static JsonObject json(HttpResponse<byte[]> r) {
        return JsonParser.parseString(text(r)).getAsJsonObject();
    }

    static String gunzip(byte[] body) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
