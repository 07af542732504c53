package io.httpjson.protocol.internal.openapi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.ServiceMeta;
import io.httpjson.protocol.internal.Wire;

/**
 * The OpenAPI 3.1 document of the services exported on one port, made from their Java interfaces: one tag per
 * service path, one {@code POST /{interface}/{method}} operation per method name, the {@code Dubbo-*} request
 * headers, the health path, and the schemas of arguments, values and errors as components. A plain tree of maps,
 * lists, strings, numbers and booleans, for any JSON engine to write.
 */
public final class OpenApiDocument {

    /** One exported service: its path, version and group (null for none), and its interface. */
    public record Export(String path, String version, String group, ServiceMeta meta, Set<String> getMethods) {}

    public static final String VERSION = "3.1.0";

    private OpenApiDocument() {}

    public static Map<String, Object> build(List<Export> exports, String healthPath) {
        Schemas schemas = new Schemas();
        Errors.errorBody(schemas);
        Operations operations = new Operations(schemas);
        Map<String, List<Export>> byPath = new TreeMap<>();
        for (Export e : exports) {
            byPath.computeIfAbsent(e.path(), k -> new ArrayList<>()).add(e);
        }
        Map<String, Integer> simpleNames = new HashMap<>();
        for (List<Export> list : byPath.values()) {
            simpleNames.merge(list.get(0).meta().type().getSimpleName(), 1, Integer::sum);
        }
        Map<String, Object> paths = new LinkedHashMap<>();
        Map<String, Object> healthItem = new LinkedHashMap<>();
        healthItem.put("get", health(false));
        healthItem.put("head", health(true));
        paths.put(healthPath, healthItem);
        List<Object> tags = new ArrayList<>();
        tags.add(Map.of("name", "provider", "description", "The provider itself, not a service"));
        for (Map.Entry<String, List<Export>> entry : byPath.entrySet()) {
            String path = entry.getKey();
            List<Export> list = entry.getValue();
            ServiceMeta meta = list.get(0).meta();
            String simple = meta.type().getSimpleName();
            String prefix = simpleNames.get(simple) > 1 ? path.replaceAll("[^A-Za-z0-9]", "_") : simple;
            tags.add(tag(path, list));
            List<Object> shared = sharedParameters(list);
            for (String name : meta.methodNames()) {
                MethodMeta[] overloads = meta.byName(name);
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("post", operations.post(prefix + "_" + name, path, meta.type(), overloads, shared));
                if (list.stream().anyMatch(e -> e.getMethods().contains(name))) {
                    item.put("get", operations.get(prefix + "_" + name, path, meta.type(), overloads, shared));
                }
                paths.put("/" + path + "/" + name, item);
            }
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("openapi", VERSION);
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("title", "Dubbo services over httpjson");
        info.put("version", "1");
        info.put(
                "description",
                "Every exported method is POST /{interface}/{method} with its arguments as a JSON array (and GET,"
                        + " its arguments in the query, where the provider declares it safe); the answer is its return"
                        + " value as JSON, or an error body (docs/protocol.md).");
        doc.put("info", info);
        doc.put("servers", List.of(Map.of("url", "/")));
        doc.put("tags", tags);
        doc.put("paths", paths);
        Map<String, Object> components = new LinkedHashMap<>();
        components.put("schemas", schemas.components());
        components.put("parameters", Headers.components());
        doc.put("components", components);
        return doc;
    }

    private static Map<String, Object> tag(String path, List<Export> exports) {
        Set<String> described = new LinkedHashSet<>();
        for (Export e : exports) {
            String s = (e.version() != null ? "version " + e.version() : "")
                    + (e.group() != null ? (e.version() != null ? ", " : "") + "group " + e.group() : "");
            described.add(s.isEmpty() ? "no version or group" : s);
        }
        Map<String, Object> tag = new LinkedHashMap<>();
        tag.put("name", path);
        tag.put(
                "description",
                "interface " + exports.get(0).meta().type().getName() + "; exported as: "
                        + String.join("; ", described));
        return tag;
    }

    /**
     * Version and group (with the values this port exports), then the headers every call may send. A path exported
     * more than once is found by its exact version and group, so either is required when every export of the path
     * has one (none is reached without it).
     */
    private static List<Object> sharedParameters(List<Export> exports) {
        Set<String> versions = new LinkedHashSet<>();
        Set<String> groups = new LinkedHashSet<>();
        boolean anyWithoutVersion = false;
        boolean anyWithoutGroup = false;
        for (Export e : exports) {
            if (e.version() != null) {
                versions.add(e.version());
            } else {
                anyWithoutVersion = true;
            }
            if (e.group() != null) {
                groups.add(e.group());
            } else {
                anyWithoutGroup = true;
            }
        }
        boolean many = exports.size() > 1;
        List<Object> parameters = new ArrayList<>();
        parameters.add(Headers.choice(
                Wire.VERSION,
                versions,
                many && !anyWithoutVersion,
                "The service version (?version= does the same); may be left out when the service is exported once"));
        parameters.add(Headers.choice(
                Wire.GROUP,
                groups,
                many && !anyWithoutGroup,
                "The service group (?group= does the same); may be left out when the service is exported once"));
        parameters.add(Headers.ref(Headers.TIMEOUT));
        parameters.add(Headers.ref(Headers.ATTACHMENTS));
        parameters.add(Headers.ref(Headers.REQUEST_ID));
        return parameters;
    }

    private static Map<String, Object> health(boolean head) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("type", "string");
        status.put("enum", List.of("UP", "DOWN"));
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("properties", Map.of("status", status));
        schema.put("required", List.of("status"));
        Map<String, Object> responses = new LinkedHashMap<>();
        responses.put(
                "200",
                head
                        ? Map.of("description", "Serving")
                        : Map.of("description", "Serving", "content", Operations.json(schema)));
        responses.put(
                "503",
                head
                        ? Map.of("description", "Shutting down: drain this provider")
                        : Map.of(
                                "description",
                                "Shutting down: drain this provider",
                                "content",
                                Operations.json(schema)));
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("tags", List.of("provider"));
        op.put("operationId", head ? "healthHead" : "health");
        op.put("summary", "Whether the provider serves (for load balancers)" + (head ? ", as a status alone" : ""));
        op.put("responses", responses);
        return op;
    }
}
