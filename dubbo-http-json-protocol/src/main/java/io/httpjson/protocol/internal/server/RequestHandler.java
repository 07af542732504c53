package io.httpjson.protocol.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.zip.GZIPOutputStream;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.ThrowableJson;
import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.internal.ErrorBody;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.Gzip;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.ServerTiming;
import io.httpjson.protocol.internal.Wire;
import io.httpjson.protocol.internal.codec.Arguments;
import io.httpjson.protocol.internal.codec.JsonScan;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.RpcInvocation;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

import static org.apache.dubbo.common.constants.CommonConstants.GROUP_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.PATH_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.TIMEOUT_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.VERSION_KEY;
import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_FAILED_RESPONSE;

/**
 * The server half of the data path: HTTP request -> route -> arguments (codec) -> Dubbo invoker -> response.
 * Never blocks: the body is read as it arrives, the invocation runs on the service's Dubbo executor, and the
 * response is written with a callback.
 */
final class RequestHandler extends Handler.Abstract {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(RequestHandler.class);

    private final HttpJsonServer server;
    private final HttpJsonConfig config;
    private final Admission admission;

    RequestHandler(HttpJsonServer server, HttpJsonConfig config, Admission admission) {
        // JETTY runs invocations on the thread Jetty calls us on, so Jetty must know it may block
        super(config.dispatch() == HttpJsonConfig.Dispatch.JETTY ? InvocationType.BLOCKING : InvocationType.NON_BLOCKING);
        this.server = server;
        this.config = config;
        this.admission = admission;
    }

    /** A plain-text request to a port that serves HTTPS only: a 400 naming the https:// URL, then close. */
    private void refusePlainText(Request request, Exchange ex) {
        ex.reject(server.defaultCodec(), ErrorCode.TLS_REQUIRED, 400, "this port serves"
                + " HTTPS only: call https://" + request.getHttpURI().getAuthority() + request.getHttpURI().getPath()
                + " (a Dubbo consumer needs dubbo.ssl client settings to speak TLS)", true);
    }

