package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion.VersionFlag;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.ServiceMeta;
import io.httpjson.protocol.internal.openapi.OpenApiDocument;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code GET /openapi.json} with {@code httpjson.openapi=true}: a valid OpenAPI 3.1 document (read by a real
 * OpenAPI parser) of the services exported on the port, whose schemas say what the wire carries; off by default.
 */
class OpenApiDocumentTest {

    static final String TEST = "/" + TestService.class.getName() + "/";
    static final String CATALOG = "/" + CatalogService.class.getName() + "/";

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .service(TestService.class, new TestServiceImpl(), s -> {
                s.setVersion("2.0");
                s.setGroup("blue");
            })
            .service(CatalogService.class, new CatalogService.Impl())
            .build();

    @RegisterExtension
    static DubboServer off = DubboServer.builder()
            .service(CatalogService.class, new CatalogService.Impl())
            .build();

    @RegisterExtension
    static DubboServer gson = DubboServer.builder()
            .param("httpjson.openapi", "true")
            .param("serialization", "gson-text")
            .service(TestService.class, new TestServiceImpl())
            .service(TestService.class, new TestServiceImpl(), s -> {
                s.setVersion("2.0");
                s.setGroup("blue");
            })
            .service(CatalogService.class, new CatalogService.Impl())
            .build();

    static String json;
    static JsonObject doc;

    @BeforeAll
    static void read() throws Exception {
        HttpResponse<String> r = get(server, "/openapi.json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        json = r.body();
        Path out = Path.of("target", "openapi", "test-services.json");
        Files.createDirectories(out.getParent());
        Files.writeString(out, json);
        doc = JsonParser.parseString(json).getAsJsonObject();
    }

    static HttpResponse<String> get(DubboServer s, String path) {
        return Http.send(HttpRequest.newBuilder(URI.create(s.baseUrl() + path))
                .GET()
                .timeout(Duration.ofSeconds(10))
                .build());
    }

    @Test
    void aRealOpenApiParserReadsItAsValid31() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(json, null, options);
        assertThat(result.getMessages()).isEmpty();
        OpenAPI api = result.getOpenAPI();
        assertThat(api.getSpecVersion()).isEqualTo(SpecVersion.V31);
        assertThat(api.getOpenapi()).isEqualTo("3.1.0");
        assertThat(api.getPaths()).containsKeys(TEST + "getUser", TEST + "overloaded", CATALOG + "search", "/health");
        assertThat(api.getPaths().get(TEST + "getUser").getPost().getOperationId())
                .isEqualTo("TestService_getUser");
        assertThat(api.getComponents().getSchemas()).containsKeys("ResultOfPageOfUser", "User", "Status", "Error");
    }

    @Test
    void bothJsonEnginesWriteTheSameDocument() {
        HttpResponse<String> r = get(gson, "/openapi.json");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(JsonParser.parseString(r.body())).isEqualTo(doc);
    }

    private static JsonObject schema(String name) {
        return doc.getAsJsonObject("components").getAsJsonObject("schemas").getAsJsonObject(name);
    }

    private static JsonObject post(String path) {
        return doc.getAsJsonObject("paths").getAsJsonObject(path).getAsJsonObject("post");
    }

    private static JsonObject body(JsonObject op) {
        return op.getAsJsonObject("requestBody")
                .getAsJsonObject("content")
                .getAsJsonObject("application/json")
                .getAsJsonObject("schema");
    }

    /** The schema of the answer with {@code status}; of a value that may be null, the schema of the value. */
    private static JsonObject answer(JsonObject op, String status) {
        JsonObject schema = op.getAsJsonObject("responses")
                .getAsJsonObject(status)
                .getAsJsonObject("content")
                .getAsJsonObject("application/json")
                .getAsJsonObject("schema");
        JsonArray anyOf = schema.getAsJsonArray("anyOf");
        if (anyOf != null && anyOf.size() == 2 && anyOf.get(1).toString().equals("{\"type\":\"null\"}")) {
            return anyOf.get(0).getAsJsonObject();
        }
        return schema;
    }

