package io.httpjson.protocol.internal;

import java.net.URI;
import java.net.URISyntaxException;

import static io.httpjson.protocol.internal.Params.invalid;

/**
 * Where error bodies' {@code help} links point: {@code BASE + troubleshooting.md#section}, with BASE from
 * {@code httpjson.help-base-url} or the project's published docs. A config keeps only BASE, and a link is made
 * when an error body is written: every invoker has a config, and links made up front cost about 2.8 KB per provider
 * address a registry pushes (measured at 1,000,000 addresses).
 */
final class HelpLinks {

    private HelpLinks() {}

    static String link(String base, ErrorCode code) {
        return base + Wire.HELP_PAGE + "#" + code.section();
    }

    /** An absolute http(s) URL without query or fragment, ending in {@code /}; the published docs when unset. */
    static String base(String raw) {
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
