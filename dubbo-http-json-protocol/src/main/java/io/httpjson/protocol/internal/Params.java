package io.httpjson.protocol.internal;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.remoting.Dispatcher;

/** Reads one URL parameter of {@link HttpJsonConfig}, failing with {@code name: value (expected: ...)}. */
final class Params {

    /** An origin as browsers send it: scheme://host[:port] (host name, or IPv6 in brackets), nothing after. */
    private static final Pattern ORIGIN = Pattern.compile("https?://([a-z0-9.\\-]+|\\[[0-9a-f:.]+\\])(:[0-9]{1,5})?");
    /** A Host header pattern: a name (optionally {@code *.} before it), an IPv4 or a bracketed IPv6, then a port. */
    private static final Pattern HOST =
            Pattern.compile("(\\*\\.)?[a-z0-9.\\-]+(:[0-9]{1,5})?|\\[[0-9a-f:.]+\\](:[0-9]{1,5})?");

    private Params() {}

    static int intParam(URL url, String key, int defaultValue, int min, int max) {
        String raw = url.getParameter(key);
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw invalid(key, raw, "an integer from " + min + " to " + max);
        }
        if (value < min || value > max) {
            throw invalid(key, raw, "an integer from " + min + " to " + max);
        }
        return value;
    }

    static boolean boolParam(URL url, String key, boolean defaultValue) {
        return bool(key, url.getParameter(key), defaultValue);
    }

    /** {@code raw} as true or false, {@code defaultValue} if unset; anything else fails, named {@code key}. */
    static boolean bool(String key, String raw, boolean defaultValue) {
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        switch (raw.trim().toLowerCase(Locale.ROOT)) {
            case "true":
                return true;
            case "false":
                return false;
            default:
                throw invalid(key, raw, "true or false");
        }
    }

    /** Browser origins, lower-case, without a trailing slash; {@code *} for any. */
    static Set<String> origins(URL url, String key) {
        String raw = url.getParameter(key);
        if (raw == null || raw.isBlank()) {
            return Set.of();
        }
        Set<String> origins = new LinkedHashSet<>();
        for (String part : raw.split(",")) {
            String o = part.trim().toLowerCase(Locale.ROOT);
            if (o.endsWith("/")) {
                o = o.substring(0, o.length() - 1);
            }
            if (!o.equals("*") && !ORIGIN.matcher(o).matches()) {
                throw invalid(
                        key,
                        raw,
                        "* or origins such as https://app.example.com or"
                                + " http://localhost:3000, separated by commas; '" + part.trim() + "' is not one");
            }
            origins.add(o);
        }
        return Collections.unmodifiableSet(origins);
    }

    /** Host patterns, lower-case: {@code name}, {@code *.domain}, {@code 10.0.0.7}, {@code [::1]}, each with an optional port. */
    static List<String> hosts(URL url, String key) {
        String raw = url.getParameter(key);
        if (raw == null || raw.isBlank()) {
            return List.of();
        }
        Set<String> hosts = new LinkedHashSet<>();
        for (String part : raw.split(",")) {
            String h = part.trim().toLowerCase(Locale.ROOT);
            if (!HOST.matcher(h).matches()) {
                throw invalid(
                        key,
                        raw,
                        "host names or addresses, each with an optional port, separated by commas,"
                                + " such as localhost, 127.0.0.1:8090, [::1], *.example.com; '" + part.trim()
                                + "' is not one");
            }
            hosts.add(h);
        }
        return List.copyOf(hosts);
    }

    static IllegalArgumentException invalid(String key, String value, String expected) {
        return new IllegalArgumentException(key + ": " + value + " (expected: " + expected
                + "). Fix the URL parameter or the matching <dubbo:protocol>/<dubbo:reference> attribute;"
                + " see " + Wire.DOCS_URL + "configuration.md");
    }

    /**
     * {@code httpjson.dispatch}; unset, Dubbo's {@code dispatcher=direct} means the same as {@code direct}, and its
     * other dispatchers the default (a name Dubbo has no dispatcher of fails, as over the dubbo protocol).
     */
    static Dispatch dispatch(URL url) {
        String dispatch = url.getParameter(HttpJsonConfig.DISPATCH, "").trim().toLowerCase(Locale.ROOT);
        switch (dispatch) {
            case "":
                String dubbos = url.getParameter(HttpJsonConfig.DISPATCHER, "").trim();
                if (!dubbos.isEmpty()
                        && !url.getOrDefaultFrameworkModel()
                                .getExtensionLoader(Dispatcher.class)
                                .hasExtension(dubbos)) {
                    throw invalid(
                            HttpJsonConfig.DISPATCHER,
                            dubbos,
                            "a Dubbo dispatcher: all, direct, message, execution or connection; over httpjson only"
                                    + " direct changes where calls run, see httpjson.dispatch");
                }
                return "direct".equals(dubbos) ? Dispatch.DIRECT : Dispatch.JETTY;
            case "pool":
                return Dispatch.POOL;
            case "jetty":
                return Dispatch.JETTY;
            case "direct":
                return Dispatch.DIRECT;
            default:
                throw invalid(HttpJsonConfig.DISPATCH, dispatch, "pool, jetty or direct");
        }
    }
}
