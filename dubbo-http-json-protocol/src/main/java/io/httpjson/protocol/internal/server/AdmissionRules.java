package io.httpjson.protocol.internal.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.Wire;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Request;

import static org.apache.dubbo.rpc.Constants.TOKEN_KEY;

/**
 * The rules a request must pass before its body is read, used by the admission and target stages: its framing,
 * {@code Host} ({@code httpjson.allowed-hosts}), {@code Origin} (browsers), {@code Content-Type}, Dubbo's
 * {@code token}, the {@code Dubbo-Timeout} clamp; and how long its body may take to arrive
 * ({@code httpjson.min-body-rate}). Each returns the {@link CallError} to answer with, or null. See docs/protocol.md.
 */
final class AdmissionRules {

    /** The longest {@code Dubbo-Timeout} honoured, ms (one day): a longer one is taken as this. */
    static final long MAX_TIMEOUT_MILLIS = 24L * 60 * 60 * 1000;

    /** The {@code WWW-Authenticate} challenge of a 401: Dubbo's token, sent as an attachment. */
    static final String TOKEN_CHALLENGE = "DubboToken attachment=\"token\"";

    private final HttpJsonConfig config;
    private final List<String> hosts;
    private final long bodyGraceNanos;

    AdmissionRules(HttpJsonConfig config) {
        this.config = config;
        this.hosts = config.allowedHosts();
        this.bodyGraceNanos = config.headerTimeoutMillis() * 1_000_000L;
    }

    /**
     * The framing rules, before anything else answers (the health path included): a request whose body cannot be
     * delimited safely, or is coded in a way we cannot undo (a transfer coding before chunked), must not be answered
     * as if the connection could carry another.
     */
    static CallError framing(Request request) {
        if (request.getConnectionMetaData().getHttpVersion() == HttpVersion.HTTP_1_0
                && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            return new CallError(
                    ErrorCode.BAD_REQUEST,
                    "Transfer-Encoding on an HTTP/1.0 request: its framing"
                            + " cannot be trusted (RFC 9112, 6.1), so the connection is closed; send HTTP/1.1, or HTTP/1.0"
                            + " with Content-Length",
                    true);
        }
        // Jetty frames the body by the final chunked and hands it on still coded by anything before it
        if (!request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            return null;
        }
        for (String coding : request.getHeaders().getCSV(HttpHeader.TRANSFER_ENCODING, false)) {
            if (!coding.equalsIgnoreCase("chunked")) {
                return new CallError(
                        ErrorCode.BAD_REQUEST,
                        501,
                        "Transfer-Encoding '" + coding + "' is not implemented (RFC 9112, 6.1): send the body"
                                + " chunked only, or with Content-Length; gzip goes in Content-Encoding",
                        true);
            }
        }
        return null;
    }

    /** The checks that need nothing but the request line and headers, after {@link #framing}: Host, Origin. */
    CallError request(Request request) {
        HttpFields headers = request.getHeaders();
        String host = headers.get(HttpHeader.HOST);
        if (!hosts.isEmpty() && (host == null || !hostAllowed(host.trim().toLowerCase(Locale.ROOT)))) {
            return new CallError(
                    ErrorCode.MISDIRECTED_REQUEST,
                    "Host: " + host + " (expected: one of "
                            + String.join(", ", hosts) + ", set by " + HttpJsonConfig.ALLOWED_HOSTS
                            + "). Call the provider"
                            + " by a name or address it serves, or add this one there",
                    false);
        }
        String origin = headers.get(HttpHeader.ORIGIN);
        if (origin != null && Cors.allowedOrigin(config, origin) == null) {
            if (!sameOrigin(request, host, origin)) {
                return new CallError(ErrorCode.FORBIDDEN, Cors.refusal(config, origin), false);
            }
            if (hosts.isEmpty() && !literalHost(host)) {
                // a page "of the provider" under a name anyone's DNS can point here (rebinding) is not trusted
                return new CallError(
                        ErrorCode.FORBIDDEN,
                        "a page on " + origin + " calls as the provider's own origin, but the provider does not"
                                + " know the name " + host.trim() + " as its own (a page whose name was made to"
                                + " resolve to this address would say the same): list the names it is called by"
                                + " in " + HttpJsonConfig.ALLOWED_HOSTS + ", or the origin in "
                                + HttpJsonConfig.CORS_ALLOWED_ORIGINS,
                        false);
            }
        }
        return null;
    }