    @Test
    void genericAnswersAreResolvedIntoNamedInstantiations() {
        assertThat(answer(post(CATALOG + "search"), "200").get("$ref").getAsString())
                .isEqualTo("#/components/schemas/ResultOfPageOfUser");
        JsonObject result = schema("ResultOfPageOfUser").getAsJsonObject("properties");
        assertThat(result.getAsJsonObject("data").get("$ref").getAsString())
                .isEqualTo("#/components/schemas/PageOfUser");
        assertThat(result.getAsJsonObject("code").get("format").getAsString()).isEqualTo("int32");
        JsonObject page = schema("PageOfUser").getAsJsonObject("properties");
        assertThat(page.getAsJsonObject("items")
                        .getAsJsonObject("items")
                        .get("$ref")
                        .getAsString())
                .isEqualTo("#/components/schemas/User");
        assertThat(page.getAsJsonObject("total").get("format").getAsString()).isEqualTo("int64");
        assertThat(page.getAsJsonObject("total").get("description").getAsString())
                .contains("2^53");
        // Map<String, List<Status>>
        JsonObject statuses = answer(post(CATALOG + "statuses"), "200");
        assertThat(statuses.get("type").getAsString()).isEqualTo("object");
        assertThat(statuses.getAsJsonObject("additionalProperties")
                        .getAsJsonObject("items")
                        .get("$ref")
                        .getAsString())
                .isEqualTo("#/components/schemas/Status");
        assertThat(schema("Status").getAsJsonArray("enum").toString()).isEqualTo("[\"ACTIVE\",\"LOCKED\"]");
        assertThat(answer(post(TEST + "getUser"), "200").get("$ref").getAsString())
                .isEqualTo("#/components/schemas/ResultOfUser");
        // a type that holds itself refers to its own component
        assertThat(schema("Node")
                        .getAsJsonObject("properties")
                        .getAsJsonObject("children")
                        .getAsJsonObject("items")
                        .get("$ref")
                        .getAsString())
                .isEqualTo("#/components/schemas/Node");
        // a generic superclass's type variables are resolved for its fields
        JsonObject userPage = schema("UserPage").getAsJsonObject("properties");
        assertThat(userPage.keySet()).contains("cursor", "number", "total", "items");
        assertThat(userPage.getAsJsonObject("items")
                        .getAsJsonObject("items")
                        .get("$ref")
                        .getAsString())
                .isEqualTo("#/components/schemas/User");
    }

    @Test
    void scalarsSayHowTheWireWritesThem() {
        JsonObject user = schema("User").getAsJsonObject("properties");
        assertThat(user.getAsJsonObject("birthday").get("format").getAsString()).isEqualTo("date");
        assertThat(user.getAsJsonObject("createdAt").get("format").getAsString())
                .isEqualTo("date-time");
        assertThat(user.getAsJsonObject("lastLogin").get("format").getAsString())
                .isEqualTo("date-time");
        assertThat(user.getAsJsonObject("avatar").get("contentEncoding").getAsString())
                .isEqualTo("base64");
        assertThat(user.getAsJsonObject("balance").get("type").getAsString()).isEqualTo("number");
        assertThat(user.getAsJsonObject("tags")
                        .getAsJsonObject("items")
                        .get("type")
                        .getAsString())
                .isEqualTo("string");
        JsonObject echoBytes = answer(post(TEST + "echoBytes"), "200");
        assertThat(echoBytes.get("contentEncoding").getAsString()).isEqualTo("base64");
        assertThat(post(TEST + "ping")
                        .getAsJsonObject("responses")
                        .getAsJsonObject("200")
                        .has("content"))
                .isFalse();
    }

