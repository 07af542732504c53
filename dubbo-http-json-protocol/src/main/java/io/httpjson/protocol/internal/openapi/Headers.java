package io.httpjson.protocol.internal.openapi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.httpjson.protocol.internal.Wire;

/** The {@code Dubbo-*} request headers as OpenAPI header parameters (docs/protocol.md, "Headers"). */
final class Headers {

    static final String TIMEOUT = "DubboTimeout";
    static final String ATTACHMENTS = "DubboAttachments";
    static final String REQUEST_ID = "DubboRequestId";
    static final String PREFER = "PreferRespondAsync";

    private Headers() {}

    /** The shared ones, as components. */
    static Map<String, Object> components() {
        Map<String, Object> timeout = new LinkedHashMap<>();
        timeout.put("type", "integer");
        timeout.put("format", "int64");
        timeout.put("minimum", 0);
        Map<String, Object> attachments = new LinkedHashMap<>();
        attachments.put("type", "string");
        attachments.put("examples", List.of("traceId=abc123,user=J%C3%B6rg"));
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
        c.put(
                REQUEST_ID,
                header(
                        Wire.REQUEST_ID,
                        "Any token: the provider echoes it on the answer (a pooling client can match answers to"
                                + " requests)",
                        string()));
        Map<String, Object> prefer = new LinkedHashMap<>();
        prefer.put("type", "string");
        prefer.put("enum", List.of(Wire.RESPOND_ASYNC));
        c.put(
                PREFER,
                header(
                        Wire.PREFER,
                        "respond-async: a one-way call; the provider checks the request, answers 202 with no body, then"
                                + " runs it (RFC 7240)",
                        prefer));
        return c;
    }

    /** The headers of an answer to a call, as OpenAPI response headers. */
    static Map<String, Object> response() {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put(Wire.REQUEST_ID, responseHeader("The request's " + Wire.REQUEST_ID + ", echoed"));
        h.put(Wire.ATTACHMENTS, responseHeader("Attachments the service set, encoded as in the request header"));
        h.put(
                "Server-Timing",
                responseHeader("Milliseconds the provider held the call, e.g. dubbo;dur=0.042 (W3C Server Timing)"));
        return h;
    }

    private static Map<String, Object> responseHeader(String description) {
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("description", description);
        h.put("schema", string());
        return h;
    }

    private static Map<String, Object> string() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", "string");
        return s;
    }

    /** A header whose values are those exported here (any string if none is). */
    static Map<String, Object> choice(String name, Set<String> values, boolean required, String description) {
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "string");
        if (!values.isEmpty()) {
            schema.put("enum", new ArrayList<>(values));
        }
        Map<String, Object> p = header(name, description, schema);
        p.put("required", required);
        return p;
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
