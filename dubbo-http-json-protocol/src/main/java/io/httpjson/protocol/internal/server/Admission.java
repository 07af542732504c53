package io.httpjson.protocol.internal.server;

import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;

/**
 * The admission stage: what a request must be before anything about its target is looked at. A port that serves
 * HTTPS only turns plain text away; a browser's preflight is answered here; a closing server answers 503; only POST
 * calls a method.
 */
final class Admission {

    private final HttpJsonServer server;
    private final HttpJsonConfig config;

    Admission(HttpJsonServer server, HttpJsonConfig config) {
        this.server = server;
        this.config = config;
    }

    /** Returns true if the request was answered here (a CORS preflight); throws {@link CallError} to refuse it. */
    boolean admit(Request request, Response response, Exchange ex) {
        if (server.tlsRequired() && !request.isSecure()) {
            throw new CallError(ErrorCode.TLS_REQUIRED, "this port serves HTTPS only: call https://"
                    + request.getHttpURI().getAuthority() + request.getHttpURI().getPath()
                    + " (a Dubbo consumer needs dubbo.ssl client settings to speak TLS)", true);
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null && crossOrigin(request, response, origin, ex)) {
            return true;
        }
        if (server.isClosing()) {
            throw new CallError(ErrorCode.SHUTTING_DOWN, "the provider is shutting down; retry on another provider",
                    true);
        }
        if (!"POST".equals(request.getMethod())) {
            response.getHeaders().put(HttpHeader.ALLOW, "POST");
            throw new CallError(ErrorCode.METHOD_NOT_ALLOWED, "HTTP method " + request.getMethod() + " is not"
                    + " supported: call a service method with POST /{interface}/{method} and a JSON body");
        }
        return false;
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
        Cors.allowPreflight(config, allowed, request.getHeaders().get(Cors.REQUEST_HEADERS), response.getHeaders());
        ex.empty(204);
        return true;
    }
}