    /**
     * A browser's call from an allowed or its own origin: answers its preflight and returns true, or adds the headers
     * that let an allowed page read the answer and returns false.
     */
    private boolean crossOrigin(Request request, Response response, String origin, Exchange ex) {
        if (!"OPTIONS".equals(request.getMethod()) || !request.getHeaders().contains(Cors.REQUEST_METHOD)) {
            Cors.allowResponse(config, origin, response.getHeaders());
            return false;
        }
        String allowed = Cors.allowedOrigin(config, origin);
        if (allowed == null) {
            ex.reject(server.defaultCodec(), ErrorCode.FORBIDDEN, 403, Cors.refusal(config, origin), false);
        } else {
            Cors.allowPreflight(config, allowed, request.getHeaders().get(Cors.REQUEST_HEADERS), response.getHeaders());
            ex.noContent();
        }
        return true;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Exchange ex = new Exchange(request, response, server.track(callback));
        if (server.tlsRequired() && !request.isSecure()) {
            refusePlainText(request, ex);
            return true;
        }
        admission.keepAlive(request, response.getHeaders());
        Admission.Refusal refusal = admission.request(request);
        if (refusal != null) {
            ex.reject(server.defaultCodec(), refusal);
            return true;
        }
        String origin = request.getHeaders().get(HttpHeader.ORIGIN);
        if (origin != null && crossOrigin(request, response, origin, ex)) {
            return true;
        }
        if (server.isClosing()) {
            ex.reject(server.defaultCodec(), ErrorCode.SHUTTING_DOWN, 503, "the provider is shutting down; retry on another"
                    + " provider", true);
            return true;
        }
        if (!"POST".equals(request.getMethod())) {
            response.getHeaders().put(HttpHeader.ALLOW, "POST");
            ex.reject(server.defaultCodec(), ErrorCode.METHOD_NOT_ALLOWED, 405, "HTTP method " + request.getMethod()
                    + " is not supported: call a service method with POST /{interface}/{method} and a JSON body", false);
            return true;
        }
        String path = request.getHttpURI().getDecodedPath();
        int slash = path == null ? -1 : path.lastIndexOf('/');
        if (slash <= 1 || slash == path.length() - 1) {
            ex.reject(server.defaultCodec(), ErrorCode.SERVICE_NOT_FOUND, 404, "path '" + path + "' is not"
                    + " /{interface}/{method}; exported here: " + server.routes().describe(), false);
            return true;
        }
        String servicePath = path.substring(1, slash);
        String methodName = path.substring(slash + 1);
        HttpFields headers = request.getHeaders();
        String version = ServiceRoute.emptyToNull(headers.get(Wire.VERSION));
        String group = ServiceRoute.emptyToNull(headers.get(Wire.GROUP));
        if (request.getHttpURI().getQuery() != null) {
            Fields query = Request.extractQueryParameters(request);
            if (version == null) {
                version = ServiceRoute.emptyToNull(query.getValue("version"));
            }
            if (group == null) {
                group = ServiceRoute.emptyToNull(query.getValue("group"));
            }
        }
        List<ServiceRoute> candidates = server.routes().candidates(servicePath);
        ServiceRoute route = candidates == null ? null : Routes.select(candidates, version, group);
        if (route == null) {
            String known = candidates == null ? server.routes().describe()
                    : candidates.stream().map(ServiceRoute::describe).reduce((a, b) -> a + ", " + b).orElse("");
            ex.reject(server.defaultCodec(), ErrorCode.SERVICE_NOT_FOUND, 404, "no service " + servicePath
                    + (version != null ? " version " + version : "") + (group != null ? " group " + group : "")
                    + " is exported here; exported: [" + known + "]"
                    + (candidates != null ? ". Pick one with the " + Wire.VERSION + " and " + Wire.GROUP + " headers" : ""),
                    false);
            return true;
        }
        JsonCodec codec = route.codec;
        try {
            ex.attachments = Attachments.decode(headers.get(Wire.ATTACHMENTS), new HashMap<>());
            String timeout = headers.get(Wire.TIMEOUT);
            ex.timeoutMillis = timeout == null ? null : Admission.timeoutMillis(timeout);
        } catch (IllegalArgumentException e) {
            ex.reject(codec, ErrorCode.BAD_REQUEST, 400, e.getMessage(), false);
            return true;
        }
        refusal = Admission.token(route, ex.attachments);
        if (refusal != null) {
            ex.reject(codec, refusal);
            return true;
        }
        MethodMeta[] methods = route.meta.byName(methodName);
        if (methods == null) {
            ex.reject(codec, ErrorCode.METHOD_NOT_FOUND, 404, "service " + route.path + " has no method '" + methodName
                    + "'; its methods: " + route.meta.describeMethods(), false);
            return true;
        }
        refusal = Admission.contentType(headers);
        if (refusal != null) {
            ex.reject(codec, refusal);
            return true;
        }
        long length = headers.getLongField(HttpHeader.CONTENT_LENGTH);
        if (length > config.payload()) {
            String message = "request body of " + length + " bytes exceeds the provider's limit of "
                    + config.payload() + " bytes (Dubbo 'payload' setting)";
            // a body at most DISCARD_LIMIT over the limit is read and dropped, and the connection kept
            ex.reject(codec, ErrorCode.PAYLOAD_TOO_LARGE, 413, message, false, config.payload() + DISCARD_LIMIT);
            return true;
        }
        String encoding = headers.get(HttpHeader.CONTENT_ENCODING);
        boolean gzipped = false;
        if (encoding != null && !encoding.equalsIgnoreCase("identity")) {
            if (!encoding.equalsIgnoreCase("gzip")) {
                ex.reject(codec, ErrorCode.UNSUPPORTED_MEDIA_TYPE, 415, "Content-Encoding '" + encoding
                        + "' is not supported (expected: gzip or none)", false);
                return true;
            }
            gzipped = true;
            server.countGzipped();
        }
        ex.route = route;
        ex.methods = methods;
        ex.gzipped = gzipped;
        ex.version = version;
        ex.group = group;
        // Memory follows the bytes that arrive, not the length announced: a client that announces the maximum and
        // sends nothing would otherwise hold payload bytes of heap per connection for as long as it likes.
        ex.declaredLength = length;
        ex.buffer = new byte[(int) Math.max(0, Math.min(length >= 0 ? length : 256,
                Math.min(config.payload(), INITIAL_BUFFER)))];
        ex.readBody();
        return true;
    }

