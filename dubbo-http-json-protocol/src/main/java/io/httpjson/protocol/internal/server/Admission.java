package io.httpjson.protocol.internal.server;

import java.io.IOException;
import java.util.Collection;
import java.util.Map;

import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;

/**
 * The admission stage: what a request must be before anything about its target is looked at. A port that serves
 * HTTPS only turns plain text away; the health path is answered here (200 while serving, 503 from the moment a
 * graceful shutdown starts); then the framing, {@code Host} and {@code Origin} rules ({@link AdmissionRules}); a
 * browser's preflight is answered here; a closing server answers 503; the OpenAPI document and catalog page
 * ({@link Catalog}) are answered here when switched on; POST calls a method, and GET one its provider
 * declared safe.
 */
final class Admission {

    private final HttpJsonServer server;
    private final HttpJsonConfig config;
    private final HttpFeatures features;
    private final AdmissionRules rules;
    private final Catalog catalog;

    Admission(HttpJsonServer server, HttpJsonConfig config, HttpFeatures features, AdmissionRules rules) {
        this.server = server;
        this.config = config;
        this.features = features;
        this.rules = rules;
        this.catalog = server.catalog();
    }

    /** Returns true if the request was answered here (health, a CORS preflight, the catalog); throws {@link CallError} to refuse. */
    boolean admit(Request request, Response response, Exchange ex) throws IOException {
        if (server.tlsRequired() && !request.isSecure()) {
            throw new CallError(
                    ErrorCode.TLS_REQUIRED,
                    "this port serves HTTPS only: call https://"
                            + request.getHttpURI().getAuthority()
                            + request.getHttpURI().getPath()
                            + " (a Dubbo consumer needs dubbo.ssl client settings to speak TLS)",
                    true);
        }
        CallError badFraming = AdmissionRules.framing(request);
        if (badFraming != null) {
            throw badFraming;
        }
        String method = request.getMethod();
        if (("GET".equals(method) || "HEAD".equals(method))
                && features.healthPath().equals(request.getHttpURI().getPath())) {
            boolean up = !server.isClosing() && !server.isReadOnly();
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
            ex.json(up ? 200 : 503, Map.of("status", up ? "UP" : "DOWN"), null);
            return true;
        }
        CallError refused = rules.request(request);
        if (refused != null) {
            throw refused;
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null && crossOrigin(request, response, origin, ex)) {
            return true;
        }
        if (server.isClosing()) {
            throw new CallError(
                    ErrorCode.SHUTTING_DOWN, "the provider is shutting down; retry on another provider", true);
        }
        if (catalog.serve(request, ex)) {
            return true;
        }
        String path = request.getHttpURI().getPath();
        boolean providers = providersOwn(path);
        if (!"GET".equals(method) && (!"POST".equals(method) || providers)) {
            response.getHeaders().put(HttpHeader.ALLOW, allowed(path));
            throw new CallError(
                    ErrorCode.METHOD_NOT_ALLOWED,
                    "HTTP method " + method + " is not supported: "
                            + (providers
                                    ? path + " answers GET and HEAD"
                                    : "call a service method with POST /{interface}/{method} and a JSON body"));
        }
        return false;
    }

    /** The provider's own paths (health, and with OpenAPI on the document and the catalog page): GET and HEAD. */
    private boolean providersOwn(String path) {
        return features.healthPath().equals(path)
                || features.openapi() && (Catalog.DOCUMENT.equals(path) || Catalog.PAGE.equals(path));
    }

    /** The methods the path takes, for a 405's {@code Allow} (RFC 9110, 15.5.6). */
    private String allowed(String path) {
        if (providersOwn(path)) {
            return "GET, HEAD";
        }
        int slash = path.lastIndexOf('/'); // as Target splits it: a service path may hold '/'
        Collection<ServiceRoute> routes = slash < 1 ? null : server.routes().candidates(path.substring(1, slash));
        if (routes != null) {
            String name = path.substring(slash + 1);
            for (ServiceRoute route : routes) {
                if (route.getMethods.contains(name)) {
                    return "GET, POST";
                }
            }
        }
        return "POST";
    }

    /**
     * A browser's call (it sent {@code Origin}): answers its preflight and returns true, or adds the headers that
     * let an allowed page read the answer and returns false.
     */
    private boolean crossOrigin(Request request, Response response, String origin, Exchange ex) {
        if (!"OPTIONS".equals(request.getMethod()) || !request.getHeaders().contains(Cors.REQUEST_METHOD)) {
            Cors.allowResponse(config, origin, response.getHeaders());
            return false;
        }
        String allowed = Cors.allowedOrigin(config, origin);
        if (allowed == null) {
            throw new CallError(ErrorCode.FORBIDDEN, Cors.refusal(config, origin));
        }
        Cors.allowPreflight(
                config,
                allowed,
                allowed(request.getHttpURI().getPath()),
                request.getHeaders().get(Cors.REQUEST_HEADERS),
                response.getHeaders());
        ex.empty(204);
        return true;
    }
}
