package io.httpjson.protocol.internal;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.EnumMap;
import java.util.Map;

import static io.httpjson.protocol.internal.Params.invalid;

/**
 * Where error bodies' {@code help} links point: {@code BASE + troubleshooting.md#section}, with BASE from
 * {@code httpjson.help-base-url} or the project's published docs. Parsed once, then only read.
 */
final class HelpLinks {

    private final String base;
    private final Map<ErrorCode, String> links = new EnumMap<>(ErrorCode.class);

    HelpLinks(String raw) {
        this.base = base(raw);
        for (ErrorCode code : ErrorCode.values()) {
            links.put(code, base + Wire.HELP_PAGE + "#" + code.section());
        }
    }

    String base() {
        return base;
    }

    String link(ErrorCode code) {
        return links.get(code);
    }

    /** An absolute http(s) URL without query or fragment, ending in {@code /}; the published docs when unset. */
    private static String base(String raw) {
        if (raw == null || raw.isBlank()) {
            return Wire.DOCS_URL;
        }
        String value = raw.trim();
        URI uri;
        try {
            uri = new URI(value);
        } catch (URISyntaxException e) {
            uri = null;
        }
        if (uri == null
                || uri.getScheme() == null
                || !(uri.getScheme().equalsIgnoreCase("http") || uri.getScheme().equalsIgnoreCase("https"))
                || uri.getHost() == null
                || uri.getRawQuery() != null
                || uri.getRawFragment() != null) {
            throw invalid(
                    HttpJsonConfig.HELP_BASE_URL,
                    value,
                    "the http or https URL of the folder that holds " + Wire.HELP_PAGE
                            + ", without query or fragment, such as https://docs.example.com/httpjson/");
        }
        return value.endsWith("/") ? value : value + "/";
    }
}
