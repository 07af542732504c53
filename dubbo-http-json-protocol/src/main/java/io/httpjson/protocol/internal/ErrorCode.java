package io.httpjson.protocol.internal;

import java.util.Locale;

import org.apache.dubbo.rpc.RpcException;

/**
 * Every error the protocol answers with: its HTTP status, the code in the JSON error body, and the Dubbo
 * {@link RpcException} code a Java consumer sees (so that cluster failover treats it as Dubbo would).
 */
public enum ErrorCode {
    BAD_REQUEST(400, RpcException.SERIALIZATION_EXCEPTION),
    UNAUTHORIZED(401, RpcException.AUTHORIZATION_EXCEPTION),
    FORBIDDEN(403, RpcException.FORBIDDEN_EXCEPTION),
    SERVICE_NOT_FOUND(404, RpcException.FORBIDDEN_EXCEPTION),
    METHOD_NOT_FOUND(404, RpcException.METHOD_NOT_FOUND),
    METHOD_NOT_ALLOWED(405, RpcException.UNKNOWN_EXCEPTION),
    REQUEST_TIMEOUT(408, RpcException.NETWORK_EXCEPTION),
    PAYLOAD_TOO_LARGE(413, RpcException.SERIALIZATION_EXCEPTION),
    UNSUPPORTED_MEDIA_TYPE(415, RpcException.SERIALIZATION_EXCEPTION),
    MISDIRECTED_REQUEST(421, RpcException.FORBIDDEN_EXCEPTION),
    TOO_MANY_REQUESTS(429, RpcException.LIMIT_EXCEEDED_EXCEPTION),
    HEADERS_TOO_LARGE(431, RpcException.UNKNOWN_EXCEPTION),
    TLS_REQUIRED(400, RpcException.FORBIDDEN_EXCEPTION),
    BUSINESS_EXCEPTION(500, RpcException.BIZ_EXCEPTION),
    /** Dubbo's {@code validation="true"} refused the arguments: a business exception a Java consumer rethrows. */
    VALIDATION_FAILED(400, RpcException.BIZ_EXCEPTION),
    RPC_EXCEPTION(500, RpcException.UNKNOWN_EXCEPTION),
    SERVER_ERROR(500, RpcException.UNKNOWN_EXCEPTION),
    OVERLOADED(503, RpcException.LIMIT_EXCEEDED_EXCEPTION),
    SHUTTING_DOWN(503, RpcException.NETWORK_EXCEPTION),
    DEADLINE_EXCEEDED(504, RpcException.TIMEOUT_EXCEPTION);

    private final int status;
    private final int rpcCode;
    private final String section;

    ErrorCode(int status, int rpcCode) {
        this.status = status;
        this.rpcCode = rpcCode;
        this.section = name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public int status() {
        return status;
    }

    public int rpcCode() {
        return rpcCode;
    }

    /**
     * The section of the troubleshooting guide that explains this error (its anchor, such as {@code bad-request});
     * {@link HttpJsonConfig#help} makes the link.
     */
    public String section() {
        return section;
    }

    /** The HTTP status for an {@link RpcException} the provider's filters or invoker threw. */
    public static int statusOf(RpcException e) {
        switch (e.getCode()) {
            case RpcException.FORBIDDEN_EXCEPTION:
                return 403;
            case RpcException.AUTHORIZATION_EXCEPTION:
                return 401;
            case RpcException.TIMEOUT_EXCEPTION:
            case RpcException.TIMEOUT_TERMINATE:
                return 504;
            case RpcException.LIMIT_EXCEEDED_EXCEPTION:
                return 429;
            case RpcException.VALIDATION_EXCEPTION:
            case RpcException.SERIALIZATION_EXCEPTION:
                return 400;
            case RpcException.METHOD_NOT_FOUND:
                return 404;
            default:
                return 500;
        }
    }

    /**
     * The status of an {@link RpcException} the filter chain returned as the call's result on a service whose URL is
     * {@code url}: as {@link #statusOf}, but Dubbo's tps filter gives its refusal no code of its own ("... because
     * exceed max service tps."), so on a service or method with {@code tps} such a refusal is a 429.
     */
    public static int statusOfReturned(RpcException e, org.apache.dubbo.common.URL url, String method) {
        if (e.getCode() == RpcException.UNKNOWN_EXCEPTION
                && (url.getParameter("tps") != null || url.getMethodParameter(method, "tps") != null)
                && e.getMessage() != null
                && e.getMessage().contains(" tps")) {
            return 429;
        }
        return statusOf(e);
    }

    /**
     * The code in the error body for an {@link RpcException} answered with {@code status} (see {@link #statusOf}):
     * a refusal reads as one, whichever filter refused.
     */
    public static ErrorCode ofRpcStatus(int status) {
        switch (status) {
            case 401:
                return UNAUTHORIZED;
            case 403:
                return FORBIDDEN;
            case 429:
                return TOO_MANY_REQUESTS;
            default:
                return RPC_EXCEPTION;
        }
    }

    public static ErrorCode fromName(String name) {
        if (name != null) {
            try {
                return valueOf(name);
            } catch (IllegalArgumentException ignored) {
                // an unknown code from a newer server: treated as a generic server error
            }
        }
        return SERVER_ERROR;
    }
}
