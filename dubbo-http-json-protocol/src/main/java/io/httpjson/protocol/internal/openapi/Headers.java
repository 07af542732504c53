package io.httpjson.protocol.internal.openapi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.httpjson.protocol.internal.Wire;

/** The {@code Dubbo-*} request headers as OpenAPI header parameters (docs/protocol.md, "Headers"). */
final class Headers {

    static final String TIMEOUT = "DubboTimeout";
    static final String ATTACHMENTS = "DubboAttachments";

    private Headers() {}

    /** The shared ones, as components. */
    static Map<String, Object> components() {
        Map<String, Object> timeout = new LinkedHashMap<>();
        timeout.put("type", "integer");
        timeout.put("format", "int64");
        timeout.put("minimum", 0);
        Map<String, Object> attachments = new LinkedHashMap<>();
        attachments.put("type", "string");
        attachments.put("examples", new ArrayList<>(java.util.List.of("traceId=abc123,user=J%C3%B6rg")));
        Map<String, Object> c = new LinkedHashMap<>();
        c.put(
                TIMEOUT,
                header(
                        Wire.TIMEOUT,
                        "Milliseconds the caller waits: a call that waited longer before it could run is not run (504)."
                                + " Above one day counts as one day",
                        timeout));
        c.put(
                ATTACHMENTS,
                header(
                        Wire.ATTACHMENTS,
                        "Dubbo attachments: key=value pairs joined by ',', keys and values percent-encoded UTF-8",
                        attachments));
        return c;
    }

    /** A header whose values are those exported here (any string if none is). */
    static Map<String, Object> choice(String name, Set<String> values, String description) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "string");
        if (!values.isEmpty()) {
            schema.put("enum", new ArrayList<>(values));
        }
        return header(name, description, schema);
    }

    static Map<String, Object> ref(String component) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("$ref", "#/components/parameters/" + component);
        return r;
    }

    private static Map<String, Object> header(String name, String description, Map<String, Object> schema) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("name", name);
        p.put("in", "header");
        p.put("required", false);
        p.put("description", description);
        p.put("schema", schema);
        return p;
    }
}
