package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion.VersionFlag;
import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document against the provider's real answers, with a JSON Schema validator. What it says a method's
 * request body may be is what the provider takes: a body valid against the request schema is answered 200, and a
 * body the provider refuses is one the schema refuses too (single-parameter methods: the named form the document
 * offers for them, {@code Optional} parameters, the JDK's classes). And a method that returns null answers {@code 200} with the
 * JSON {@code null}, which the answer's schema admits for every return type that can be null, and only for those.
 */
class OpenApiAgainstTheProviderTest {

    static final String TEST = "/" + TestService.class.getName() + "/";
    static final String PROBE = "/" + ProbeService.class.getName() + "/";
    static final ObjectMapper MAPPER = new ObjectMapper();

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .service(ProbeService.class, new ProbeService.Impl(), s -> s.setParameters(Map.of("httpjson.get", "true")))
            .build();

    static JsonNode doc;

    @BeforeAll
    static void read() throws Exception {
        HttpResponse<String> r = Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/openapi.json"))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build());
        assertThat(r.statusCode()).isEqualTo(200);
        doc = MAPPER.readTree(r.body());
    }

    /** The schema at {@code where} of the operation at path, with the document's components to resolve its refs. */
    static JsonSchema schema(String path, String where) {
        ObjectNode root = MAPPER.createObjectNode();
        root.setAll((ObjectNode) doc.at("/paths/" + path.replace("/", "~1") + "/post/" + where));
        root.set("components", doc.get("components"));
        return JsonSchemaFactory.getInstance(VersionFlag.V202012).getSchema(root);
    }

    static JsonSchema requestSchema(String path) {
        return schema(path, "requestBody/content/application~1json/schema");
    }

    static JsonSchema answerSchema(String path) {
        return schema(path, "responses/200/content/application~1json/schema");
    }

    /** The document accepts body for path exactly when the provider does. */
    static void agree(String path, String body) throws Exception {
        boolean documented = requestSchema(path).validate(MAPPER.readTree(body)).isEmpty();
        HttpResponse<String> r = Http.post(server.baseUrl() + path, body);
        assertThat(r.statusCode() == 200)
                .as(path + " " + body + ": the document " + (documented ? "accepts" : "refuses")
                        + " it, the provider answered " + r.statusCode() + " " + r.body())
                .isEqualTo(documented);
    }

    @Test
    void theNamedFormIsOfferedExactlyWhereTheProviderTakesIt() throws Exception {
        agree(TEST + "hello", "{\"name\": \"x\"}");
        agree(TEST + "flip", "{\"s\": \"ACTIVE\"}");
        agree(TEST + "instant", "{\"t\": \"2024-01-31T10:15:30Z\"}");
        agree(TEST + "concat", "{\"a\": \"x\", \"b\": \"y\"}");
        // byte[] and Duration: the document offers {"data": ...} and {"d": ...}
        agree(TEST + "echoBytes", "{\"data\": \"AAEC\"}");
        agree(PROBE + "twice", "{\"d\": \"PT1S\"}");
        // and the positional form of both works
        agree(TEST + "echoBytes", "[\"AAEC\"]");
        agree(PROBE + "twice", "[\"PT1S\"]");
    }

    @Test
    void anOptionalParameterIsDescribedAsTheProviderReadsIt() throws Exception {
        // the provider reads an Optional argument only as null (docs/protocol.md, "JSON mapping")
        agree(PROBE + "opt", "[\"x\"]");
        agree(PROBE + "opt", "[null]");
    }

    @Test
    void jdkClassesAreDescribedAsTheProviderReadsThem() throws Exception {
        // the JDK's text types are strings, AtomicBoolean a boolean; other JDK classes and interfaces only null
        String uuid = "\"550e8400-e29b-41d4-a716-446655440000\"";
        agree(PROBE + "jdk", "[" + uuid + ", \"en_US\", true]");
        agree(PROBE + "jdk", "[" + uuid + ", {\"language\": \"en\"}, true]");
        agree(PROBE + "jdk", "[" + uuid + ", \"en_US\", 1]");
        agree(PROBE + "jdk", "[12, \"en_US\", true]");
        agree(PROBE + "file", "[\"/tmp/x\"]");
        agree(PROBE + "file", "[null]");
        agree(PROBE + "chars", "[\"x\"]");
        agree(PROBE + "chars", "[null]");
        agree(PROBE + "wrapped", "[[\"x\"]]");
        agree(PROBE + "wrapped", "[[null]]");
    }

    @Test
    void aNullAnswerMatchesTheDocumentedSchema() throws Exception {
        String[][] calls = {
            {PROBE + "find", "[0]"}, // a POJO
            {TEST + "nullable", "[null]"}, // a String
            {PROBE + "maybe", "[null]"}, // an empty Optional<String>
            {TEST + "big", "[null]"}, // a Long
        };
        for (String[] call : calls) {
            HttpResponse<String> r = Http.post(server.baseUrl() + call[0], call[1]);
            assertThat(r.statusCode()).as(call[0] + " " + r.body()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("null");
            assertThat(answerSchema(call[0]).validate(MAPPER.readTree(r.body())))
                    .as(call[0] + " answered null; its documented schema is "
                            + doc.at("/paths/" + call[0].replace("/", "~1") + "/post/responses/200/content"))
                    .isEmpty();
        }
        // a primitive is never null, and its schema says so
        assertThat(answerSchema(TEST + "count").validate(MAPPER.readTree("null")))
                .isNotEmpty();
        assertThat(answerSchema(TEST + "count").validate(MAPPER.readTree("3"))).isEmpty();
    }

    static HttpResponse<String> get(String pathAndQuery) {
        return Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + pathAndQuery))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build());
    }

    static List<String> queryNames(String path) {
        List<String> names = new ArrayList<>();
        for (JsonNode p : doc.at("/paths/" + path.replace("/", "~1") + "/get/parameters")) {
            if ("query".equals(p.path("in").asText())) {
                names.add(p.get("name").asText()
                        + (p.get("required").asBoolean() ? "!" : "")
                        + (p.has("content") ? " json" : " text"));
            }
        }
        return names;
    }

    /**
     * A method the provider declares safe has a GET operation whose query parameters are the ones the provider
     * reads (by name; a primitive required; JSON or plain text as the provider takes each), and whose answer schema
     * admits the real answer; a method not declared safe has none.
     */
    @Test
    void theGetOfASafeMethodIsDescribedAsTheProviderTakesIt() throws Exception {
        assertThat(queryNames(PROBE + "find")).containsExactly("id! json");
        assertThat(queryNames(PROBE + "twice")).containsExactly("d json"); // a Duration is JSON in a query
        assertThat(queryNames(PROBE + "jdk")).containsExactly("id text", "l json", "b json");
        assertThat(doc.at("/paths/" + (TEST + "hello").replace("/", "~1") + "/get")
                        .isMissingNode())
                .isTrue();
        HttpResponse<String> found = get(PROBE + "find?id=7");
        assertThat(found.statusCode()).as(found.body()).isEqualTo(200);
        ObjectNode root = MAPPER.createObjectNode();
        root.setAll((ObjectNode) doc.at("/paths/" + (PROBE + "find").replace("/", "~1")
                + "/get/responses/200/content/application~1json/schema"));
        root.set("components", doc.get("components"));
        assertThat(JsonSchemaFactory.getInstance(VersionFlag.V202012)
                        .getSchema(root)
                        .validate(MAPPER.readTree(found.body())))
                .as(found.body())
                .isEmpty();
        HttpResponse<String> twice = get(PROBE + "twice?d=%22PT1S%22");
        assertThat(twice.body()).isEqualTo("\"PT2S\"");
        HttpResponse<String> jdk = get(PROBE + "jdk?id=550e8400-e29b-41d4-a716-446655440000&l=%22en_US%22&b=true");
        assertThat(jdk.statusCode()).as(jdk.body()).isEqualTo(200);
    }

    /** Every POST says a one-way call (Prefer: respond-async) is answered 202, and the provider does so. */
    @Test
    void aOneWayCallIsDescribedAsTheProviderAnswersIt() throws Exception {
        JsonNode post = doc.at("/paths/" + (TEST + "hello").replace("/", "~1") + "/post");
        assertThat(post.at("/responses/202").isMissingNode()).isFalse();
        assertThat(post.get("parameters").toString()).contains("#/components/parameters/PreferRespondAsync");
        assertThat(doc.at("/components/parameters/PreferRespondAsync/name").asText())
                .isEqualTo("Prefer");
        HttpResponse<String> r = Http.post(server.baseUrl() + TEST + "hello", "[\"x\"]", "Prefer", "respond-async");
        assertThat(r.statusCode()).isEqualTo(202);
    }

    /** The health path's HEAD is described, and answered. */
    @Test
    void theHealthHeadIsDescribedAsAnswered() {
        assertThat(doc.at("/paths/~1health/head/responses/200").isMissingNode()).isFalse();
        HttpResponse<String> r = Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/health"))
                .timeout(Duration.ofSeconds(10))
                .method("HEAD", HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(r.statusCode()).isEqualTo(200);
    }
}
