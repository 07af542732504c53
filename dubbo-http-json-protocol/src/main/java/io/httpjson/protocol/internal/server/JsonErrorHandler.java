package io.httpjson.protocol.internal.server;

import java.nio.ByteBuffer;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.ErrorBody;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.Wire;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/** Errors Jetty itself answers (bad request line, headers too large or too slow, ...), as JSON like ours. */
final class JsonErrorHandler implements Request.Handler {

    private final HttpJsonConfig config;
    private final JsonCodec codec;
    private final Admission admission;

    JsonErrorHandler(HttpJsonConfig config, JsonCodec codec, Admission admission) {
        this.config = config;
        this.codec = codec;
        this.admission = admission;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        int status = response.getStatus() >= 400 ? response.getStatus() : 500;
        Object attr = request.getAttribute(ErrorHandler.ERROR_STATUS);
        if (attr instanceof Integer) {
            status = (Integer) attr;
        }
        Object msg = request.getAttribute(ErrorHandler.ERROR_MESSAGE);
        ErrorCode code = status == 431 ? ErrorCode.HEADERS_TOO_LARGE
                : status == 413 ? ErrorCode.PAYLOAD_TOO_LARGE
                : status == 408 ? ErrorCode.REQUEST_TIMEOUT
                : status == 405 ? ErrorCode.METHOD_NOT_ALLOWED
                : status == 404 ? ErrorCode.SERVICE_NOT_FOUND
                : status < 500 ? ErrorCode.BAD_REQUEST : ErrorCode.SERVER_ERROR;
        String message = "HTTP " + status + (msg != null ? ": " + msg : "")
                + (status == 431 ? " (request headers exceed " + config.maxHeaderBytes() + " bytes, set by "
                + HttpJsonConfig.MAX_HEADER_BYTES + "; send less in attachments)" : "");
        RequestHandler.Output out = new RequestHandler.Output(256);
        codec.write(ErrorBody.of(code, status, message), null, out);
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, Wire.JSON_UTF8);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, out.size());
        if (status == 431 || status == 400 || status == 408) {
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
        } else {
            admission.keepAlive(request, response.getHeaders());
        }
        response.write(true, ByteBuffer.wrap(out.array(), 0, out.size()), callback);
        return true;
    }
}
