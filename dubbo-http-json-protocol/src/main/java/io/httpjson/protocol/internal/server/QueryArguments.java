package io.httpjson.protocol.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.codec.Arguments;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

/**
 * A GET's arguments, for a method its provider declared safe ({@code httpjson.get=true}): from the query string, by
 * position ({@code ?0=...&1=...}) or by parameter name ({@code ?id=42}), turned into the JSON array a POST would
 * carry. A value for a string-like parameter (string, enum, date/time, UUID) is the text itself; any other value is
 * JSON ({@code ?ids=[1,2]}), exactly one value of the parameter's type: {@code ?a=1,2} is refused, not spliced
 * into the arguments array. A parameter given twice is refused. {@code version} and {@code group} select the
 * service, as for POST.
 */
final class QueryArguments {

    /** The chosen method and its arguments as a JSON array. */
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);

    record Call(MethodMeta method, byte[] body) {}

    private QueryArguments() {}

    /** Whether the service lets any method of this name be called with GET. */
    static boolean allowed(ServiceRoute route, MethodMeta[] methods) {
        return route.getMethods.contains(methods[0].name());
    }

    static Call read(Request request, Target target, JsonCodec codec) {
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        if (request.getHttpURI().getQuery() != null) {
            Fields query = Request.extractQueryParameters(request);
            for (Fields.Field f : query) {
                if (f.getName().equals("version") || f.getName().equals("group")) {
                    continue; // the service's, read with its headers (Target)
                }
                if (f.getValues().size() > 1) {
                    throw new CallError(
                            ErrorCode.BAD_REQUEST,
                            "query parameter '" + f.getName() + "' is given "
                                    + f.getValues().size() + " times (expected: once)");
                }
                names.add(f.getName());
                values.add(f.getValue());
            }
        }
        boolean positional = true;
        for (int i = 0; i < names.size(); i++) {
            positional &= names.get(i).equals(Integer.toString(i));
        }
        MethodMeta method = pick(target, names, positional);
        String[] order = positional ? null : method.parameterNames();
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write('[');
        try {
            for (int p = 0; p < method.arity(); p++) {
                int i = positional ? p : names.indexOf(order[p]);
                if (p > 0) {
                    out.write(',');
                }
                String raw = i < 0 ? null : values.get(i);
                if (raw == null) {
                    out.writeBytes(NULL);
                } else if (Arguments.textInQuery(method.argumentClass(p))) {
                    codec.write(raw, String.class, out);
                } else {
                    out.writeBytes(oneValue(target, codec, method, p, names.get(i), raw));
                }
            }
        } catch (IOException e) {
            throw new CallError(ErrorCode.BAD_REQUEST, "the query string could not be read: " + e.getMessage());
        }
        out.write(']');
        return new Call(method, out.toByteArray());
    }

    /** A query value that is JSON, checked to be one value of the parameter's type on its own. */
    private static byte[] oneValue(Target target, JsonCodec codec, MethodMeta method, int p, String name, String raw) {
        byte[] json = raw.getBytes(StandardCharsets.UTF_8);
        try {
            // as for a POST: no class outside Dubbo's allow-list is made, not even to check a value
            target.route.allowList.check(method.parameterTypes()[p]);
            codec.read(json, 0, json.length, method.parameterTypes()[p]);
        } catch (JsonCodecException e) {
            throw new CallError(
                    ErrorCode.BAD_REQUEST,
                    "query parameter '" + name + "' (" + method.parameterTypes()[p].getTypeName() + "): "
                            + e.getMessage());
        } catch (LinkageError | AssertionError e) {
            // the parameter's class failed to initialize, or its constructor asserted: the provider's fault, as for
            // a POST; thrown on, it would leave Jetty to answer and the request counted in flight for good
            throw new CallError(
                    ErrorCode.SERVER_ERROR,
                    "query parameter '" + name + "' (" + method.parameterTypes()[p].getTypeName()
                            + ") could not be made: " + e);
        }
        return json;
    }

    private static MethodMeta pick(Target target, List<String> names, boolean positional) {
        MethodMeta found = null;
        // the overload Dubbo-Parameter-Types names, as for a POST (404 if none is), else the one the query fits
        MethodMeta[] candidates = target.signature == null
                ? target.methods
                : new MethodMeta[] {Overloads.named(target.methods, target.route.path, target.signature)};
        for (MethodMeta m : candidates) {
            boolean fits = positional
                    ? m.arity() == names.size()
                    : m.parameterNames() != null && List.of(m.parameterNames()).containsAll(names);
            if (fits) {
                if (found != null) {
                    throw new CallError(
                            ErrorCode.METHOD_NOT_FOUND,
                            "method " + m.name() + " of " + target.route.path
                                    + " is overloaded: name the overload with the Dubbo-Parameter-Types header");
                }
                found = m;
            }
        }
        if (found == null) {
            MethodMeta m = candidates[0];
            throw new CallError(
                    ErrorCode.BAD_REQUEST,
                    "query " + String.join("&", names) + " does not fit "
                            + target.route.path + "." + m
                            + " (expected: ?0=...&1=... by position, or the parameter names"
                            + (m.parameterNames() == null
                                    ? ", which need the service compiled with javac -parameters)"
                                    : ")"));
        }
        return found;
    }
}
