package io.httpjson.protocol.internal.openapi;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.protocol.internal.ErrorBody;
import io.httpjson.protocol.internal.ErrorCode;

/**
 * The schemas of error answers: the JSON error body every error has ({@link ErrorBody}, component {@code Error}),
 * and for each declared exception the body of its {@code BUSINESS_EXCEPTION}, with its class and custom fields as
 * {@code ThrowableJson} writes them (component {@code {SimpleName}Error}).
 */
final class Errors {

    static final String ERROR = "Error";

    private Errors() {}

    /** Adds the {@code Error} component; returns a reference to it. */
    static Map<String, Object> errorBody(Schemas schemas) {
        if (!schemas.components().containsKey(ERROR)) {
            List<String> codes = new ArrayList<>();
            for (ErrorCode c : ErrorCode.values()) {
                codes.add(c.name());
            }
            Map<String, Object> properties = new LinkedHashMap<>();
            properties.put(ErrorBody.CODE, described(enumOf(codes), "what went wrong"));
            properties.put(ErrorBody.STATUS, described(type("integer"), "the HTTP status, repeated"));
            properties.put(ErrorBody.MESSAGE, described(type("string"), "what is wrong and what to do"));
            properties.put(
                    ErrorBody.HELP,
                    described(
                            type("string"),
                            "the link to the troubleshooting guide's section on the code (httpjson.help-base-url)"));
            properties.put(
                    ErrorBody.RPC_CODE,
                    described(type("integer"), "Dubbo's RpcException code, when a provider filter refused the call"));
            properties.put(
                    ErrorBody.RETURNED,
                    described(
                            type("boolean"),
                            "with rpcCode: true when the RpcException was the call's result (the method threw it, or a"
                                    + " filter returned it), which Dubbo's failover does not send again"));
            properties.put(
                    "exception", described(type("string"), "for BUSINESS_EXCEPTION: the exception's class name"));
            properties.put(
                    "fields", described(type("object"), "for BUSINESS_EXCEPTION: the exception's own fields, by name"));
            properties.put(
                    ErrorBody.NULL_MESSAGE,
                    described(
                            type("boolean"),
                            "for BUSINESS_EXCEPTION: true when the exception had no message (message is then its"
                                    + " class name)"));
            properties.put(
                    "cause",
                    described(
                            type("object"),
                            "for BUSINESS_EXCEPTION: the cause: exception, message, fields, cause, suppressed"));
            Map<String, Object> suppressed = type("array");
            suppressed.put("items", type("object"));
            properties.put(
                    "suppressed",
                    described(
                            suppressed,
                            "for BUSINESS_EXCEPTION: the exceptions it suppressed (at most 8), each as the cause is"));
            Map<String, Object> violation = type("object");
            Map<String, Object> violationProperties = new LinkedHashMap<>();
            violationProperties.put("path", described(type("string"), "the parameter or field"));
            violationProperties.put("message", described(type("string"), "what it must be"));
            violation.put("properties", violationProperties);
            Map<String, Object> violations = type("array");
            violations.put("items", violation);
            properties.put(
                    "violations",
                    described(violations, "for VALIDATION_FAILED: each constraint the arguments broke (validation)"));
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("type", "object");
            s.put("description", "The JSON body of every error answer (docs/protocol.md, \"Errors\").");
            s.put("required", List.of(ErrorBody.CODE, ErrorBody.STATUS, ErrorBody.MESSAGE, ErrorBody.HELP));
            s.put("properties", properties);
            schemas.components().put(ERROR, s);
        }
        return ref(ERROR);
    }

    /** The body of a declared exception's 500 answer, as a component; returns a reference to it. */
    static Map<String, Object> exception(Schemas schemas, Class<?> type) {
        errorBody(schemas);
        String name = type.getSimpleName() + "Error";
        if (schemas.components().containsKey(name)) {
            return ref(name);
        }
        schemas.components().put(name, Map.of()); // placeholder while its fields are worked out
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Class<?> c = type; c != null && c != Throwable.class; c = c.getSuperclass()) {
            String n = c.getName();
            if (n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")) {
                continue;
            }
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m)
                        && !Modifier.isTransient(m)
                        && !f.isSynthetic()
                        && !Throwable.class.isAssignableFrom(f.getType())) {
                    fields.putIfAbsent(f.getName(), schemas.of(f.getGenericType()));
                }
            }
        }
        Map<String, Object> fieldsSchema = new LinkedHashMap<>();
        fieldsSchema.put("type", "object");
        fieldsSchema.put("properties", fields);
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(ErrorBody.CODE, constant("BUSINESS_EXCEPTION"));
        properties.put("exception", constant(type.getName()));
        properties.put("fields", fieldsSchema);
        Map<String, Object> own = new LinkedHashMap<>();
        own.put("type", "object");
        own.put("properties", properties);
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("description", "The method threw " + type.getName() + " (code BUSINESS_EXCEPTION, status 500).");
        s.put("allOf", List.of(ref(ERROR), own));
        schemas.components().put(name, s);
        return ref(name);
    }

    static Map<String, Object> ref(String name) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("$ref", Schemas.REF + name);
        return s;
    }

    private static Map<String, Object> type(String type) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("type", type);
        return s;
    }

    private static Map<String, Object> enumOf(List<String> values) {
        Map<String, Object> s = type("string");
        s.put("enum", values);
        return s;
    }

    private static Map<String, Object> constant(String value) {
        Map<String, Object> s = type("string");
        s.put("const", value);
        return s;
    }

    private static Map<String, Object> described(Map<String, Object> s, String description) {
        s.put("description", description);
        return s;
    }
}
