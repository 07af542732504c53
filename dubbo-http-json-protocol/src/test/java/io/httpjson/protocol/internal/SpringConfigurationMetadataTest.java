package io.httpjson.protocol.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Spring Boot configuration metadata the jar ships (what IDEs complete and explain) and the table of keys in
 * docs/configuration.md name the same {@code httpjson.*} keys, on the same side, with the same defaults: provider keys
 * as {@code dubbo.protocol.parameters.KEY}, consumer keys as {@code dubbo.consumer.parameters.KEY}.
 */
class SpringConfigurationMetadataTest {

    static final String RESOURCE = "META-INF/spring-configuration-metadata.json";
    static final String PROVIDER = "dubbo.protocol.parameters.";
    static final String CONSUMER = "dubbo.consumer.parameters.";
    static final Set<String> TYPES = Set.of("java.lang.String", "java.lang.Integer", "java.lang.Boolean");

    /** {@code | `httpjson.key` | side | default | meaning |} */
    static final Pattern ROW = Pattern.compile("^\\| `(httpjson\\.[a-z-]+)` \\| ([^|]+) \\| ([^|]+) \\|");

    /** Metadata property name to the default the table gives (backticks removed). */
    private static Map<String, String> documented() throws IOException {
        Map<String, String> names = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("..", "docs", "configuration.md"))) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                String side = m.group(2).trim();
                String def = m.group(3).trim().replace("`", "");
                assertThat(side).as(line).matches("provider.*|consumer.*|both.*");
                if (!side.startsWith("consumer")) {
                    names.put(PROVIDER + m.group(1), def);
                }
                if (!side.startsWith("provider")) {
                    names.put(CONSUMER + m.group(1), def);
                }
            }
        }
        return names;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> metadata() throws IOException {
        assertThat(SpringConfigurationMetadataTest.class.getClassLoader().getResource(RESOURCE))
                .as("shipped in the jar")
                .isNotNull();
        byte[] json = Files.readAllBytes(Path.of("src", "main", "resources", RESOURCE));
        return (Map<String, Object>) new Fastjson2TextCodec().read(json, 0, json.length, Object.class);
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyDocumentedKeyIsInTheMetadataAndNothingElse() throws IOException {
        Map<String, String> documented = documented();
        assertThat(documented).containsKey(PROVIDER + HttpJsonConfig.HELP_BASE_URL);
        assertThat(documented).containsKey(CONSUMER + HttpJsonConfig.PIPELINING);

        Map<String, Map<String, Object>> properties = new HashMap<>();
        for (Object p : (List<Object>) metadata().get("properties")) {
            Map<String, Object> property = (Map<String, Object>) p;
            assertThat(properties.put((String) property.get("name"), property))
                    .as("listed once: " + property.get("name"))
                    .isNull();
        }
        assertThat(properties.keySet()).containsExactlyInAnyOrderElementsOf(documented.keySet());

        for (Map.Entry<String, Map<String, Object>> e : properties.entrySet()) {
            Map<String, Object> property = e.getValue();
            assertThat((String) property.get("description")).as(e.getKey()).isNotBlank();
            assertThat(TYPES).as(e.getKey()).contains((String) property.get("type"));
            String docDefault = documented.get(e.getKey());
            if (property.containsKey("defaultValue")) {
                assertThat(String.valueOf(property.get("defaultValue")))
                        .as("default of " + e.getKey())
                        .isEqualTo(docDefault);
            } else {
                assertThat(docDefault)
                        .as("the table gives a default for " + e.getKey() + " but the metadata does not")
                        .doesNotMatch("-?[0-9]+|true|false");
            }
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void valueHintsNameListedProperties() throws IOException {
        Map<String, Object> metadata = metadata();
        Set<String> names = new java.util.HashSet<>();
        for (Object p : (List<Object>) metadata.get("properties")) {
            names.add((String) ((Map<String, Object>) p).get("name"));
        }
        for (Object h : (List<Object>) metadata.get("hints")) {
            Map<String, Object> hint = (Map<String, Object>) h;
            assertThat(names).contains((String) hint.get("name"));
            assertThat((List<Object>) hint.get("values")).isNotEmpty();
        }
    }
}
