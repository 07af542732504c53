package io.httpjson.protocol.internal;

import java.util.List;
import java.util.Set;

import org.apache.dubbo.common.URL;

import static io.httpjson.protocol.internal.Params.boolParam;
import static io.httpjson.protocol.internal.Params.intParam;
import static io.httpjson.protocol.internal.Params.invalid;

/**
 * The URL parameters the httpjson protocol understands, parsed once per server or client into an immutable
 * value. Every invalid value fails fast with {@code name: value (expected: ...)}. The keys are documented in
 * {@code docs/configuration.md}.
 */
public final class HttpJsonConfig {

    public static final String MAX_CONNECTIONS = "httpjson.max-connections";
    public static final String MAX_IDLE = "httpjson.max-idle";
    public static final String PIPELINING = "httpjson.pipelining";
    public static final String PIPELINING_BUDGET = "httpjson.pipelining-budget-micros";
    public static final String PIPELINING_ADAPTIVE = "httpjson.pipelining-adaptive";
    public static final String CLIENT_IDLE_TIMEOUT = "httpjson.client-idle-timeout";
    public static final String SERVER_IDLE_TIMEOUT = "httpjson.idle-timeout";
    public static final String CONNECT_TIMEOUT = "connect.timeout";
    public static final String GZIP_THRESHOLD = "httpjson.gzip-threshold";
    public static final String MAX_ATTACHMENT_BYTES = "httpjson.max-attachment-bytes";
    public static final String MAX_HEADER_BYTES = "httpjson.max-header-bytes";
    public static final String PAYLOAD = "payload";
    public static final String THREADS = "threads";
    /** Dubbo's own key for the server's accept queue (its netty server defaults to 1024 too). */
    public static final String BACKLOG = "backlog";

    public static final String IO_THREADS = "iothreads";
    public static final String DISPATCHER = "dispatcher";
    public static final String DISPATCH = "httpjson.dispatch";
    public static final String SERIALIZATION = "serialization";
    public static final String TLS_VERIFY_HOSTNAME = "httpjson.tls-verify-hostname";
    public static final String CORS_ALLOWED_ORIGINS = "httpjson.cors-allowed-origins";
    public static final String ALLOWED_HOSTS = "httpjson.allowed-hosts";
    public static final String HEADER_TIMEOUT = "httpjson.header-timeout";
    public static final String MIN_BODY_RATE = "httpjson.min-body-rate";
    public static final String DECODE_BUDGET = "httpjson.decode-budget";
    /** Dubbo's own key for the most connections a provider accepts. */
    public static final String ACCEPTS = "accepts";
    /** The docs folder error bodies' {@code help} links point into: {@code BASE + troubleshooting.md#section}. */
    public static final String HELP_BASE_URL = "httpjson.help-base-url";

    static final int DEFAULT_PAYLOAD = 8 * 1024 * 1024;
    static final int DEFAULT_ACCEPTS = 10_000;
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    private final int maxConnections;
    private final int connectionsCeiling;
    private final int maxIdle;
    private final int pipelining;
    private final long pipeliningBudgetNanos;
    private final boolean pipeliningAdaptive;
    private final long clientIdleTimeoutMillis;
    private final long serverIdleTimeoutMillis;
    private final int connectTimeoutMillis;
    private final int gzipThreshold;
    private final int maxAttachmentBytes;
    private final int maxHeaderBytes;
    private final int payload;
    private final int threads;
    private final int backlog;
    /** {@code iothreads}, 0 if not set. */
    private final int ioThreads;

    private final Dispatch dispatch;
    private final boolean tlsVerifyHostname;
    private final Set<String> corsAllowedOrigins;
    private final List<String> allowedHosts;
    private final int headerTimeoutMillis;
    private final int minBodyRate;
    private final int decodeBudget;
    private final int accepts;
    private final String helpBase;

