package io.httpjson.protocol.internal;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.apache.dubbo.common.URL;

/**
 * What a provider does for the HTTP world around it (gateways, sidecars, load balancers, caches), parsed once from
 * its URL: which plain request headers become attachments, the health path, the {@code Cache-Control} of
 * answers to GET, and whether it describes itself (OpenAPI document, catalog page). W3C trace context always travels as headers.
 */
public final class HttpFeatures {

    public static final String HEADER_ATTACHMENTS = "httpjson.header-attachments";
    public static final String HEALTH_PATH = "httpjson.health-path";
    public static final String CACHE_CONTROL = "httpjson.cache-control";
    /** {@code GET /openapi.json} and the catalog page at {@code GET /}; off by default (they list every method). */
    public static final String OPENAPI = "httpjson.openapi";
    /** Method parameter: the method is safe to call with GET, arguments in the query string. */
    public static final String GET = "httpjson.get";

    /** W3C Trace Context and Baggage: request headers that become attachments of the same name, and back. */
    public static final List<String> TRACE_HEADERS = List.of("traceparent", "tracestate", "baggage");

    private static final Pattern TOKEN = Pattern.compile("[a-z0-9!#$%&'*+.^_`|~-]+");
    private static final Pattern PATH = Pattern.compile("/[A-Za-z0-9._~/-]*");

    private final Map<String, String> headerAttachments;
    private final String healthPath;
    private final String cacheControl;
    /** What a cacheable GET answer depends on besides its URL ({@code Vary}); null when answers are not stored. */
    private final String vary;

    private final boolean openapi;

    private HttpFeatures(URL url) {
        this.headerAttachments = headerNames(url.getParameter(HEADER_ATTACHMENTS));
        String health = url.getParameter(HEALTH_PATH, "/health").trim();
        if (!PATH.matcher(health).matches() || health.indexOf('/', 1) > 0) {
            throw Params.invalid(HEALTH_PATH, health, "a path of one segment such as /health");
        }
        this.healthPath = health;
        String cache = url.getParameter(CACHE_CONTROL, "no-store").trim();
        for (int i = 0; i < cache.length(); i++) {
            if (cache.charAt(i) < 0x20 || cache.charAt(i) > 0x7e) {
                throw Params.invalid(CACHE_CONTROL, cache, "a Cache-Control value such as max-age=60");
            }
        }
        this.cacheControl = cache;
        this.vary = cache.toLowerCase(Locale.ROOT).contains("no-store") ? null : vary(headerAttachments);
        this.openapi = Params.boolParam(url, OPENAPI, false);
    }

    public static HttpFeatures of(URL url) {
        return new HttpFeatures(url);
    }

    /**
     * The methods callable with GET: {@code httpjson.get=true} on a method ({@code <dubbo:method>}'s parameter, in
     * the URL {@code name.httpjson.get}), or on the service for all of them, a method's own value first. Read once,
     * at export; a value other than true or false fails it.
     */
    public static Set<String> getMethods(URL url, Collection<String> methodNames) {
        boolean all = Params.boolParam(url, GET, false);
        Set<String> safe = new TreeSet<>();
        for (String name : methodNames) {
            if (Params.bool(name + "." + GET, url.getMethodParameterStrict(name, GET), all)) {
                safe.add(name);
            }
        }
        return Set.copyOf(safe);
    }

    /**
     * The request headers an answer depends on: which service and overload, and the attachments (trace context
     * aside: it differs on every request and does not change the answer).
     */
    private static String vary(Map<String, String> headerAttachments) {
        StringBuilder sb = new StringBuilder(Wire.VERSION)
                .append(", ")
                .append(Wire.GROUP)
                .append(", ")
                .append(Wire.PARAMETER_TYPES)
                .append(", ")
                .append(Wire.ATTACHMENTS);
        for (String header : headerAttachments.keySet()) {
            sb.append(", ").append(header);
        }
        return sb.toString();
    }

    /** {@code header} or {@code header:attachment}, comma-separated: header name to attachment key. */
    private static Map<String, String> headerNames(String raw) {
        if (raw == null || raw.isBlank()) {
            return Map.of();
        }
        Map<String, String> names = new LinkedHashMap<>();
        for (String part : raw.split(",")) {
            String entry = part.trim().toLowerCase(Locale.ROOT);
            int colon = entry.indexOf(':');
            String header = colon < 0 ? entry : entry.substring(0, colon).trim();
            String key = colon < 0 ? entry : entry.substring(colon + 1).trim();
            if (!TOKEN.matcher(header).matches() || !TOKEN.matcher(key).matches() || header.startsWith("dubbo-")) {
                throw Params.invalid(
                        HEADER_ATTACHMENTS,
                        raw,
                        "header names, each optionally with the"
                                + " attachment key it becomes, separated by commas, such as x-request-id,authorization:auth,"
                                + " none of them a Dubbo-* header; '" + part.trim() + "' is not one");
            }
            names.put(header, key);
        }
        return Collections.unmodifiableMap(names);
    }

    /**
     * Plain request headers (lower-case names) that become attachments, with the attachment key each becomes
     * (besides trace context, which always does).
     */
    public Map<String, String> headerAttachments() {
        return headerAttachments;
    }

    public String healthPath() {
        return healthPath;
    }

    public String cacheControl() {
        return cacheControl;
    }

    /**
     * The {@code Vary} of a successful GET answer when {@code httpjson.cache-control} lets caches store it (null
     * otherwise): a shared cache must not give one version's, group's or caller's answer to another.
     */
    public String vary() {
        return vary;
    }

    /** Whether the provider serves its OpenAPI document and catalog page. */
    public boolean openapi() {
        return openapi;
    }
}
