package io.httpjson.protocol.internal.server;

import java.io.IOException;
import java.lang.reflect.Type;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import io.httpjson.codec.JsonCodecException;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.Gzip;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.Wire;
import io.httpjson.protocol.internal.codec.Arguments;
import io.httpjson.protocol.internal.codec.JsonScan;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcInvocation;
import org.eclipse.jetty.http.HttpFields;

import static org.apache.dubbo.common.constants.CommonConstants.GROUP_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.PATH_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.TIMEOUT_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.VERSION_KEY;
import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_FAILED_RESPONSE;

/**
 * The call stage: on the service's executor, turns the body into a Dubbo invocation (deadline, gunzip, UTF-8,
 * overload, arguments, attachments), invokes it, and answers with its result, its business exception, or the
 * RpcException Dubbo's filters raised. A one-way call ({@code Prefer: respond-async}) is answered 202 first.
 */
final class CallRunner implements Runnable {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(CallRunner.class);

    private final HttpJsonServer server;
    private final Exchange ex;
    private final Target target;
    private final HttpJsonConfig config;
    private final HttpFeatures features;
    /** The method, if the query string already chose it (GET); else picked from the header or the body. */
    private final MethodMeta chosen;
    /** The response stage for the invocation's outcome. */
    private final ResultWriter results;

    private final byte[] buffer;
    private final int size;

    CallRunner(
            HttpJsonServer server,
            Exchange ex,
            Target target,
            HttpJsonConfig config,
            HttpFeatures features,
            MethodMeta chosen,
            byte[] buffer,
            int size) {
        this.server = server;
        this.ex = ex;
        this.target = target;
        this.config = config;
        this.features = features;
        this.chosen = chosen;
        this.results = new ResultWriter(ex, target, config, features);
        this.buffer = buffer;
        this.size = size;
    }

    /** Runs the call on the service's executor (Jetty's thread if it has none). */
    void dispatch() {
        if (target.route.executor == null) {
            run();
        } else {
            server.poolJobs.dispatch(this, target.route.executor, ex);
        }
    }

    @Override
    public void run() {
        if (target.route.executor != null && !server.poolJobs.begin(this)) {
            return; // answered already: its pool was shut down before it began
        }
        ex.running();
        RpcInvocation inv;
        MethodMeta method;
        try {
            HttpFields headers = ex.request.getHeaders();
            deadline();
            DecodeBudget budget = server.decodeBudget();
            if (!ex.hold(budget, size)) { // a POST's body holds it already, from its first byte
                throw new CallError(ErrorCode.OVERLOADED, budget.refusal(size));
            }
            byte[] body = buffer;
            int len = size;
            if (target.gzipped) {
                body = gunzip(budget);
                len = body.length;
            }
            int bad = JsonScan.invalidUtf8(body, 0, len);
            if (bad >= 0) {
                throw new CallError(
                        ErrorCode.BAD_REQUEST,
                        "the request body is not valid UTF-8 at byte offset " + bad
                                + ": send JSON encoded as UTF-8 (RFC 8259)");
            }
            method = chosen != null
                    ? chosen
                    : Overloads.pick(target.methods, target.route.path, target.signature, body, len);
            inv = invocation(method, arguments(method, body, len), attachments(headers));
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            ex.fail(e, target.route.path);
            return;
        }
        InetSocketAddress remote = inet(ex.request.getConnectionMetaData().getRemoteSocketAddress());
        InetSocketAddress local = inet(ex.request.getConnectionMetaData().getLocalSocketAddress());
        if (ex.request.getHeaders().contains(Wire.PREFER, Wire.RESPOND_ASYNC)) {
            // a one-way call: the caller wants no result, so the connection is answered and free (Jetty may read
            // the next request on it) while the call runs on another thread; the provider took the call, so it
            // stays in flight until it ends, for a graceful shutdown to wait for it as for any other
            Runnable ended = server.holdOneWay();
            if (ended == null) {
                ex.fail(new CallError(
                        ErrorCode.OVERLOADED,
                        "the provider already holds as many one-way calls (Prefer: respond-async) as its Dubbo"
                                + " 'threads' setting (" + config.threads() + "); this one was not run: retry later"
                                + " or on another provider"));
                return;
            }
            // taken before the 202: once it is out, Jetty may complete the exchange and its request no longer
            // answers (the call would be lost, and held in flight for good)
            Executor jetty = ex.request.getComponents().getExecutor();
            ex.accepted();
            if (target.route.executor != null) {
                // on the service's own pool already (httpjson.dispatch=pool): the answer is out, the call runs here,
                // within the pool's threads and the service's executor, as over the dubbo protocol
                invoke(method, inv, remote, local, ended);
                return;
            }
            try {
                jetty.execute(() -> invoke(method, inv, remote, local, ended));
            } catch (RejectedExecutionException stopped) {
                ex.releaseBudget();
                ended.run();
                LOG.warn(
                        PROTOCOL_FAILED_RESPONSE,
                        "",
                        "",
                        "httpjson: one-way call " + target.route.path + "." + method + " not run: the server stopped",
                        stopped);
            }
            return;
        }
        invoke(method, inv, remote, local, null);
    }