    /** One request and its response. */
    private final class Exchange implements Runnable {
        final Request request;
        final Response response;
        final Callback callback;
        ServiceRoute route;
        MethodMeta[] methods;
        boolean gzipped;
        String version;
        String group;
        Map<String, Object> attachments;
        /** Dubbo-Timeout, clamped; null without the header. */
        Long timeoutMillis;
        /** Bytes of the provider's decode budget this request holds. */
        long budget;
        /** When the head had arrived: a body's rate and a call's wait before it runs count from here. */
        final long startNanos = System.nanoTime();
        /** When decoding began (0 before): the start of what the Server-Timing header reports. */
        long runNanos;
        byte[] buffer;
        int size;
        long declaredLength;
        /** Bytes of a refused request's body read and dropped so far. */
        long discarded;

        Exchange(Request request, Response response, Callback callback) {
            this.request = request;
            this.response = response;
            this.callback = callback;
        }

        void noContent() {
            response.setStatus(204);
            response.write(true, null, callback);
        }

        /**
         * Answers an error found before the body was read, reading and dropping a body of up to DISCARD_LIMIT bytes
         * first. Jetty closes a connection whose request body was not read to the end, after the answer has gone
         * out without {@code Connection: close}: a pooling caller (the JDK's HttpClient) then sends its next call
         * into the closed connection. A larger body, or one the caller holds back until {@code 100 Continue}, is
         * not waited for: the answer goes at once and says the connection closes.
         */
        void reject(JsonCodec codec, ErrorCode code, int status, String message, boolean close) {
            reject(codec, code, status, message, close, DISCARD_LIMIT);
        }

        void reject(JsonCodec codec, Admission.Refusal r) {
            if (r.status() == 401) {
                response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, Admission.TOKEN_CHALLENGE);
            }
            reject(codec, r.code(), r.status(), r.message(), r.close(), DISCARD_LIMIT);
        }

        void reject(JsonCodec codec, ErrorCode code, int status, String message, boolean close, long maxDiscard) {
            HttpFields headers = request.getHeaders();
            long length = headers.getLongField(HttpHeader.CONTENT_LENGTH);
            if (length == 0 || !request.getConnectionMetaData().isPersistent()) {
                error(codec, code, status, message, close);
            } else if (length > maxDiscard || headers.contains(HttpHeader.EXPECT, "100-continue")) {
                error(codec, code, status, message, true);
            } else {
                // no Content-Length: chunked, read up to the cap
                discardThen(length < 0 ? maxDiscard : length, () -> error(codec, code, status, message, close),
                        () -> error(codec, code, status, message, true));
            }
        }

        /**
         * Reads the body and drops it, then runs {@code then}, or {@code tooMuch} once more than {@code cap} bytes
         * have come or they come slower than {@code httpjson.min-body-rate}; never holds more than one chunk.
         */
        private void discardThen(long cap, Runnable then, Runnable tooMuch) {
            while (true) {
                Content.Chunk chunk = request.read();
                if (chunk == null) {
                    request.demand(() -> discardThen(cap, then, tooMuch));
                    return;
                }
                boolean end = chunk.isLast() || Content.Chunk.isFailure(chunk);
                discarded += chunk.remaining();
                chunk.release();
                // a body that trickles in is not waited for: the answer goes at once, and the connection closes
                if (end || discarded > cap || admission.bodyRate(startNanos, discarded) != null) {
                    (end && discarded <= cap ? then : tooMuch).run();
                    return;
                }
            }
        }

