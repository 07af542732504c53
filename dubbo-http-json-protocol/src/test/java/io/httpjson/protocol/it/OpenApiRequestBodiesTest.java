package io.httpjson.protocol.it;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

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
 * What the OpenAPI document says a method's request body may be is what the provider takes: a body made from the
 * document's request schema (and valid against it) is answered 200, and a body the provider refuses is one the
 * schema refuses too. The cases are single-parameter methods: the named form the document offers for them, and
 * {@code Optional} parameters.
 */
class OpenApiRequestBodiesTest {

    static final String TEST = "/" + TestService.class.getName() + "/";
    static final String PROBE = "/" + ProbeService.class.getName() + "/";
    static final ObjectMapper MAPPER = new ObjectMapper();

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .service(ProbeService.class, new ProbeService.Impl())
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

    /** The request body schema of the operation at path, with the document's components to resolve its refs. */
    static JsonSchema requestSchema(String path) {
        ObjectNode root = MAPPER.createObjectNode();
        root.setAll((ObjectNode)
                doc.at("/paths/" + path.replace("/", "~1") + "/post/requestBody/content/application~1json/schema"));
        root.set("components", doc.get("components"));
        return JsonSchemaFactory.getInstance(VersionFlag.V202012).getSchema(root);
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
}
