package io.httpjson.protocol.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON body of every error response: {@code code} (an {@link ErrorCode} name), {@code status},
 * {@code message} (what is wrong and what to do), {@code help} (the URL of the troubleshooting guide's section,
 * under {@code httpjson.help-base-url}); for a business exception also {@code exception}, {@code fields},
 * {@code cause} and {@code nullMessage}; for a Dubbo RpcException also {@code rpcCode} (and {@code returned}).
 */
public final class ErrorBody {

    public static final String CODE = "code";
    public static final String STATUS = "status";
    public static final String MESSAGE = "message";
    public static final String HELP = "help";
    public static final String RPC_CODE = "rpcCode";
    /**
     * {@code true} beside {@code rpcCode} when the RpcException was the invocation's result (the method threw it,
     * or a filter returned it) rather than thrown by a filter: a Java consumer delivers it as the result, which
     * Dubbo's failover does not send again, as over the dubbo protocol.
     */
    public static final String RETURNED = "returned";
    /**
     * {@code true} in a business exception's body when the exception had no message: {@code message} is then its
     * class name, for HTTP callers, and a Java consumer rebuilds the exception without one.
     */
    public static final String NULL_MESSAGE = "nullMessage";

    private ErrorBody() {}

    public static Map<String, Object> of(ErrorCode code, int status, String message, HttpJsonConfig config) {
        Map<String, Object> body = new LinkedHashMap<>(8);
        body.put(CODE, code.name());
        body.put(STATUS, status);
        body.put(MESSAGE, message == null ? code.name() : message);
        body.put(HELP, config.help(code));
        return body;
    }

    /** A URL's query in a message: Dubbo's own refusals print the provider's whole URL (pid, host, every key). */
    private static final java.util.regex.Pattern URL_QUERY =
            java.util.regex.Pattern.compile("(\\b[a-z][a-z0-9+.-]*://[^\\s?]*)\\?.*?(?=, |$)");

    /**
     * {@code message} without the queries of the URLs in it, for an answer anyone who reaches the port may read
     * ({@code executes} refusals name the provider's URL with all its parameters). A query ends at ", " or the end of
     * the message, not at a space: Dubbo writes parameter values as they are, spaces and all.
     */
    public static String withoutUrlQueries(String message) {
        return message == null || message.indexOf("://") < 0
                ? message
                : URL_QUERY.matcher(message).replaceAll("$1");
    }
}
