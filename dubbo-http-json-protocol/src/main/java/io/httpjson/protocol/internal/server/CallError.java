package io.httpjson.protocol.internal.server;

import io.httpjson.protocol.internal.ErrorCode;

/**
 * The one way a stage of the request path refuses a call: an {@link ErrorCode} (which owns the HTTP status) and a
 * message that says what is wrong and what to do. Thrown by any stage, written in one place ({@link Exchange}).
 */
final class CallError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    final ErrorCode code;
    /** Answer with {@code Connection: close}: the connection cannot carry another request. */
    final boolean close;

    private final int status;

    CallError(ErrorCode code, String message) {
        this(code, message, false);
    }

    CallError(ErrorCode code, String message, boolean close) {
        this(code, code.status(), message, close);
    }

    /** Only for errors whose status Jetty chose before any stage ran (505, 426, ...). */
    CallError(ErrorCode code, int status, String message, boolean close) {
        super(message, null, false, false);
        this.code = code;
        this.status = status;
        this.close = close;
    }

    int status() {
        return status;
    }
}
