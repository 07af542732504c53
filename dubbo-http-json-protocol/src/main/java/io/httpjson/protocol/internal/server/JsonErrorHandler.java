package io.httpjson.protocol.internal.server;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/** Errors Jetty itself answers (bad request line, headers too large or too slow, ...), as JSON like ours. */
final class JsonErrorHandler implements Request.Handler {

    private final HttpJsonConfig config;
    private final JsonCodec codec;
    private final Responder responder;

    JsonErrorHandler(HttpJsonConfig config, JsonCodec codec, Responder responder) {
        this.config = config;
        this.codec = codec;
        this.responder = responder;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus() >= 400 ? response.getStatus() : 500;
        Object attr = request.getAttribute(ErrorHandler.ERROR_STATUS);
        if (attr instanceof Integer) {
            status = (Integer) attr;
        }
        Object msg = request.getAttribute(ErrorHandler.ERROR_MESSAGE);
        String message = "HTTP " + status + (msg != null ? ": " + msg : "")
                + (status == 431
                        ? " (request headers exceed " + config.maxHeaderBytes() + " bytes, set by "
                                + HttpJsonConfig.MAX_HEADER_BYTES + "; send less in attachments)"
                        : "");
        // Jetty chose the status (505, 426, 414, ...): the error keeps it, with the code closest to it
        // a bad message leaves the connection unusable (Jetty closes it): say so
        boolean close = status == 431
                || status == 400
                || status == 408
                || !request.getConnectionMetaData().isPersistent();
        CallError error = new CallError(codeFor(status), status, message, close);
        responder.error(request, response, callback, codec, error, 0);
        return true;
    }

    private static ErrorCode codeFor(int status) {
        return status == 431
                ? ErrorCode.HEADERS_TOO_LARGE
                : status == 413
                        ? ErrorCode.PAYLOAD_TOO_LARGE
                        : status == 408
                                ? ErrorCode.REQUEST_TIMEOUT
                                : status == 405
                                        ? ErrorCode.METHOD_NOT_ALLOWED
                                        : status == 404
                                                ? ErrorCode.SERVICE_NOT_FOUND
                                                // 505: the caller's HTTP version, not a failure of the provider
                                                : status < 500 || status == 505
                                                        ? ErrorCode.BAD_REQUEST
                                                        : ErrorCode.SERVER_ERROR;
    }
}
