package io.httpjson.protocol.internal.server;

import java.util.Locale;
import java.util.Set;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.ServerTiming;
import io.httpjson.protocol.internal.Wire;
import org.eclipse.jetty.http.HttpFields;

/**
 * Cross-origin calls from browsers (CORS), for the origins in {@code httpjson.cors-allowed-origins}: the answer to
 * a browser's preflight, and the headers that let a page read a response (its body, attachments and timing).
 * Nothing is added for callers that send no {@code Origin} (anything but a browser), nor when the list is empty.
 */
final class Cors {

    static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";
    static final String ALLOW_METHODS = "Access-Control-Allow-Methods";
    static final String ALLOW_HEADERS = "Access-Control-Allow-Headers";
    static final String EXPOSE_HEADERS = "Access-Control-Expose-Headers";
    static final String MAX_AGE = "Access-Control-Max-Age";
    static final String REQUEST_METHOD = "Access-Control-Request-Method";
    static final String REQUEST_HEADERS = "Access-Control-Request-Headers";
    static final String TIMING_ALLOW_ORIGIN = "Timing-Allow-Origin";
    /** How long a browser may reuse a preflight's answer, seconds. */
    static final int PREFLIGHT_MAX_AGE = 600;

    private Cors() {}

    /** The value for {@code Access-Control-Allow-Origin} for a call from origin, or null if it may not call. */
    static String allowedOrigin(HttpJsonConfig config, String origin) {
        Set<String> allowed = config.corsAllowedOrigins();
        if (allowed.isEmpty()) {
            return null;
        }
        if (allowed.contains("*")) {
            return "*";
        }
        return allowed.contains(origin.toLowerCase(Locale.ROOT)) ? origin : null;
    }

    /** Lets the page at an allowed origin read the response, errors included. */
    static void allowResponse(HttpJsonConfig config, String origin, HttpFields.Mutable headers) {
        String allowed = allowedOrigin(config, origin);
        varyByOrigin(config, headers);
        if (allowed != null) {
            headers.put(ALLOW_ORIGIN, allowed);
            headers.put(EXPOSE_HEADERS, Wire.ATTACHMENTS + ", " + ServerTiming.HEADER);
            headers.put(TIMING_ALLOW_ORIGIN, allowed);
        }
    }

    /**
     * The headers of a preflight's 204 for an allowed origin: the methods the path takes (POST; GET too for a method
     * declared safe), with whatever headers the page asked for.
     */
    static void allowPreflight(
            HttpJsonConfig config,
            String allowed,
            String methods,
            String requestedHeaders,
            HttpFields.Mutable headers) {
        varyByOrigin(config, headers);
        headers.put(ALLOW_ORIGIN, allowed);
        headers.put(ALLOW_METHODS, methods);
        if (requestedHeaders != null && !requestedHeaders.isBlank()) {
            headers.put(ALLOW_HEADERS, requestedHeaders);
        }
        headers.put(MAX_AGE, Integer.toString(PREFLIGHT_MAX_AGE));
    }

    /** The answer depends on the origin unless every origin is allowed: caches must keep them apart. */
    private static void varyByOrigin(HttpJsonConfig config, HttpFields.Mutable headers) {
        if (!config.corsAllowedOrigins().isEmpty()
                && !config.corsAllowedOrigins().contains("*")) {
            headers.add("Vary", "Origin");
        }
    }

    /** Why a preflight from origin is refused, and what to set. */
    static String refusal(HttpJsonConfig config, String origin) {
        if (config.corsAllowedOrigins().isEmpty()) {
            return "this provider answers no cross-origin calls from browsers (the page at " + origin + " asked): set "
                    + HttpJsonConfig.CORS_ALLOWED_ORIGINS + " on its httpjson protocol to the origins that may call";
        }
        // the origins that may call are not listed: a caller would learn which pages to attack
        return "origin " + origin + " may not call this provider from a browser: add it to "
                + HttpJsonConfig.CORS_ALLOWED_ORIGINS + " on the provider's httpjson protocol";
    }
}