    /** A Host that is an IP address or localhost: no DNS name a page's author could point at this provider. */
    static boolean literalHost(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        int colon = h.lastIndexOf(':');
        String name = colon > h.lastIndexOf(']') ? h.substring(0, colon) : h;
        if (name.endsWith(".")) {
            name = name.substring(0, name.length() - 1); // the root's dot: localhost. is localhost
        }
        if (name.startsWith("[") || name.equals("localhost")) {
            return true;
        }
        int dots = 0;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '.') {
                dots++;
            } else if (c < '0' || c > '9') {
                return false;
            }
        }
        return dots == 3;
    }

    private boolean hostAllowed(String host) {
        int colon = host.lastIndexOf(':');
        boolean hasPort = colon > host.lastIndexOf(']');
        String name = hasPort ? host.substring(0, colon) : host;
        for (String pattern : hosts) {
            int pc = pattern.lastIndexOf(':');
            boolean patternPort = pc > pattern.lastIndexOf(']');
            String patternName = patternPort ? pattern.substring(0, pc) : pattern;
            boolean nameMatches = patternName.startsWith("*.")
                    ? name.endsWith(patternName.substring(1)) && name.length() > patternName.length() - 1
                    : name.equals(patternName);
            if (nameMatches && (!patternPort || host.equals(name + pattern.substring(pc)))) {
                return true;
            }
        }
        return false;
    }

    /** Whether a browser sent the request from a page of the provider itself: Origin is scheme://Host. */
    private static boolean sameOrigin(Request request, String host, String origin) {
        if (host == null) {
            return false;
        }
        String scheme = request.isSecure() ? "https://" : "http://";
        String h = host.trim();
        String defaultPort = request.isSecure() ? ":443" : ":80";
        return origin.equalsIgnoreCase(scheme + h)
                || h.endsWith(defaultPort)
                        && origin.equalsIgnoreCase(scheme + h.substring(0, h.length() - defaultPort.length()));
    }

    /** Requests with a body must say it is JSON in UTF-8. */
    static CallError contentType(HttpFields headers) {
        String contentType = null;
        for (int i = 0, n = headers.size(); i < n; i++) {
            HttpField f = headers.getField(i);
            if (f.getHeader() != HttpHeader.CONTENT_TYPE) {
                continue;
            }
            String other = f.getValue() == null ? "" : f.getValue();
            if (contentType == null) {
                contentType = other;
            } else if (!other.trim().equalsIgnoreCase(contentType.trim())) {
                return new CallError(
                        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                        "two Content-Type lines, '" + contentType + "' and '" + other + "': send one,"
                                + " 'Content-Type: application/json'",
                        false);
            }
        }
        if (contentType == null) {
            if (headers.getLongField(HttpHeader.CONTENT_LENGTH) <= 0
                    && !headers.contains(HttpHeader.TRANSFER_ENCODING)) {
                return null;
            }
            return new CallError(
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "the request has a body but no Content-Type:"
                            + " add the header 'Content-Type: application/json' (curl: -H 'Content-Type: application/json')",
                    false);
        }
        if (contentType.equalsIgnoreCase("application/json")) {
            return null; // what nearly every caller sends: nothing to parse
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        String mime =
                HttpField.getValueParameters(contentType, parameters).trim().toLowerCase(Locale.ROOT);
        if (!(mime.equals("application/json") || mime.endsWith("+json") || mime.equals("text/json"))) {
            return new CallError(
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "Content-Type '" + contentType + "' is not"
                            + " supported: send the arguments as JSON with 'Content-Type: application/json'"
                            + " (curl: -H 'Content-Type: application/json')",
                    false);
        }
        for (Map.Entry<String, String> p : parameters.entrySet()) {
            String charset = p.getValue() == null ? "" : p.getValue().trim();
            if (p.getKey().trim().equalsIgnoreCase("charset")
                    && !charset.equalsIgnoreCase("utf-8")
                    && !charset.equalsIgnoreCase("utf8")) {
                return new CallError(
                        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                        "charset '" + charset + "' of Content-Type '" + contentType + "' is not supported: JSON is"
                                + " read as UTF-8 (RFC 8259, 8.1); send UTF-8 with 'Content-Type: application/json'"
                                + " (or '; charset=utf-8')",
                        false);
            }
        }
        return null;
    }

    /**
     * Dubbo's token check (its TokenFilter, done here from the headers so that a caller without the token cannot
     * make the provider read a body): the attachment {@code token} must equal the service's {@code token}.
     */
    static CallError token(ServiceRoute route, Map<String, Object> attachments) {
        if (route.token == null) {
            return null;
        }
        Object sent = attachments.get(TOKEN_KEY);
        if (sent == null) {
            return new CallError(
                    ErrorCode.UNAUTHORIZED,
                    "service " + route.describe() + " requires Dubbo's"
                            + " token: send it as the attachment 'token' (header " + Wire.ATTACHMENTS
                            + ": token=...); a"
                            + " Java consumer sends it when the provider's URL in the registry carries it",
                    false);
        }
        if (!MessageDigest.isEqual(
                route.token.getBytes(StandardCharsets.UTF_8), sent.toString().getBytes(StandardCharsets.UTF_8))) {
            return new CallError(
                    ErrorCode.FORBIDDEN,
                    "the token sent for service " + route.describe()
                            + " (attachment 'token') is not the provider's: send the token the service was exported with",
                    false);
        }
        return null;
    }

    /**
     * The {@code Dubbo-Timeout} header in ms, at most {@link #MAX_TIMEOUT_MILLIS}.
     *
     * @throws IllegalArgumentException for anything but a whole number
     */
    static long timeoutMillis(String name, String header) {
        String v = header.trim();
        int digits = 0; // after leading zeros
        int i = 0;
        for (; i < v.length() && v.charAt(i) >= '0' && v.charAt(i) <= '9'; i++) {
            digits += digits > 0 || v.charAt(i) != '0' ? 1 : 0;
        }
        if (i > 0 && i == v.length()) {
            // more digits than a long has is more than a day too
            return digits > 18 ? MAX_TIMEOUT_MILLIS : Math.min(Long.parseLong(v), MAX_TIMEOUT_MILLIS);
        }
        throw new IllegalArgumentException(name + ": " + header + " (expected: milliseconds as a whole number)");
    }

    /**
     * Whether a body is arriving too slowly: {@code bytes} of it have come since {@code startNanos}, which allows
     * the head's timeout plus one second per {@code httpjson.min-body-rate} bytes.
     */
    CallError bodyRate(long startNanos, long bytes) {
        int rate = config.minBodyRate();
        long elapsed = System.nanoTime() - startNanos;
        if (rate == 0 || elapsed <= bodyGraceNanos + bytes * 1_000_000_000L / rate) {
            return null;
        }
        return new CallError(
                ErrorCode.REQUEST_TIMEOUT,
                "the request body came slower than "
                        + HttpJsonConfig.MIN_BODY_RATE + " = " + rate + " bytes/s (after the first "
                        + config.headerTimeoutMillis() + " ms, " + HttpJsonConfig.HEADER_TIMEOUT + "): " + bytes
                        + " bytes in " + elapsed / 1_000_000 + " ms; send the body as soon as the headers",
                true);
    }
}
