package io.httpjson.protocol.internal.server;

import java.util.List;
import java.util.Map;

import io.httpjson.protocol.internal.HttpFeatures;
import org.eclipse.jetty.http.HttpFields;

/**
 * W3C Trace Context and Baggage headers into the attachments of the same name, which Dubbo's tracing reads.
 * Several {@code tracestate} or {@code baggage} lines are one list (RFC 9110, 5.3), joined by {@code ,}; several
 * {@code traceparent} lines are no trace context at all (the callee starts a new trace, and {@code tracestate}
 * means nothing without its parent).
 */
final class TraceHeaders {

    private static final String TRACEPARENT = "traceparent";

    private TraceHeaders() {}

    static void copy(HttpFields headers, Map<String, Object> attachments) {
        boolean noParent = false;
        for (String name : HttpFeatures.TRACE_HEADERS) {
            String v = headers.get(name);
            if (v == null) {
                continue; // most calls: no list made
            }
            List<String> lines = headers.getValuesList(name);
            if (lines.size() > 1) {
                noParent |= name.equals(TRACEPARENT);
                v = String.join(",", lines);
            }
            attachments.put(name, v);
        }
        if (noParent) {
            attachments.remove(TRACEPARENT);
            attachments.remove("tracestate");
        }
    }

    /**
     * A header's value, its lines joined by {@code ", "} as one list (RFC 9110, 5.3: how a proxy may merge them),
     * or null if the request has none: no line of a header listed in {@code httpjson.header-attachments} is dropped.
     */
    static String list(HttpFields headers, String name) {
        String v = headers.get(name);
        if (v == null) {
            return null; // most calls: no list made
        }
        List<String> lines = headers.getValuesList(name);
        return lines.size() > 1 ? String.join(", ", lines) : v;
    }
}
