package io.httpjson.protocol.internal.openapi;

import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.Wire;
import io.httpjson.protocol.internal.codec.Arguments;

/**
 * The operation of one method name of one service: {@code POST /{interface}/{method}}, its arguments as the JSON
 * array of all of them ({@code prefixItems}) or, where the provider accepts it, the object keyed by parameter
 * name; its value; its declared exceptions. Overloads share the path, which OpenAPI gives one operation: it takes
 * {@code Dubbo-Parameter-Types} (an enum of the signatures; required only where two overloads take as many
 * arguments) and its body and value are {@code anyOf} the overloads'. A method declared safe has a GET as well.
 */
final class Operations {

    private final Schemas schemas;

    Operations(Schemas schemas) {
        this.schemas = schemas;
    }

    Map<String, Object> post(
            String operationId, String tag, Class<?> service, MethodMeta[] overloads, List<Object> shared) {
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("tags", List.of(tag));
        op.put("operationId", operationId);
        List<String> signatures = new ArrayList<>();
        for (MethodMeta m : overloads) {
            signatures.add(m.toString());
        }
        op.put("summary", String.join(" | ", signatures));
        List<Object> parameters = new ArrayList<>(shared);
        if (overloads.length > 1) {
            parameters.add(parameterTypes(overloads));
        }
        op.put("parameters", parameters);
        List<Object> bodies = new ArrayList<>();
        boolean needsBody = false;
        for (MethodMeta m : overloads) {
            bodies.add(arguments(m));
            needsBody |= m.arity() > 0;
        }
        Map<String, Object> requestBody = new LinkedHashMap<>();
        requestBody.put(
                "description",
                "The arguments: a JSON array of all of them in order (always accepted)"
                        + (overloads.length > 1 ? "; pick the overload with " + Wire.PARAMETER_TYPES : ""));
        requestBody.put("required", needsBody);
        requestBody.put("content", json(anyOf(bodies)));
        op.put("requestBody", requestBody);
        parameters.add(Headers.ref(Headers.PREFER));
        Map<String, Object> responses = responses(service, overloads);
        Map<String, Object> accepted = new LinkedHashMap<>();
        accepted.put("description", "Accepted, with Prefer: respond-async: the call runs after this answer, no result");
        responses.put("202", accepted);
        op.put("responses", responses);
        return op;
    }

    /**
     * The GET of a method its provider declares safe: the arguments in the query string, by name where the names are
     * known (else by position, {@code ?0=...&1=...}); a string-like value is the text itself, any other one JSON value.
     */
    Map<String, Object> get(
            String operationId, String tag, Class<?> service, MethodMeta[] overloads, List<Object> shared) {
        Map<String, Object> op = new LinkedHashMap<>();
        op.put("tags", List.of(tag));
        op.put("operationId", operationId + "_get");
        List<String> signatures = new ArrayList<>();
        for (MethodMeta m : overloads) {
            signatures.add(m.toString());
        }
        op.put("summary", String.join(" | ", signatures));
        op.put(
                "description",
                "Declared safe (httpjson.get=true): the arguments in the query string, by name or by position"
                        + " (?0=...&1=...); a string-like value is the text itself, any other value one JSON value."
                        + " A parameter left out is null");
        List<Object> parameters = new ArrayList<>(shared);
        if (overloads.length > 1) {
            parameters.add(parameterTypes(overloads));
        }
        parameters.addAll(query(overloads));
        op.put("parameters", parameters);
        op.put("responses", responses(service, overloads));
        return op;
    }

    /** The query parameters of the overloads, each named once (any of the overloads' schemas for it). */
    private List<Object> query(MethodMeta[] overloads) {
        Map<String, List<Object>> schemasByName = new LinkedHashMap<>();
        Map<String, Boolean> textByName = new LinkedHashMap<>();
        Map<String, Boolean> requiredByName = new LinkedHashMap<>();
        for (MethodMeta m : overloads) {
            String[] names = m.parameterNames();
            for (int i = 0; i < m.arity(); i++) {
                String name = names != null ? names[i] : Integer.toString(i);
                Class<?> c = m.argumentClass(i);
                schemasByName.computeIfAbsent(name, k -> new ArrayList<>()).add(schemas.of(m.parameterTypes()[i]));
                textByName.merge(name, Arguments.textInQuery(c), Boolean::logicalAnd);
                requiredByName.merge(name, overloads.length == 1 && c.isPrimitive(), Boolean::logicalAnd);
            }
        }
        List<Object> parameters = new ArrayList<>();
        for (Map.Entry<String, List<Object>> e : schemasByName.entrySet()) {
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("name", e.getKey());
            p.put("in", "query");
            p.put("required", requiredByName.get(e.getKey()));
            Object schema = anyOf(e.getValue());
            if (textByName.get(e.getKey())) {
                p.put("schema", schema);
            } else {
                p.put("content", json(schema));
            }
            parameters.add(p);
        }
        return parameters;
    }