        /** Reads what has arrived; asks to be called again when more does. */
        void readBody() {
            while (true) {
                Content.Chunk chunk = request.read();
                if (chunk == null) {
                    request.demand(this::readBody);
                    return;
                }
                if (Content.Chunk.isFailure(chunk)) {
                    Throwable failure = chunk.getFailure();
                    chunk.release();
                    error(route.codec, ErrorCode.BAD_REQUEST, 400, "could not read the request body: " + failure, true);
                    return;
                }
                ByteBuffer bb = chunk.getByteBuffer();
                int n = bb.remaining();
                if (n > 0) {
                    if ((long) size + n > config.payload()) {
                        chunk.release();
                        error(route.codec, ErrorCode.PAYLOAD_TOO_LARGE, 413, "request body exceeds the provider's"
                                + " limit of " + config.payload() + " bytes (Dubbo 'payload' setting)", true);
                        return;
                    }
                    if (size + n > buffer.length) {
                        long cap = declaredLength >= 0 ? Math.min(declaredLength, config.payload()) : config.payload();
                        byte[] bigger = new byte[(int) Math.max(size + n,
                                Math.min(cap, Math.max(size + n, buffer.length * 2L)))];
                        System.arraycopy(buffer, 0, bigger, 0, size);
                        buffer = bigger;
                    }
                    bb.get(buffer, size, n);
                    size += n;
                }
                boolean last = chunk.isLast();
                chunk.release();
                if (last) {
                    dispatch();
                    return;
                }
                Admission.Refusal slow = admission.bodyRate(startNanos, size);
                if (slow != null) {
                    error(route.codec, slow.code(), slow.status(), slow.message(), slow.close());
                    return;
                }
            }
        }

        private void dispatch() {
            if (route.executor == null) {
                run();
                return;
            }
            try {
                route.executor.execute(this);
            } catch (RejectedExecutionException e) {
                error(route.codec, ErrorCode.OVERLOADED, 503, "the provider's thread pool is exhausted (Dubbo"
                        + " 'threads' setting); retry later or on another provider", false);
            }
        }

        /** On a Dubbo worker thread: decode, invoke. */
        @Override
        public void run() {
            try {
                decodeAndInvoke();
            } catch (RuntimeException | Error e) {
                // the budget must not leak with a call that failed in a way no answer was written for
                releaseBudget();
                throw e;
            }
        }