    private HttpJsonConfig(URL url) {
        this.maxConnections = intParam(url, MAX_CONNECTIONS, 200, 1, 100_000);
        this.connectionsCeiling = url.hasParameter(MAX_CONNECTIONS) ? maxConnections : 2_000;
        this.maxIdle = intParam(url, MAX_IDLE, maxConnections, 0, maxConnections);
        this.pipelining = intParam(url, PIPELINING, 32, 1, 1024);
        this.pipeliningBudgetNanos = intParam(url, PIPELINING_BUDGET, 2000, 1, 60_000_000) * 1000L;
        this.pipeliningAdaptive = boolParam(url, PIPELINING_ADAPTIVE, true);
        this.clientIdleTimeoutMillis = intParam(url, CLIENT_IDLE_TIMEOUT, 30_000, 1, Integer.MAX_VALUE);
        this.serverIdleTimeoutMillis = intParam(url, SERVER_IDLE_TIMEOUT, 60_000, 1, Integer.MAX_VALUE);
        this.connectTimeoutMillis = intParam(url, CONNECT_TIMEOUT, 3_000, 1, Integer.MAX_VALUE);
        this.gzipThreshold = intParam(url, GZIP_THRESHOLD, 32 * 1024, -1, Integer.MAX_VALUE);
        this.maxAttachmentBytes = intParam(url, MAX_ATTACHMENT_BYTES, 8 * 1024, 0, 1024 * 1024);
        this.maxHeaderBytes = intParam(url, MAX_HEADER_BYTES, 16 * 1024, 1024, 1024 * 1024);
        this.payload = intParam(url, PAYLOAD, DEFAULT_PAYLOAD, 1, Integer.MAX_VALUE - 8);
        this.threads = intParam(url, THREADS, 200, 1, 100_000);
        this.backlog = intParam(url, BACKLOG, 1024, 1, 65_535);
        this.ioThreads = intParam(url, IO_THREADS, 0, 1, 1024);
        this.dispatch = Params.dispatch(url);
        this.tlsVerifyHostname = boolParam(url, TLS_VERIFY_HOSTNAME, true);
        this.corsAllowedOrigins = Params.origins(url, CORS_ALLOWED_ORIGINS);
        this.allowedHosts = Params.hosts(url, ALLOWED_HOSTS);
        this.headerTimeoutMillis = intParam(url, HEADER_TIMEOUT, 20_000, 1, Integer.MAX_VALUE);
        this.minBodyRate = intParam(url, MIN_BODY_RATE, 1024, 0, Integer.MAX_VALUE);
        // decoded arguments hold up to 21 (fastjson2-text) or 37 (gson-text) bytes of heap per body byte (8 MiB of
        // {},{},... read as Object): 1/128 of the heap in decode at once holds at most 30% of it
        this.decodeBudget = intParam(
                url,
                DECODE_BUDGET,
                (int) Math.min(
                        Integer.MAX_VALUE,
                        Math.max(1 << 20, Runtime.getRuntime().maxMemory() / 128)),
                1024,
                Integer.MAX_VALUE);
        this.accepts = intParam(url, ACCEPTS, DEFAULT_ACCEPTS, 0, 1_000_000);
        this.helpBase = HelpLinks.base(url.getParameter(HELP_BASE_URL));
        if (maxAttachmentBytes > maxHeaderBytes) {
            throw invalid(
                    MAX_ATTACHMENT_BYTES,
                    String.valueOf(maxAttachmentBytes),
                    "at most " + MAX_HEADER_BYTES + " = " + maxHeaderBytes);
        }
    }

    public static HttpJsonConfig of(URL url) {
        return new HttpJsonConfig(url);
    }

    /** A consumer's client config: the provider's values its defaults, its server settings left out (ConsumerView). */
    public static HttpJsonConfig forConsumer(URL url) {
        return ConsumerView.of(url).config();
    }

    /** The docs folder error bodies link into, ending in {@code /}: {@code httpjson.help-base-url} or ours. */
    public String helpBaseUrl() {
        return helpBase;
    }

    /** The {@code help} link of an error body: the troubleshooting guide's section on {@code code}. */
    public String help(ErrorCode code) {
        return HelpLinks.link(helpBase, code);
    }

    /**
     * Whether a TLS consumer checks that the provider's certificate names the address it calls (as an HTTPS client
     * does), on top of checking that it chains to a trusted certificate.
     */
    public boolean tlsVerifyHostname() {
        return tlsVerifyHostname;
    }