    /**
     * The header that picks an overload: required only where two overloads take as many arguments (otherwise the
     * provider picks by the number of arguments), any overload's full or simple signature.
     */
    private static Map<String, Object> parameterTypes(MethodMeta[] overloads) {
        Set<String> values = new LinkedHashSet<>();
        Set<Integer> arities = new HashSet<>();
        boolean ambiguous = false;
        for (MethodMeta m : overloads) {
            values.add(m.signature());
            ambiguous |= !arities.add(m.arity());
        }
        for (MethodMeta m : overloads) {
            if (MethodMeta.named(overloads, m.simpleSignature()) == m) {
                values.add(m.simpleSignature());
            }
        }
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "string");
        schema.put("enum", new ArrayList<>(values));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("name", Wire.PARAMETER_TYPES);
        p.put("in", "header");
        p.put("required", ambiguous);
        p.put(
                "description",
                "Picks the overload: its parameter types joined by ',' (or their simple names, such as String,int);"
                        + (ambiguous
                                ? " required, as two overloads take as many arguments"
                                : " without it, the overload that takes as many arguments as the body has"));
        p.put("schema", schema);
        return p;
    }

    /** The body of one overload: the positional array, or that or the named object. */
    private Map<String, Object> arguments(MethodMeta m) {
        Type[] types = m.parameterTypes();
        List<Object> items = new ArrayList<>();
        for (int i = 0; i < types.length; i++) {
            items.add(schemas.of(types[i]));
        }
        Map<String, Object> positional = new LinkedHashMap<>();
        positional.put("title", m.name() + "(" + m.simpleSignature() + ") arguments by position");
        positional.put("type", "array");
        if (!items.isEmpty()) {
            positional.put("prefixItems", items);
        }
        positional.put("minItems", items.size());
        positional.put("maxItems", items.size());
        String[] names = m.parameterNames();
        boolean named = names != null
                && (types.length >= 2 || (types.length == 1 && Arguments.namedWhenAlone(m.argumentClass(0))));
        if (!named) {
            return positional;
        }
        Map<String, Object> properties = new LinkedHashMap<>();
        for (int i = 0; i < names.length; i++) {
            properties.put(names[i], items.get(i));
        }
        Map<String, Object> byName = new LinkedHashMap<>();
        byName.put("title", m.name() + "(" + m.simpleSignature() + ") arguments by name");
        byName.put("type", "object");
        byName.put("properties", properties);
        byName.put("required", List.of(names));
        Map<String, Object> either = new LinkedHashMap<>();
        either.put("oneOf", List.of(positional, byName));
        return either;
    }

    /** A value the method may return as null (anything but a primitive): the answer is then the JSON null. */
    private static Object orNull(Type type, Map<String, Object> schema) {
        if (type instanceof Class<?> c && c.isPrimitive()) {
            return schema;
        }
        Map<String, Object> nothing = new LinkedHashMap<>();
        nothing.put("type", "null");
        return Map.of("anyOf", List.of(schema, nothing));
    }

    private Map<String, Object> responses(Class<?> service, MethodMeta[] overloads) {
        Map<String, Object> responses = new LinkedHashMap<>();
        List<Object> values = new ArrayList<>();
        boolean anyVoid = false;
        Set<Class<?>> thrown = new LinkedHashSet<>();
        for (MethodMeta m : overloads) {
            if (m.returnsVoid()) {
                anyVoid = true;
            } else {
                values.add(orNull(m.returnType(), schemas.of(m.returnType())));
            }
            thrown.addAll(Arrays.asList(declared(service, m)));
        }
        Map<String, Object> ok = new LinkedHashMap<>();
        ok.put("description", anyVoid && values.isEmpty() ? "Done (a void method: empty body)" : "The return value");
        ok.put("headers", Headers.response());
        if (!values.isEmpty()) {
            ok.put("content", json(anyOf(values)));
        }
        responses.put("200", ok);
        List<Object> errors = new ArrayList<>();
        StringBuilder description = new StringBuilder("A business exception (code BUSINESS_EXCEPTION)");
        for (Class<?> e : thrown) {
            errors.add(Errors.exception(schemas, e));
            description.append(description.indexOf(":") < 0 ? ": " : ", ").append(e.getName());
        }
        errors.add(Errors.errorBody(schemas));
        Map<String, Object> failed = new LinkedHashMap<>();
        failed.put("description", description + "; or the provider failed (RPC_EXCEPTION, SERVER_ERROR)");
        failed.put("content", json(errors.size() == 1 ? errors.get(0) : Map.of("anyOf", errors)));
        responses.put("500", failed);
        Map<String, Object> other = new LinkedHashMap<>();
        other.put(
                "description",
                "Refused or failed before the call ran: see the status table in docs/protocol.md, \"Errors\"");
        other.put("content", json(Errors.errorBody(schemas)));
        responses.put("default", other);
        return responses;
    }

    private static Class<?>[] declared(Class<?> service, MethodMeta m) {
        for (Method method : service.getMethods()) {
            if (method.getName().equals(m.name()) && Arrays.equals(method.getParameterTypes(), m.parameterClasses())) {
                return method.getExceptionTypes();
            }
        }
        return new Class<?>[0];
    }

    /** The overloads' schemas: the one schema if they are all the same, else any of them (they may overlap). */
    private static Object anyOf(List<Object> schemas) {
        List<Object> distinct = new ArrayList<>(new LinkedHashSet<>(schemas));
        return distinct.size() == 1 ? distinct.get(0) : Map.of("anyOf", distinct);
    }

    static Map<String, Object> json(Object schema) {
        Map<String, Object> mediaType = new LinkedHashMap<>();
        mediaType.put("schema", schema);
        Map<String, Object> content = new LinkedHashMap<>();
        content.put(Wire.JSON, mediaType);
        return content;
    }
}