    @Test
    void argumentsArePositionalArraysOrNamedObjects() {
        JsonObject concat = body(post(TEST + "concat"));
        JsonArray either = concat.getAsJsonArray("oneOf");
        JsonObject positional = either.get(0).getAsJsonObject();
        assertThat(positional.get("type").getAsString()).isEqualTo("array");
        assertThat(positional.getAsJsonArray("prefixItems")).hasSize(2);
        assertThat(positional.get("minItems").getAsInt()).isEqualTo(2);
        assertThat(positional.get("maxItems").getAsInt()).isEqualTo(2);
        JsonObject named = either.get(1).getAsJsonObject();
        assertThat(named.getAsJsonObject("properties").keySet()).containsExactly("a", "b");
        // one parameter that is a list: no named form (the body would be ambiguous)
        JsonObject users = body(post(TEST + "users"));
        assertThat(users.has("oneOf")).isFalse();
        assertThat(users.getAsJsonArray("prefixItems")
                        .get(0)
                        .getAsJsonObject()
                        .get("type")
                        .getAsString())
                .isEqualTo("array");
    }

    @Test
    void overloadsArePickedByTheParameterTypesHeader() {
        JsonObject op = post(TEST + "overloaded");
        JsonObject header = null;
        for (var p : op.getAsJsonArray("parameters")) {
            JsonObject o = p.getAsJsonObject();
            if (o.has("name") && o.get("name").getAsString().equals("Dubbo-Parameter-Types")) {
                header = o;
            }
        }
        assertThat(header).isNotNull();
        // two overloads take one argument: the provider cannot pick without it
        assertThat(header.get("required").getAsBoolean()).isTrue();
        // full and simple names, as the provider takes both
        assertThat(header.getAsJsonObject("schema").getAsJsonArray("enum").asList().stream()
                        .map(e -> e.getAsString()))
                .containsExactlyInAnyOrder("int", "java.lang.String", "java.lang.String,int", "String", "String,int");
        assertThat(body(op).getAsJsonArray("anyOf")).hasSize(3);
        // all three return a string: one schema
        assertThat(answer(op, "200").get("type").getAsString()).isEqualTo("string");
        // and what the document says works on the wire
        HttpResponse<String> r =
                Http.post(server.baseUrl() + TEST + "overloaded", "[7]", "Dubbo-Parameter-Types", "int");
        assertThat(r.statusCode()).isEqualTo(200);
    }

    /**
     * What the document requires is what the provider needs: the header that picks an overload only where two
     * overloads take as many arguments (it was required for every overloaded method), version and group only where
     * every export of the path has one (they were never required, and such a call without them is 404).
     */
    @Test
    void headersAreRequiredExactlyWhereTheProviderNeedsThem() {
        Map<String, Object> doc = OpenApiDocument.build(
                List.of(
                        new OpenApiDocument.Export("x.Api", "1.0", "a", ServiceMeta.of(CatalogService.class), Set.of()),
                        new OpenApiDocument.Export(
                                "x.Api", "2.0", null, ServiceMeta.of(CatalogService.class), Set.of()),
                        new OpenApiDocument.Export(
                                "x.Lock", null, null, ServiceMeta.of(java.util.concurrent.locks.Lock.class), Set.of())),
                "/health");
        JsonObject json = new Gson().toJsonTree(doc).getAsJsonObject();
        JsonObject paths = json.getAsJsonObject("paths");
        String first = paths.keySet().stream()
                .filter(k -> k.startsWith("/x.Api/"))
                .findFirst()
                .orElseThrow();
        Map<String, Boolean> required = new java.util.TreeMap<>();
        for (var p : paths.getAsJsonObject(first).getAsJsonObject("post").getAsJsonArray("parameters")) {
            JsonObject o = p.getAsJsonObject();
            if (o.has("name")) {
                required.put(o.get("name").getAsString(), o.get("required").getAsBoolean());
            }
        }
        assertThat(required).containsEntry("Dubbo-Service-Version", true).containsEntry("Dubbo-Service-Group", false);
        // exported twice, one of them without version or group: neither is required
        String parameters = post(TEST + "fail").getAsJsonArray("parameters").toString();
        assertThat(parameters).doesNotContain("\"required\":true");
        // tryLock() and tryLock(long, TimeUnit): the number of arguments picks one, the header is not required
        JsonObject tryLock = paths.getAsJsonObject("/x.Lock/tryLock").getAsJsonObject("post");
        boolean described = false;
        for (var p : tryLock.getAsJsonArray("parameters")) {
            JsonObject o = p.getAsJsonObject();
            if (o.has("name") && o.get("name").getAsString().equals("Dubbo-Parameter-Types")) {
                assertThat(o.get("required").getAsBoolean()).isFalse();
                described = true;
            }
        }
        assertThat(described).isTrue();
    }

