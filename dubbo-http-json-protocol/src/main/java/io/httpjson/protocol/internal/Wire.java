package io.httpjson.protocol.internal;

/** Names on the wire (docs/protocol.md). One place, shared by the server and the client. */
public final class Wire {

    public static final String JSON = "application/json";
    public static final String JSON_UTF8 = "application/json; charset=utf-8";

    /** Dubbo service version; the query parameter {@code version} does the same. */
    public static final String VERSION = "Dubbo-Service-Version";
    /** Dubbo service group; the query parameter {@code group} does the same. */
    public static final String GROUP = "Dubbo-Service-Group";
    /** Triple's names for version, group and timeout, accepted beside the {@code Dubbo-*} ones. */
    public static final String TRI_VERSION = "tri-service-version";

    public static final String TRI_GROUP = "tri-service-group";
    public static final String TRI_TIMEOUT = "tri-service-timeout";
    /** Milliseconds the caller waits; the provider drops a call whose time is up before it runs. */
    public static final String TIMEOUT = "Dubbo-Timeout";
    /** Attachments, both ways: {@code key=value} pairs joined by {@code ,}, both sides percent-encoded UTF-8. */
    public static final String ATTACHMENTS = "Dubbo-Attachments";
    /** Picks one of overloaded methods: parameter type names joined by {@code ,}. */
    public static final String PARAMETER_TYPES = "Dubbo-Parameter-Types";

    /**
     * Request to response, echoed: a number the consumer gives each request, so that it can tell which request a
     * response answers (an answer to any other than the oldest in flight means the connection is out of step).
     */
    public static final String REQUEST_ID = "Dubbo-Request-Id";
    /**
     * {@code true} on the answers of a provider that is read-only (Dubbo's graceful shutdown has begun), which also
     * say {@code Connection: close}: a consumer sends its next calls to other providers, as over the dubbo protocol.
     */
    public static final String READ_ONLY = "Dubbo-Read-Only";
    /** {@code respond-async} (RFC 7240) on a one-way call: the provider answers 202 before it runs the call. */
    public static final String PREFER = "Prefer";

    public static final String RESPOND_ASYNC = "respond-async";

    /** The troubleshooting guide's file in the docs folder; error bodies link to its sections. */
    public static final String HELP_PAGE = "troubleshooting.md";
    /** The project's published docs folder: where help links point unless {@code httpjson.help-base-url} is set. */
    public static final String DOCS_URL = "https://github.com/httpjson/httpjson/blob/main/docs/";
    /** The published troubleshooting guide, for the consumer's own messages. */
    public static final String HELP = DOCS_URL + HELP_PAGE;

    private Wire() {}
}
