package io.httpjson.demo.provider;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The demo provider's OpenAPI document, as a caller in another language uses it: a real OpenAPI parser reads it
 * as valid 3.1, OpenAPI Generator makes a Python client from it, and that client calls every demo method.
 */
class OpenApiClientTest {

    static final Path OUT = Path.of("target", "openapi-client");

    private static DemoProvider provider;
    private static String base;
    private static String document;

    @BeforeAll
    static void start() throws Exception {
        DemoProvider.Settings settings = new DemoProvider.Settings();
        settings.protocols = List.of(DemoProvider.HTTPJSON);
        provider = DemoProvider.start(settings);
        base = "http://127.0.0.1:" + provider.port(DemoProvider.HTTPJSON);
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(base + "/openapi.json"))
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).isEqualTo(200);
        document = r.body();
        Files.createDirectories(OUT);
        Files.writeString(OUT.resolve("openapi.json"), document);
    }

    @AfterAll
    static void stop() {
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void theDocumentIsValidOpenApi31() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(document, null, options);
        assertThat(result.getMessages()).isEmpty();
        OpenAPI api = result.getOpenAPI();
        assertThat(api.getSpecVersion()).isEqualTo(SpecVersion.V31);
        assertThat(api.getComponents().getSchemas())
                .containsKeys("User", "PageOfUser", "ResultOfString", "UserNotFoundExceptionError", "Error");
    }

    /**
     * OpenAPI Generator's {@code python} client reads the positional argument arrays ({@code prefixItems}) as a
     * list of any values of the right length ({@code List[object]}, min and max length), and the named-argument
     * objects as models of their own; both forms are called here.
     */
    @Test
    void aGeneratedPythonClientCallsEveryDemoMethod() throws Exception {
        Path client = OUT.resolve("python");
        CodegenConfigurator config = new CodegenConfigurator()
                .setGeneratorName("python")
                .setInputSpec(OUT.resolve("openapi.json").toString())
                .setOutputDir(client.toString())
                .addAdditionalProperty("packageName", "demo_client");
        List<File> files =
                new DefaultGenerator().opts(config.toClientOptInput()).generate();
        assertThat(files).isNotEmpty();
        assertThat(client.resolve("demo_client/api/io_httpjson_demo_api_user_service_api.py"))
                .exists();

        Path venv = OUT.resolve("venv");
        Run made = run(OUT.resolve("venv.log"), 120, "python3", "-m", "venv", venv.toString());
        assumeTrue(
                made.exit == 0,
                "python3 with the venv module is needed to run the generated client (Debian: apt-get install"
                        + " python3 python3-venv): " + made.output);
        Run installed = run(
                OUT.resolve("pip.log"),
                600,
                venv.resolve("bin/pip").toString(),
                "install",
                "-q",
                "--no-cache-dir",
                "--disable-pip-version-check",
                "-r",
                client.resolve("requirements.txt").toString());
        assumeTrue(
                installed.exit == 0,
                "pip could not install the generated client's requirements (it needs access to PyPI): "
                        + installed.output);
        Path script = OUT.resolve("call_demo.py");
        try (var in = OpenApiClientTest.class.getResourceAsStream("/openapi/call_demo.py")) {
            Files.copy(in, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Run called = run(
                OUT.resolve("call_demo.log"),
                120,
                venv.resolve("bin/python").toString(),
                script.toString(),
                client.toString(),
                base);
        assertThat(called.exit).as(called.output).isZero();
        String last = called.output.strip().lines().reduce((a, b) -> b).orElse("");
        JsonObject out = JsonParser.parseString(last).getAsJsonObject();

        assertThat(out.get("health").getAsString()).isEqualTo("UP");
        assertThat(out.getAsJsonObject("sayHello").get("data").getAsString()).isEqualTo("Hello, world!");
        JsonObject ada = out.getAsJsonObject("getUser");
        assertThat(ada.get("name").getAsString()).isEqualTo("Ada Lovelace");
        assertThat(ada.get("birthday").getAsString()).isEqualTo("1815-12-10");
        assertThat(ada.get("registeredAt").getAsString()).isEqualTo("2024-01-01T09:30:15.123000");
        assertThat(ada.get("lastLogin").getAsString()).isEqualTo("2025-06-01T08:15:30.500000+00:00");
        assertThat(ada.get("roles").toString()).isEqualTo("[\"admin\",\"dev\"]");
        assertThat(out.getAsJsonObject("getUserByName").get("name").getAsString())
                .isEqualTo("Alan Turing");
        JsonObject created = out.getAsJsonObject("createUser");
        assertThat(created.get("name").getAsString()).isEqualTo("Barbara Liskov");
        assertThat(created.get("birthday").getAsString()).isEqualTo("1939-11-07");
        assertThat(created.get("id").getAsLong()).isGreaterThan(3);
        assertThat(created.get("registeredAt").isJsonNull()).isFalse();
        JsonObject page = out.getAsJsonObject("listUsers");
        assertThat(page.get("pageSize").getAsInt()).isEqualTo(2);
        assertThat(page.get("total").getAsLong()).isEqualTo(4);
        assertThat(page.get("names").toString()).isEqualTo("[\"Ada Lovelace\",\"Alan Turing\"]");
        assertThat(out.get("listUsersByName").toString()).isEqualTo("[\"Grace Hopper\",\"Barbara Liskov\"]");
        assertThat(out.get("findByIds").toString()).isEqualTo("[\"Ada Lovelace\",\"Grace Hopper\"]");
        assertThat(out.getAsJsonObject("updateAttributes").get("desk").getAsString())
                .isEqualTo("12B");
        assertThat(out.get("countByRole").toString()).isEqualTo("{\"dev\":4,\"ops\":1,\"nobody\":0}");
        assertThat(out.getAsJsonObject("getUserAsync").get("name").getAsString())
                .isEqualTo("Grace Hopper");
        JsonObject notFound = out.getAsJsonObject("notFound");
        assertThat(notFound.get("status").getAsInt()).isEqualTo(500);
        JsonObject body = notFound.getAsJsonObject("body");
        assertThat(body.get("code").getAsString()).isEqualTo("BUSINESS_EXCEPTION");
        assertThat(body.get("exception").getAsString()).isEqualTo("io.httpjson.demo.api.UserNotFoundException");
        assertThat(body.getAsJsonObject("fields").get("code").getAsInt()).isEqualTo(40401);

        // longs beyond 2^53, base64 bytes, dates, durations, null, overloads, attachments, versions and groups
        assertThat(out.get("nextId").getAsString()).isEqualTo("9007199254740994");
        assertThat(out.get("nextIds").toString()).isEqualTo("[2,9007199254740994]");
        assertThat(out.get("reverse").getAsString()).isEqualTo("/wIBAA==");
        assertThat(out.get("plusDays").getAsString()).isEqualTo("2024-03-01");
        assertThat(out.get("between").getAsString()).isEqualTo("PT1.5S");
        assertThat(out.get("describe").getAsString()).isEqualTo("text:x");
        assertThat(out.get("emptyToNull").isJsonNull()).isTrue();
        assertThat(out.get("format").toString()).isEqualTo("[\"ABC\",\"   abc\",\"00042\"]");
        assertThat(out.get("repeat").getAsString()).isEqualTo("ababab");
        assertThat(out.get("slow").getAsInt()).isEqualTo(1);
        JsonObject attachments = out.getAsJsonObject("attachments");
        assertThat(attachments.get("data").toString()).isEqualTo("{\"a\":\"1\",\"b\":\"Jörg\"}");
        assertThat(attachments.get("header").getAsString()).contains("echoed=2");
        assertThat(out.get("release").toString()).isEqualTo("[\"1.0.0/stable\",\"2.0.0/canary\"]");
    }

    record Run(int exit, String output) {}

    /** Runs a command, its output into {@code log}; exit -1 if it did not end in time (it is then stopped). */
    static Run run(Path log, long seconds, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        boolean ended;
        try {
            ended = p.waitFor(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            throw e;
        }
        if (!ended) {
            p.destroyForcibly();
        }
        return new Run(ended ? p.exitValue() : -1, Files.readString(log));
    }
}