        private void decodeAndInvoke() {
            runNanos = System.nanoTime();
            JsonCodec codec = route.codec;
            HttpFields headers = request.getHeaders();
            if (timeoutMillis != null && timeoutMillis > 0 && System.nanoTime() - startNanos > timeoutMillis * 1_000_000L) {
                error(codec, ErrorCode.DEADLINE_EXCEEDED, 504, "the call waited longer than its timeout of "
                        + timeoutMillis + " ms before it could run; it was not run", false);
                return;
            }
            DecodeBudget decodeBudget = server.decodeBudget();
            if (!decodeBudget.tryAcquire(size, 0)) {
                error(codec, ErrorCode.OVERLOADED, 503, decodeBudget.refusal(size), false);
                return;
            }
            budget = size;
            byte[] body = buffer;
            int len = size;
            if (gzipped) {
                try {
                    body = Gzip.gunzip(buffer, size, config.payload(), "request body");
                    len = body.length;
                } catch (IOException e) {
                    boolean tooLarge = e instanceof Gzip.TooLargeException;
                    error(codec, tooLarge ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.BAD_REQUEST, tooLarge ? 413 : 400,
                            "gzip: " + e.getMessage(), false);
                    return;
                }
                if (len > size && !decodeBudget.tryAcquire(len - size, budget)) {
                    error(codec, ErrorCode.OVERLOADED, 503, decodeBudget.refusal(len), false);
                    return;
                }
                budget = Math.max(budget, len);
            }
            int bad = JsonScan.invalidUtf8(body, 0, len);
            if (bad >= 0) {
                error(codec, ErrorCode.BAD_REQUEST, 400, "the request body is not valid UTF-8 at byte offset " + bad
                        + ": send JSON encoded as UTF-8 (RFC 8259)", false);
                return;
            }
            MethodMeta method;
            try {
                method = Overloads.pick(methods, route.path, headers.get(Wire.PARAMETER_TYPES), body, len);
            } catch (IllegalArgumentException e) {
                error(codec, ErrorCode.METHOD_NOT_FOUND, 404, e.getMessage(), false);
                return;
            }
            Object[] args;
            try {
                args = Arguments.read(codec, body, len, method);
            } catch (JsonCodecException e) {
                error(codec, ErrorCode.BAD_REQUEST, 400, "arguments of " + route.path + "." + method + ": "
                        + e.getMessage(), false);
                return;
            } catch (RuntimeException | StackOverflowError e) {
                error(codec, ErrorCode.BAD_REQUEST, 400, "arguments of " + route.path + "." + method
                        + " could not be read: " + e, false);
                return;
            }
            attachments.put(PATH_KEY, route.path);
            if (route.version != null) {
                attachments.put(VERSION_KEY, route.version);
            }
            if (route.group != null) {
                attachments.put(GROUP_KEY, route.group);
            }
            if (timeoutMillis != null) {
                attachments.put(TIMEOUT_KEY, timeoutMillis.toString());
            }
            RpcInvocation inv = new RpcInvocation(route.serviceModel, method.name(), route.interfaceName,
                    route.protocolServiceKey, method.parameterClasses(), args);
            inv.addObjectAttachments(attachments);
            inv.setInvoker(route.invoker);
            RpcContext.getServiceContext()
                    .setRemoteAddress(inet(request.getConnectionMetaData().getRemoteSocketAddress()))
                    .setLocalAddress(inet(request.getConnectionMetaData().getLocalSocketAddress()));
            Result result;
            try {
                result = route.invoker.invoke(inv);
            } catch (Throwable t) {
                respond(method, null, t);
                return;
            }
            result.whenCompleteWithContext((r, t) -> respond(method, r, t));
        }

        private void respond(MethodMeta method, Result result, Throwable failure) {
            JsonCodec codec = route.codec;
            try {
                if (failure instanceof CompletionException && failure.getCause() != null) {
                    failure = failure.getCause();
                }
                if (failure == null && result != null && result.hasException()) {
                    Throwable e = result.getException();
                    if (e instanceof RpcException && !((RpcException) e).isBiz()) {
                        failure = e;
                    } else {
                        writeAttachments(result);
                        Map<String, Object> body = ErrorBody.of(ErrorCode.BUSINESS_EXCEPTION, 500, e.getMessage());
                        body.putAll(ThrowableJson.describe(e));
                        body.put(ErrorBody.MESSAGE, e.getMessage() == null ? e.getClass().getName() : e.getMessage());
                        send(codec, 500, body, null, false);
                        return;
                    }
                }
                if (failure != null) {
                    if (failure instanceof RpcException) {
                        RpcException re = (RpcException) failure;
                        int status = ErrorCode.statusOf(re);
                        Map<String, Object> body = ErrorBody.of(ErrorCode.ofRpcStatus(status), status, re.getMessage());
                        body.put(ErrorBody.RPC_CODE, re.getCode());
                        send(codec, status, body, null, false);
                    } else {
                        LOG.warn(PROTOCOL_FAILED_RESPONSE, "", "", "httpjson: invoking " + route.path + "." + method
                                + " failed", failure);
                        error(codec, ErrorCode.SERVER_ERROR, 500, "invoking " + route.path + "." + method.name()
                                + " failed: " + failure, false);
                    }
                    return;
                }
                writeAttachments(result);
                if (method.returnsVoid()) {
                    sendBytes(200, EMPTY, 0, false);
                    return;
                }
                send(codec, 200, result == null ? null : result.getValue(), method.returnType(), false);
            } catch (RuntimeException | IOException | StackOverflowError e) {
                LOG.warn(PROTOCOL_FAILED_RESPONSE, "", "", "httpjson: writing the result of " + route.path + "."
                        + method + " failed", e);
                error(codec, ErrorCode.SERVER_ERROR, 500, "the result of " + route.path + "." + method.name()
                        + " could not be written as JSON: " + e, false);
            }
        }