    /** A call that waited longer than the caller's timeout before it could run is not run. */
    private void deadline() {
        Long millis = target.timeoutMillis;
        if (millis != null && millis > 0 && System.nanoTime() - ex.arrivedNanos > millis * 1_000_000L) {
            throw new CallError(
                    ErrorCode.DEADLINE_EXCEEDED,
                    "the call waited longer than its timeout of " + millis + " ms before it could run; it was not run");
        }
    }

    /**
     * The body decompressed, each buffer for it taken from the decode budget before it is made: a small body that
     * inflates to {@code payload} holds the budget as it grows, so many at once are refused, not all made.
     */
    private byte[] gunzip(DecodeBudget budget) {
        try {
            byte[] body = Gzip.gunzip(buffer, size, config.payload(), "request body", bytes -> ex.hold(budget, bytes));
            // what the call keeps is its JSON; the larger buffers it grew through are garbage now
            ex.holdOnly(body.length);
            return body;
        } catch (Gzip.NoRoomException e) {
            throw new CallError(ErrorCode.OVERLOADED, budget.refusal(e.bytes));
        } catch (IOException e) {
            boolean tooLarge = e instanceof Gzip.TooLargeException;
            String m = e.getMessage();
            throw new CallError(
                    tooLarge ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.BAD_REQUEST,
                    m.startsWith("gzip: ") ? m : "gzip: " + m);
        }
    }

    private Object[] arguments(MethodMeta method, byte[] body, int len) {
        try {
            for (Type t : method.parameterTypes()) {
                target.route.allowList.check(t);
            }
            return Arguments.read(target.route.codec, body, len, method);
        } catch (JsonCodecException e) {
            throw new CallError(
                    ErrorCode.BAD_REQUEST, "arguments of " + target.route.path + "." + method + ": " + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            throw new CallError(
                    ErrorCode.BAD_REQUEST,
                    "arguments of " + target.route.path + "." + method + " could not be read: " + e);
        } catch (LinkageError | AssertionError e) {
            // an argument's class failed to initialize, or its constructor asserted: the provider's fault
            throw new CallError(
                    ErrorCode.SERVER_ERROR,
                    "arguments of " + target.route.path + "." + method + " could not be made: " + e);
        }
    }

    /**
     * The call's attachments: the {@code Dubbo-Attachments} header, then W3C trace context and the plain headers the
     * provider lists in {@code httpjson.header-attachments} (under their lower-case names), then what routing fixed.
     */
    private Map<String, Object> attachments(HttpFields headers) {
        Map<String, Object> attachments = target.attachments;
        TraceHeaders.copy(headers, attachments);
        features.headerAttachments().forEach((header, key) -> {
            String v = TraceHeaders.list(headers, header);
            if (v != null) {
                attachments.put(key, v);
            }
        });
        ServiceRoute route = target.route;
        attachments.put(PATH_KEY, route.path);
        if (route.version != null) {
            attachments.put(VERSION_KEY, route.version);
        }
        if (route.group != null) {
            attachments.put(GROUP_KEY, route.group);
        }
        if (target.timeoutMillis != null) {
            attachments.put(TIMEOUT_KEY, target.timeoutMillis.toString());
        }
        return attachments;
    }

    private RpcInvocation invocation(MethodMeta method, Object[] args, Map<String, Object> attachments) {
        ServiceRoute route = target.route;
        if (GenericArguments.applies(route, method)) {
            GenericArguments.check(route, args, attachments);
        }
        RpcInvocation inv = new RpcInvocation(
                route.serviceModel,
                method.name(),
                route.interfaceName,
                route.protocolServiceKey,
                method.parameterClasses(),
                args);
        inv.addObjectAttachments(attachments);
        // as the dubbo protocol names it: Dubbo's provider filters log and count the call under this key
        inv.setTargetServiceUniqueName(route.serviceKey);
        inv.setInvoker(route.invoker);
        return inv;
    }

    /** Runs the invocation; {@code ended} is null unless the call was answered first (one-way), then run at its end. */
    private void invoke(
            MethodMeta method, RpcInvocation inv, InetSocketAddress remote, InetSocketAddress local, Runnable ended) {
        boolean answered = ended != null;
        RpcContext.getServiceContext().setRemoteAddress(remote).setLocalAddress(local);
        Result result;
        try {
            result = target.route.invoker.invoke(inv);
        } catch (Throwable t) {
            results.write(method, null, t, answered);
            end(ended);
            return;
        } finally {
            if (answered) {
                ex.releaseBudget();
            }
        }
        ProviderContext.whenComplete(result, (r, t) -> {
            try {
                results.write(method, r, t, answered);
            } finally {
                end(ended);
            }
        });
    }

    private static void end(Runnable ended) {
        if (ended != null) {
            ended.run();
        }
    }

    private static InetSocketAddress inet(SocketAddress a) {
        return a instanceof InetSocketAddress ? (InetSocketAddress) a : null;
    }
}