    @Test
    void versionsGroupsAndDeclaredExceptionsAreDescribed() {
        JsonObject op = post(TEST + "fail");
        String parameters = op.getAsJsonArray("parameters").toString();
        assertThat(parameters).contains("\"Dubbo-Service-Version\"", "\"enum\":[\"2.0\"]", "\"enum\":[\"blue\"]");
        assertThat(parameters).contains("#/components/parameters/DubboTimeout");
        String failed = answer(op, "500").toString();
        assertThat(failed).contains("#/components/schemas/BizExceptionError", "#/components/schemas/Error");
        JsonObject biz = schema("BizExceptionError");
        JsonObject own = biz.getAsJsonArray("allOf").get(1).getAsJsonObject().getAsJsonObject("properties");
        assertThat(own.getAsJsonObject("exception").get("const").getAsString())
                .isEqualTo(io.httpjson.protocol.api.Types.BizException.class.getName());
        assertThat(own.getAsJsonObject("fields")
                        .getAsJsonObject("properties")
                        .getAsJsonObject("code")
                        .get("type")
                        .getAsString())
                .isEqualTo("integer");
        assertThat(schema("Error").getAsJsonArray("required").toString()).contains("code", "status", "message");
    }

    /** The schema of the answer with {@code status} of the operation at {@code path}, its refs resolvable. */
    private static JsonSchema answerSchema(String path, String status) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        JsonNode document = mapper.readTree(json);
        ObjectNode root = mapper.createObjectNode();
        root.setAll((ObjectNode) mapper.readTree(answer(post(path), status).toString()));
        root.set("components", document.get("components"));
        return JsonSchemaFactory.getInstance(VersionFlag.V202012).getSchema(root);
    }

    @Test
    void realAnswersMatchTheirSchemas() throws Exception {
        String[][] calls = {
            {TEST + "hello", "[\"x\"]"},
            {TEST + "getUser", "[7]"},
            {TEST + "users", "[[1, 2]]"},
            {TEST + "byName", "[{\"a\": {\"id\": 1, \"name\": \"a\", \"tags\": [\"t\"]}}]"},
            {TEST + "userArray", "[[{\"id\": 1, \"status\": \"LOCKED\"}]]"},
            {TEST + "doubled", "[[1, 2]]"},
            {TEST + "echoBytes", "[\"AAEC/4A=\"]"},
            {TEST + "add", "[1.5, 2]"},
            {TEST + "big", "[9007199254740993]"},
            {TEST + "plusDays", "[\"2024-01-31T10:15:30\", 1]"},
            {TEST + "instant", "[\"2024-01-31T10:15:30Z\"]"},
            {TEST + "flip", "[\"ACTIVE\"]"},
            {TEST + "helloAsync", "[\"x\"]"},
            {TEST + "count", "[]"},
            {CATALOG + "search", "[\"q\", 2]"},
            {CATALOG + "statuses", "[[7]]"},
            {CATALOG + "tree", "[2]"},
            {CATALOG + "firstPage", "[]"},
        };
        ObjectMapper mapper = new ObjectMapper();
        for (String[] call : calls) {
            HttpResponse<String> r = Http.post(server.baseUrl() + call[0], call[1], "Dubbo-Request-Id", "42");
            assertThat(r.statusCode()).as(call[0] + " " + r.body()).isEqualTo(200);
            // the answer's headers the document lists
            assertThat(r.headers().firstValue("Dubbo-Request-Id")).hasValue("42");
            assertThat(r.headers().firstValue("Server-Timing"))
                    .hasValueSatisfying(t -> assertThat(t).startsWith("dubbo;dur="));
            assertThat(post(call[0])
                            .getAsJsonObject("responses")
                            .getAsJsonObject("200")
                            .getAsJsonObject("headers")
                            .keySet())
                    .contains("Dubbo-Request-Id", "Server-Timing", "Dubbo-Attachments");
            assertThat(answerSchema(call[0], "200").validate(mapper.readTree(r.body())))
                    .as(call[0] + " answered " + r.body())
                    .isEmpty();
        }
        HttpResponse<String> failed = Http.post(server.baseUrl() + TEST + "fail", "[\"no\", 42]");
        assertThat(failed.statusCode()).isEqualTo(500);
        assertThat(answerSchema(TEST + "fail", "500").validate(mapper.readTree(failed.body())))
                .as(failed.body())
                .isEmpty();
        HttpResponse<String> refused = Http.post(server.baseUrl() + TEST + "concat", "[1, 2]");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(answerSchema(TEST + "concat", "default").validate(mapper.readTree(refused.body())))
                .as(refused.body())
                .isEmpty();
        // and the schemas do refuse what the wire would not carry
        assertThat(answerSchema(TEST + "getUser", "200")
                        .validate(mapper.readTree("{\"code\": 0, \"data\": {\"id\": \"7\", \"status\": \"GONE\"}}")))
                .hasSize(2);
    }

    @Test
    void offByDefaultThePathsAnswerAsBefore() {
        assertThat(get(off, "/openapi.json").statusCode()).isEqualTo(404);
        assertThat(get(off, "/").statusCode()).isEqualTo(404);
        assertThat(get(off, "/openapi.json").body()).contains("SERVICE_NOT_FOUND");
        assertThat(Http.post(off.baseUrl() + "/openapi.json", "[]").statusCode())
                .isEqualTo(404);
        HttpResponse<String> head = Http.send(HttpRequest.newBuilder(URI.create(off.baseUrl() + "/"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .timeout(Duration.ofSeconds(10))
                .build());
        assertThat(head.statusCode()).isEqualTo(405);
        // on, GET serves them, and HEAD as GET without the body (RFC 9110, 9.3.2); another method is told so
        HttpResponse<String> post = Http.post(server.baseUrl() + "/openapi.json", "[]");
        assertThat(post.statusCode())
                .as("a POST to the provider's own path: no service")
                .isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
        for (String path : new String[] {"/openapi.json", "/"}) {
            HttpResponse<String> onHead = Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                    .method("HEAD", HttpRequest.BodyPublishers.noBody())
                    .timeout(Duration.ofSeconds(10))
                    .build());
            assertThat(onHead.statusCode()).as(path).isEqualTo(200);
            assertThat(onHead.body()).as(path).isEmpty();
            HttpResponse<String> delete = Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + path))
                    .DELETE()
                    .timeout(Duration.ofSeconds(10))
                    .build());
            assertThat(delete.statusCode()).as(path).isEqualTo(405);
            assertThat(delete.headers().firstValue("Allow")).as(path).hasValue("GET, HEAD");
        }
    }

    @Test
    void theSwitchIsTrueOrFalse() {
        String url = "httpjson://127.0.0.1:8090/x.Y?httpjson.openapi=";
        assertThat(HttpFeatures.of(URL.valueOf(url + "true")).openapi()).isTrue();
        assertThat(HttpFeatures.of(URL.valueOf("httpjson://127.0.0.1:8090/x.Y")).openapi())
                .isFalse();
        assertThatThrownBy(() -> HttpFeatures.of(URL.valueOf(url + "yes")))
                .hasMessageStartingWith("httpjson.openapi: yes (expected: true or false)");
    }

    @Test
    void thePageIsServedFromTheJar() {
        HttpResponse<String> r = get(server, "/");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
        assertThat(r.headers().firstValue("Content-Security-Policy"))
                .hasValueSatisfying(p -> assertThat(p).contains("default-src 'none'", "connect-src 'self'"));
        assertThat(r.body()).contains("fetch(\"openapi.json\"").doesNotContain("http://", "https://");
    }
}