        private void writeAttachments(Result result) {
            if (result == null) {
                return;
            }
            Map<String, Object> att = result.getObjectAttachments();
            if (att != null && !att.isEmpty()) {
                String header = Attachments.encode(att, config.maxAttachmentBytes());
                if (header != null) {
                    response.getHeaders().put(Wire.ATTACHMENTS, header);
                }
            }
        }

        void error(JsonCodec codec, ErrorCode code, int status, String message, boolean close) {
            try {
                send(codec, status, ErrorBody.of(code, status, message), null, close);
            } catch (IOException | RuntimeException e) {
                releaseBudget();
                callback.failed(e);
            }
        }

        private void send(JsonCodec codec, int status, Object value, java.lang.reflect.Type type, boolean close)
                throws IOException {
            Output out = new Output(256);
            codec.write(value, type, out);
            boolean gzip = config.gzipEnabled() && out.size() >= config.gzipThreshold() && acceptsGzip();
            if (gzip) {
                Output zipped = new Output(out.size() / 4 + 64);
                try (GZIPOutputStream gz = new GZIPOutputStream(zipped, 8192)) {
                    gz.write(out.array(), 0, out.size());
                }
                response.getHeaders().put(HttpHeader.CONTENT_ENCODING, "gzip");
                out = zipped;
            }
            sendBytes(status, out.array(), out.size(), close);
        }

        private boolean acceptsGzip() {
            String ae = request.getHeaders().get(HttpHeader.ACCEPT_ENCODING);
            return ae != null && ae.toLowerCase(Locale.ROOT).contains("gzip");
        }

        private void sendBytes(int status, byte[] bytes, int len, boolean close) {
            response.setStatus(status);
            HttpFields.Mutable h = response.getHeaders();
            if (len > 0 || status != 200) {
                h.put(HttpHeader.CONTENT_TYPE, Wire.JSON_UTF8);
            }
            h.put(HttpHeader.CONTENT_LENGTH, len);
            if (close) {
                h.put(HttpHeader.CONNECTION, "close");
                h.remove(HttpHeader.KEEP_ALIVE);
            }
            if (runNanos != 0) {
                h.put(ServerTiming.HEADER, ServerTiming.format(System.nanoTime() - runNanos));
            }
            // the arguments and the result are written out: what decoding them cost is free again
            releaseBudget();
            response.write(true, ByteBuffer.wrap(bytes, 0, len), callback);
        }

        private void releaseBudget() {
            if (budget > 0) {
                server.decodeBudget().release(budget);
                budget = 0;
            }
        }
    }

    private static final byte[] EMPTY = new byte[0];

    /** The most a request body buffer starts with; it grows (doubling, up to the announced length) as data comes. */
    static final int INITIAL_BUFFER = 64 * 1024;

    /**
     * The most body bytes read and dropped before an error answer, to keep the connection (over the payload limit
     * for a 413); a longer body gets the answer at once, with Connection: close.
     */
    static final long DISCARD_LIMIT = 1024 * 1024;

    private static InetSocketAddress inet(SocketAddress a) {
        return a instanceof InetSocketAddress ? (InetSocketAddress) a : null;
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
}
