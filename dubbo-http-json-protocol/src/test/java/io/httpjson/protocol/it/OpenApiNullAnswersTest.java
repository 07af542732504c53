package io.httpjson.protocol.it;

import java.net.http.HttpResponse;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A method that returns null answers {@code 200} with the JSON {@code null}: the document's schema of the answer
 * admits it for every return type that can be null (objects, strings, boxes, Optional), and only for those.
 */
class OpenApiNullAnswersTest {

    static final String TEST = "/" + TestService.class.getName() + "/";
    static final String PROBE = "/" + ProbeService.class.getName() + "/";
    static final ObjectMapper MAPPER = new ObjectMapper();

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("httpjson.openapi", "true")
            .service(TestService.class, new TestServiceImpl())
            .service(ProbeService.class, new ProbeService.Impl())
            .build();

    static JsonSchema answerSchema(JsonNode doc, String path) {
        ObjectNode root = MAPPER.createObjectNode();
        root.setAll((ObjectNode)
                doc.at("/paths/" + path.replace("/", "~1") + "/post/responses/200/content/application~1json/schema"));
        root.set("components", doc.get("components"));
        return JsonSchemaFactory.getInstance(VersionFlag.V202012).getSchema(root);
    }

    @Test
    void aNullAnswerMatchesTheDocumentedSchema() throws Exception {
        JsonNode doc = MAPPER.readTree(
                Http.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(server.baseUrl() + "/openapi.json"))
                                .GET()
                                .build())
                        .body());
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
            assertThat(answerSchema(doc, call[0]).validate(MAPPER.readTree(r.body())))
                    .as(call[0] + " answered null; its documented schema is "
                            + doc.at("/paths/" + call[0].replace("/", "~1") + "/post/responses/200/content"))
                    .isEmpty();
        }
        // a primitive is never null, and its schema says so
        assertThat(answerSchema(doc, TEST + "count").validate(MAPPER.readTree("null")))
                .isNotEmpty();
        assertThat(answerSchema(doc, TEST + "count").validate(MAPPER.readTree("3")))
                .isEmpty();
    }
}
