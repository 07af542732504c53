package io.httpjson.protocol.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.ErrorBody;
import io.httpjson.protocol.internal.Gzip;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.ServerTiming;
import io.httpjson.protocol.internal.Wire;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The response stage, shared by the request path and Jetty's own errors: a value or an error body as JSON, gzipped
 * when the caller accepts it and it is large enough, with the headers every answer carries ({@code Content-Type},
 * {@code Content-Length}, the echoed {@code Dubbo-Request-Id}, {@code Keep-Alive} or {@code Connection: close},
 * {@code Server-Timing} once the call ran).
 */
final class Responder {

    private static final byte[] EMPTY = new byte[0];

    private final HttpJsonConfig config;
    /** {@code Keep-Alive: timeout=N}: the server's idle timeout in whole seconds. */
    private final String keepAlive;

    /** True once the provider drains: every answer then says the connection closes. */
    private final BooleanSupplier closing;
    /** True while the provider is read-only (a graceful shutdown began): every answer says so too. */
    private final BooleanSupplier readOnly;

    Responder(HttpJsonConfig config, BooleanSupplier closing, BooleanSupplier readOnly) {
        this.config = config;
        this.closing = closing;
        this.readOnly = readOnly;
        this.keepAlive = "timeout=" + config.serverIdleTimeoutMillis() / 1000;
    }

    /** A ByteArrayOutputStream whose array can be handed to Jetty without a copy. */
    static final class Output extends ByteArrayOutputStream {
        Output(int size) {
            super(size);
        }

        byte[] array() {
            return buf;
        }
    }

    /** The error's JSON body with its status. */
    void error(Request request, Response response, Callback callback, JsonCodec codec, CallError e, long runNanos) {
        try {
            json(
                    request,
                    response,
                    callback,
                    codec,
                    e.status(),
                    ErrorBody.of(e.code, e.status(), e.getMessage(), config),
                    null,
                    e.close,
                    runNanos);
        } catch (IOException | RuntimeException failure) {
            callback.failed(failure);
        }
    }

    /** {@code value} as JSON of declared {@code type} (null: its runtime class). */
    void json(
            Request request,
            Response response,
            Callback callback,
            JsonCodec codec,
            int status,
            Object value,
            Type type,
            boolean close,
            long runNanos)
            throws IOException {
        Output out = new Output(256);
        codec.write(value, type, out);
        if (gzipped(request, response, out.size())) {
            Output zipped = new Output(out.size() / 4 + 64);
            Gzip.gzip(out.array(), 0, out.size(), zipped);
            response.getHeaders().put(HttpHeader.CONTENT_ENCODING, "gzip");
            out = zipped;
        }
        bytes(request, response, callback, status, out.array(), out.size(), Wire.JSON_UTF8, close, runNanos);
    }

    /** A 200 answer of JSON made before, or its gzipped copy ({@code gzipped}, asked for only if it is sent). */
    void encodedJson(
            Request request,
            Response response,
            Callback callback,
            byte[] json,
            Supplier<byte[]> gzipped,
            boolean close) {
        byte[] body = json;
        if (gzipped(request, response, json.length)) {
            body = gzipped.get();
            response.getHeaders().put(HttpHeader.CONTENT_ENCODING, "gzip");
        }
        bytes(request, response, callback, 200, body, body.length, Wire.JSON_UTF8, close, 0);
    }

    /** Whether an answer of {@code size} JSON bytes goes gzipped; says in its headers that it depends on the caller. */
    private boolean gzipped(Request request, Response response, int size) {
        if (!config.gzipEnabled() || size < config.gzipThreshold()) {
            return false;
        }
        // the encoding depends on Accept-Encoding: a cache must not hand this answer to a caller that sent another
        response.getHeaders().add(HttpHeader.VARY, HttpHeader.ACCEPT_ENCODING.asString());
        return acceptsGzip(request);
    }

    /** An empty answer: a void method's 200, a one-way call's 202, a preflight's 204. */
    void empty(Request request, Response response, Callback callback, int status, long runNanos, boolean close) {
        bytes(request, response, callback, status, EMPTY, 0, Wire.JSON_UTF8, close, runNanos);
    }

    /** A 200 answer that is not JSON (the catalog page). */
    void page(Request request, Response response, Callback callback, byte[] bytes, String contentType, boolean close) {
        bytes(request, response, callback, 200, bytes, bytes.length, contentType, close, 0);
    }

    /**
     * Whether {@code Accept-Encoding} lists gzip (or x-gzip) with a weight above 0 (RFC 9110, 12.5.3: {@code q=0}
     * means "not acceptable"). Only an explicit gzip counts: for {@code *} the answer stays identity.
     */
    static boolean acceptsGzip(Request request) {
        boolean gzip = false;
        for (String value : request.getHeaders().getValuesList(HttpHeader.ACCEPT_ENCODING)) {
            for (String element : value.split(",")) {
                String[] parts = element.split(";");
                String coding = parts[0].trim().toLowerCase(Locale.ROOT);
                if (coding.equals("gzip") || coding.equals("x-gzip")) {
                    gzip = positiveWeight(parts);
                }
            }
        }
        return gzip;
    }

    private static boolean positiveWeight(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].trim();
            if (p.length() >= 2 && (p.charAt(0) == 'q' || p.charAt(0) == 'Q') && p.charAt(1) == '=') {
                try {
                    return Double.parseDouble(p.substring(2).trim()) > 0;
                } catch (NumberFormatException malformed) {
                    return false;
                }
            }
        }
        return true;
    }

    private void bytes(
            Request request,
            Response response,
            Callback callback,
            int status,
            byte[] bytes,
            int len,
            String contentType,
            boolean close,
            long runNanos) {
        response.setStatus(status);
        HttpFields.Mutable h = response.getHeaders();
        String id = request.getHeaders().get(Wire.REQUEST_ID);
        if (id != null) {
            h.put(Wire.REQUEST_ID, id);
        }
        if (len > 0 || (status != 200 && status != 202 && status != 204)) {
            h.put(HttpHeader.CONTENT_TYPE, contentType);
        }
        if (status != 204) {
            h.put(HttpHeader.CONTENT_LENGTH, len);
        }
        if (status == 405) {
            if (!h.contains(HttpHeader.ALLOW)) {
                h.put(HttpHeader.ALLOW, "POST");
            }
        } else if (status == 401) {
            h.put(HttpHeader.WWW_AUTHENTICATE, AdmissionRules.TOKEN_CHALLENGE);
        }
        // a draining provider takes no more calls: the consumer learns it from the answers of those in flight
        if (close || closing.getAsBoolean()) {
            h.put(HttpHeader.CONNECTION, "close");
            h.remove(HttpHeader.KEEP_ALIVE);
            if (readOnly.getAsBoolean()) {
                h.put(Wire.READ_ONLY, "true");
            }
        } else if (request.getConnectionMetaData().isPersistent()) {
            // so that consumers retire a pooled connection before this server closes it for being idle
            h.put(HttpHeader.KEEP_ALIVE, keepAlive);
        }
        if (runNanos != 0) {
            h.put(ServerTiming.HEADER, ServerTiming.format(System.nanoTime() - runNanos));
        }
        response.write(true, len == 0 ? null : ByteBuffer.wrap(bytes, 0, len), callback);
    }
}
