package io.httpjson.protocol.internal.server;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.Wire;
import org.apache.dubbo.rpc.service.GenericService;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

/**
 * The target stage: which exported service and method a request calls ({@code /{interface}/{method}}, version and
 * group from the {@code Dubbo-*} headers or the query), and whether its body can be read (JSON, within the
 * payload limit, gzip or plain). What it finds is fixed from then on.
 */
final class Target {

    final ServiceRoute route;
    /** The methods of that name (overloads are told apart once the body is read). */
    final MethodMeta[] methods;

    final boolean gzipped;
    /** The announced body length, or -1. */
    final long declaredLength;
    /** The {@code Dubbo-Attachments} the caller sent (the call stage adds to them). */
    final Map<String, Object> attachments;
    /** The timeout the caller sent, clamped to a day; null if it sent none. */
    final Long timeoutMillis;
    /** The overload the caller named ({@code Dubbo-Parameter-Types}), or null. */
    final String signature;

    private Target(
            ServiceRoute route,
            MethodMeta[] methods,
            boolean gzipped,
            long declaredLength,
            Map<String, Object> attachments,
            Long timeoutMillis,
            String signature) {
        this.route = route;
        this.methods = methods;
        this.gzipped = gzipped;
        this.declaredLength = declaredLength;
        this.attachments = attachments;
        this.timeoutMillis = timeoutMillis;
        this.signature = signature;
    }

    /**
     * The target of the request; throws {@link CallError} if there is none, the caller may not call it (Dubbo's
     * token), or its body cannot be read.
     */
    static Target resolve(Request request, HttpJsonServer server, HttpJsonConfig config, Exchange ex) {
        String raw = request.getHttpURI().getPath();
        if (raw != null && raw.indexOf(';') >= 0) {
            // Jetty's decoded path drops ";..." from each segment: a gateway that routes or filters by path sees
            // another method than the one that would run
            throw new CallError(
                    ErrorCode.SERVICE_NOT_FOUND,
                    "path '" + raw + "' has a path parameter (';'), which no service path or method name has: call"
                            + " /{interface}/{method}; exported here: "
                            + server.routes().describe());
        }
        String path = request.getHttpURI().getDecodedPath();
        int slash = path == null ? -1 : path.lastIndexOf('/');
        if (slash <= 1 || slash == path.length() - 1) {
            throw new CallError(
                    ErrorCode.SERVICE_NOT_FOUND,
                    "path '" + path + "' is not /{interface}/{method};" + " exported here: "
                            + server.routes().describe());
        }
        String servicePath = path.substring(1, slash);
        String methodName = path.substring(slash + 1);
        HttpFields headers = request.getHeaders();
        Fields query = request.getHttpURI().getQuery() == null ? null : Request.extractQueryParameters(request);
        String version = selector(headers, query, "version", Wire.VERSION, Wire.TRI_VERSION);
        String group = selector(headers, query, "group", Wire.GROUP, Wire.TRI_GROUP);
        ServiceRoute route = server.routes().select(servicePath, version, group);
        if (route == null) {
            Collection<ServiceRoute> candidates = server.routes().candidates(servicePath);
            String known = candidates == null
                    ? server.routes().describe()
                    : Routes.describe(
                            candidates.stream().map(ServiceRoute::describe).sorted(), candidates.size());
            throw new CallError(
                    ErrorCode.SERVICE_NOT_FOUND,
                    "no service " + servicePath
                            + (version != null ? " version " + version : "") + (group != null ? " group " + group : "")
                            + " is exported here; exported: [" + known + "]"
                            + (candidates != null
                                    ? ". Pick one with the " + Wire.VERSION + " and " + Wire.GROUP + " headers"
                                    : ""));
        }
        ex.codec(route.codec);
        Map<String, Object> attachments;
        Long timeout;
        String signature = null;
        try {
            attachments = new HashMap<>();
            String id = null;
            for (int i = 0, n = headers.size(); i < n; i++) {
                HttpField f = headers.getField(i);
                if (f.is(Wire.ATTACHMENTS)) {
                    // a list: several lines are one, joined by ',' (RFC 9110, 5.3), as a proxy that merges them
                    // sends it
                    Attachments.decode(f.getValue(), attachments);
                } else if (f.is(Wire.PARAMETER_TYPES)) {
                    signature = single(signature, f);
                } else if (f.is(Wire.REQUEST_ID)) {
                    id = single(id, f);
                }
            }
            timeout = timeout(headers);
        } catch (IllegalArgumentException e) {
            throw new CallError(ErrorCode.BAD_REQUEST, e.getMessage());
        }
        CallError refused = AdmissionRules.token(route, attachments);
        if (refused != null) {
            throw refused;
        }
        MethodMeta[] methods = route.meta.byName(methodName);
        if (methods == null) {
            throw new CallError(
                    ErrorCode.METHOD_NOT_FOUND,
                    route.meta.type() == GenericService.class
                            ? "service " + route.path + " is implemented as a GenericService (generic=true on the"
                                    + " provider), which has no methods of its own: call POST /" + route.path
                                    + "/$invoke with [\"" + JsonTypes.abbreviate(methodName)
                                    + "\", [parameter types], [arguments]]"
                            : "service " + route.path + " has no method '" + methodName + "'; its methods: "
                                    + route.meta.describeMethods());
        }
        if ("GET".equals(request.getMethod())) {
            if (!QueryArguments.allowed(route, methods)) {
                throw new CallError(
                        ErrorCode.METHOD_NOT_ALLOWED,
                        "HTTP method GET is not allowed for " + route.path
                                + "." + methodName + ": call it with POST, or let its provider declare it safe (method"
                                + " parameter " + HttpFeatures.GET + "=true)");
            }
            return new Target(route, methods, false, 0, attachments, timeout, signature);
        }
        refused = AdmissionRules.contentType(headers);
        if (refused != null) {
            throw refused;
        }
        long length = headers.getLongField(HttpHeader.CONTENT_LENGTH);
        if (length > config.payload()) {
            // a body at most DISCARD_LIMIT over the limit is read and dropped, and the connection kept
            throw new CallError(
                    ErrorCode.PAYLOAD_TOO_LARGE,
                    "request body of " + length + " bytes exceeds the" + " provider's limit of " + config.payload()
                            + " bytes (Dubbo 'payload' setting)");
        }
        // the codings applied, in order, over all its lines (RFC 9110, 8.4); identity is none
        if (!headers.contains(HttpHeader.CONTENT_ENCODING)) {
            return new Target(route, methods, false, length, attachments, timeout, signature);
        }
        List<String> codings = new ArrayList<>(headers.getCSV(HttpHeader.CONTENT_ENCODING, false));
        codings.removeIf(c -> c.equalsIgnoreCase("identity"));
        boolean gzipped = !codings.isEmpty();
        if (gzipped) {
            // x-gzip is gzip (RFC 9110, 8.4.1.3)
            if (codings.size() > 1
                    || !(codings.get(0).equalsIgnoreCase("gzip")
                            || codings.get(0).equalsIgnoreCase("x-gzip"))) {
                throw new CallError(
                        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                        "Content-Encoding '" + String.join(", ", codings)
                                + "' is not supported (expected: gzip, once, or none)");
            }
            server.countGzipped();
        }
        return new Target(route, methods, gzipped, length, attachments, timeout, signature);
    }