    /**
     * Browser origins the provider answers cross-origin calls from (CORS): empty for none, {@code "*"} for any,
     * otherwise lower-case {@code scheme://host[:port]} values.
     */
    public Set<String> corsAllowedOrigins() {
        return corsAllowedOrigins;
    }

    /**
     * Host header patterns the provider answers (lower-case {@code host}, {@code *.domain} or {@code [v6]}, each
     * with an optional {@code :port}); empty for any.
     */
    public List<String> allowedHosts() {
        return allowedHosts;
    }

    /** Milliseconds a request's line and headers may take to arrive; also the grace a body gets before its rate counts. */
    public int headerTimeoutMillis() {
        return headerTimeoutMillis;
    }

    /** Bytes per second a request body must average once {@link #headerTimeoutMillis()} has passed; 0 for no minimum. */
    public int minBodyRate() {
        return minBodyRate;
    }

    /** Request body bytes the provider decodes at once, across all requests (one request alone always may). */
    public int decodeBudget() {
        return decodeBudget;
    }

    /** The most connections the provider keeps open (Dubbo's {@code accepts}); 0 for no limit. */
    public int accepts() {
        return accepts;
    }

    /** Connections per provider address the pool starts with; also their most if the key is set. */
    public int maxConnections() {
        return maxConnections;
    }

    /** How far the pool may grow while more connections make more calls: the key's value if set, else 2,000. */
    public int connectionsCeiling() {
        return connectionsCeiling;
    }

    /**
     * Requests a consumer may have in flight on one connection (HTTP/1.1 pipelining); 1 sends the next request only
     * after the response. Only short calls are pipelined (see {@link #pipeliningBudgetNanos()}): the provider answers
     * a connection's requests one after another, so a slow call would hold up the calls behind it.
     */
    public int pipelining() {
        return pipelining;
    }

    /**
     * How much provider time, as its {@code Server-Timing} headers report per method, the calls pipelined on one
     * connection may add up to: a call joins a busy connection only if the calls on it and itself are expected to take
     * at most this long together. A method whose calls take longer on average is never pipelined.
     */
    public long pipeliningBudgetNanos() {
        return pipeliningBudgetNanos;
    }

    /**
     * Whether a short call's budget grows with how long the calls of its method already take: up to their recent
     * response time, as the consumer measures it. While the provider is busy and every call queues anyway, sharing a
     * connection adds little to that and saves a write, a read and a wake-up per call.
     */
    public boolean pipeliningAdaptive() {
        return pipeliningAdaptive;
    }

    public int maxIdle() {
        return maxIdle;
    }

    public long clientIdleTimeoutMillis() {
        return clientIdleTimeoutMillis;
    }

    public long serverIdleTimeoutMillis() {
        return serverIdleTimeoutMillis;
    }

    public int connectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    /** Bodies of at least this many bytes are gzipped when the peer accepts it; -1 turns gzip off. */
    public int gzipThreshold() {
        return gzipThreshold;
    }

    public boolean gzipEnabled() {
        return gzipThreshold >= 0;
    }

    public int maxAttachmentBytes() {
        return maxAttachmentBytes;
    }

    public int maxHeaderBytes() {
        return maxHeaderBytes;
    }

    public int payload() {
        return payload;
    }

    public int threads() {
        return threads;
    }

    /**
     * Connections the provider's kernel queues before they are accepted. The JDK's default of 50 dropped
     * connections when many consumers connected at once (each then waits a second for its SYN to be resent).
     */
    public int backlog() {
        return backlog;
    }

    /**
     * Netty IO threads of a consumer, Jetty selector threads of a provider: {@code iothreads}, or half the cores (1 to
     * 4). Few IO threads batch more work per wake-up: on 2 cores 1 beat 3 (docs/history/benchmark-notebook.md).
     */
    public int ioThreads() {
        return ioThreads > 0 ? ioThreads : Math.max(1, Math.min(4, CORES / 2));
    }

    /**
     * The provider's Jetty selector threads: {@link #ioThreads()}, but with {@link Dispatch#DIRECT} a selector per core
     * unless {@code iothreads} is set, since the selectors then run every call themselves.
     */
    public int selectors() {
        return dispatch == Dispatch.DIRECT && ioThreads == 0 ? CORES : ioThreads();
    }

    public Dispatch dispatch() {
        return dispatch;
    }
}