    /**
     * {@code was}, or this line's value if there was none, of a header that may come on several lines only alike;
     * a 400 if both are and differ, as a proxy in front may have read the other one.
     */
    private static String single(String was, HttpField f) {
        String v = f.getValue() == null ? "" : f.getValue().trim();
        if (was == null || was.equals(v)) {
            return v;
        }
        throw new CallError(
                ErrorCode.BAD_REQUEST,
                f.getName() + " is given twice, differently: [" + was + ", " + v + "]; give it once");
    }

    /** The timeout every {@code Dubbo-Timeout} and {@code tri-service-timeout} line gives, or null if none. */
    private static Long timeout(HttpFields headers) {
        Long timeout = null;
        for (int i = 0, n = headers.size(); i < n; i++) {
            HttpField f = headers.getField(i);
            String name = f.is(Wire.TIMEOUT) ? Wire.TIMEOUT : f.is(Wire.TRI_TIMEOUT) ? Wire.TRI_TIMEOUT : null;
            if (name == null) {
                continue;
            }
            long t = AdmissionRules.timeoutMillis(name, f.getValue());
            if (timeout != null && timeout != t) {
                throw new IllegalArgumentException("the timeout is given twice, differently: " + timeout + " and " + t
                        + " ms (" + Wire.TIMEOUT + ", " + Wire.TRI_TIMEOUT + "); give it once");
            }
            timeout = t;
        }
        return timeout;
    }

    /**
     * The version or group the request names, in its headers or its query, or null. Named twice differently (two
     * lines, a header and the query) it is a 400: a proxy in front may have taken the other one.
     */
    private static String selector(HttpFields headers, Fields query, String name, String header, String tripleHeader) {
        String named = null;
        for (int i = 0, n = headers.size(); i < n; i++) {
            HttpField f = headers.getField(i);
            if (f.is(header) || f.is(tripleHeader)) {
                named = once(named, f.getValue() == null ? "" : f.getValue().trim(), name, header, tripleHeader);
            }
        }
        List<String> values = query == null ? null : query.getValues(name);
        if (values != null) {
            for (String v : values) {
                named = once(named, v, name, header, tripleHeader);
            }
        }
        return named;
    }

    /** {@code named}, or {@code v} if none was; a 400 if both are and differ. An empty value names nothing. */
    private static String once(String named, String v, String name, String header, String tripleHeader) {
        if (v.isEmpty() || v.equals(named)) {
            return named;
        }
        if (named == null) {
            return v;
        }
        throw new CallError(
                ErrorCode.BAD_REQUEST,
                "the request names the service " + name + " twice, differently: [" + named + ", " + v + "] (from "
                        + header + ", " + tripleHeader + " and ?" + name + "=); name it once");
    }
}
