package io.httpjson.protocol.internal.client;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.httpjson.codec.JsonCodec;
import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.internal.EncodedAttachments;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.ServiceMeta;
import io.netty.buffer.ByteBuf;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.common.threadpool.manager.ExecutorRepository;
import org.apache.dubbo.common.utils.ExecutorUtil;
import org.apache.dubbo.remoting.TimeoutException;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.AsyncRpcResult;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.RpcInvocation;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.AbstractInvoker;
import org.apache.dubbo.rpc.support.ProtocolUtils;
import org.apache.dubbo.rpc.support.RpcUtils;

import static org.apache.dubbo.common.constants.CommonConstants.DEFAULT_TIMEOUT;
import static org.apache.dubbo.common.constants.CommonConstants.GENERIC_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.GROUP_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.INTERFACE_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.TIMEOUT_KEY;
import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_FAILED_REQUEST;
import static org.apache.dubbo.remoting.Constants.SENT_KEY;
import static org.apache.dubbo.rpc.Constants.TOKEN_KEY;

/**
 * The client half of the data path: Dubbo invocation -> JSON body (codec, on the caller's thread) -> pooled
 * connection -> response read on the caller's thread -> {@link AsyncRpcResult}. Nothing here blocks: a
 * synchronous caller waits in Dubbo's ThreadlessExecutor, which also runs the JSON decoding.
 */
public final class HttpJsonInvoker<T> extends AbstractInvoker<T> {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(HttpJsonInvoker.class);

    private final HttpJsonClient client;
    private final JsonCodec codec;
    /** Resolved now, while the framework is alive: an answer may come after it was destroyed. */
    private final Decoding decoding;

    private final ServiceMeta meta;
    private final RequestWriter writer;
    private final Consumer<HttpJsonInvoker<?>> onDestroy;
    private final Object destroyLock = new Object();
    /** This invoker's share of the client was given back (guarded by destroyLock). */
    private boolean released;

    public HttpJsonInvoker(
            Class<T> type,
            URL url,
            HttpJsonClient client,
            JsonCodec codec,
            FrameworkModel model,
            Consumer<HttpJsonInvoker<?>> onDestroy) {
        super(type, url, new String[] {INTERFACE_KEY, GROUP_KEY, TOKEN_KEY});
        this.client = client;
        this.codec = codec;
        this.decoding = Decoding.of(codec, model);
        this.meta = ServiceMeta.of(type);
        String v = url.getVersion();
        String g = url.getGroup();
        this.writer = new RequestWriter(
                "/" + url.getPath() + "/",
                client.hostHeader,
                v == null || v.isEmpty() ? null : v,
                g == null || g.isEmpty() ? null : g,
                client.config.gzipEnabled(),
                client.config.gzipThreshold());
        this.onDestroy = onDestroy;
        // the executor async calls complete on, made now as Dubbo's own clients do (not lazily with a warning)
        ExecutorRepository.getInstance(url.getOrDefaultApplicationModel())
                .createExecutorIfAbsent(ExecutorUtil.setThreadName(url, "DubboClientHandler"));
    }

    /**
     * Dubbo's wait for a synchronous call wraps the RpcException a call failed with (a provider's refusal, with
     * the code {@code ErrorCode} maps it to) in one of code UNKNOWN_EXCEPTION: the caller gets the refusal's code,
     * as an asynchronous caller does. A business code is never taken from the wire here (it would stop failover).
     */
    @Override
    public Result invoke(Invocation inv) throws RpcException {
        try {
            return super.invoke(inv);
        } catch (RpcException e) {
            Throwable cause =
                    e.getCause() instanceof ExecutionException ? e.getCause().getCause() : null;
            if (e.getCode() == RpcException.UNKNOWN_EXCEPTION
                    && cause instanceof RpcException
                    && !((RpcException) cause).isBiz()) {
                e.setCode(((RpcException) cause).getCode());
            }
            throw e;
        }
    }

    @Override
    protected Result doInvoke(Invocation invocation) {
        RpcInvocation inv = (RpcInvocation) invocation;
        if (client.isClosed()) {
            // before anything is made: its timer may be stopped, and its pool sends nothing more
            throw closed(null);
        }
        String methodName = RpcUtils.getMethodName(inv);
        MethodMeta method = meta.find(inv.getMethodName(), inv.getParameterTypes());
        if (method == null) {
            throw new RpcException(
                    RpcException.METHOD_NOT_FOUND,
                    "httpjson: " + getInterface().getName()
                            + " has no method " + inv.getMethodName() + " with parameters "
                            + MethodMeta.signatureOf(inv.getParameterTypes()));
        }
        if (ProtocolUtils.isBeanGenericSerialization(inv.getAttachment(GENERIC_KEY))) {
            throw new RpcException(RpcException.SERIALIZATION_EXCEPTION, "httpjson: " + ServiceMeta.GENERIC_BEAN);
        }
        int timeout = RpcUtils.calculateTimeout(getUrl(), inv, methodName, DEFAULT_TIMEOUT);
        if (timeout <= 0) {
            return AsyncRpcResult.newDefaultAsyncResult(
                    new RpcException(
                            RpcException.TIMEOUT_TERMINATE,
                            "No time left for making the following call: " + inv.getServiceName() + "." + methodName
                                    + ", terminate directly."),
                    inv);
        }
        inv.setAttachment(TIMEOUT_KEY, String.valueOf(timeout));
        RequestWriter.Head head = writer.head(method);
        long id = Call.nextId();
        boolean oneway = RpcUtils.isOneway(getUrl(), inv);
        ByteBuf request = newRequest(inv, method, head, timeout, id, oneway);
        // sent=false: as the dubbo protocol's, a one-way caller does not wait for its request to be written
        boolean untold = oneway && !getUrl().getMethodParameter(methodName, SENT_KEY, false);
        ExecutorService executor = getCallbackExecutor(getUrl(), inv);
        if (executor == null) {
            executor = ExecutorRepository.getInstance(getUrl().getOrDefaultApplicationModel())
                    .getSharedExecutor();
        }
        CompletableFuture<AppResponse> future = new CompletableFuture<>();
        Executor completing = untold ? Runnable::run : executor; // an untold call's future has nobody waiting on it
        Call call = new Call(id, request, decoding, inv, method, head.pace, future, completing, timeout, oneway);
        call.timeoutAt = RequestWriter.timeoutAt(head);
        try {
            call.timeout = client.resources.timer.newTimeout(t -> onTimeout(call), timeout, TimeUnit.MILLISECONDS);
        } catch (IllegalStateException e) {
            // the client closed since the check above, and its timer stopped with the last client of its threads
            request.release();
            throw closed(e);
        }
        client.pool.acquire(call);
        if (untold) {
            future.whenComplete((r, t) -> {
                if (t != null) {
                    LOG.warn(
                            PROTOCOL_FAILED_REQUEST,
                            "",
                            "",
                            "httpjson: one-way call " + getInterface().getName() + "." + methodName + " (sent=false)"
                                    + " failed after its caller went on",
                            t);
                }
            });
            return AsyncRpcResult.newDefaultAsyncResult(inv);
        }
        AsyncRpcResult result = new AsyncRpcResult(future, inv);
        result.setExecutor(executor);
        return result;
    }

    private ByteBuf newRequest(
            RpcInvocation inv, MethodMeta method, RequestWriter.Head head, int timeout, long id, boolean oneway) {
        EncodedAttachments attachments;
        try {
            attachments = Attachments.encodeRequest(inv.getObjectAttachments(), client.config.maxAttachmentBytes());
        } catch (Attachments.AttachmentsTooLargeException e) {
            throw new RpcException(RpcException.SERIALIZATION_EXCEPTION, "httpjson: " + e.getMessage(), e);
        }
        try {
            return writer.write(
                    head,
                    method,
                    inv.getArguments(),
                    codec,
                    timeout,
                    attachments.header(),
                    attachments.traceLines(),
                    id,
                    oneway);
        } catch (IOException | RuntimeException e) {
            throw new RpcException(
                    RpcException.SERIALIZATION_EXCEPTION,
                    "httpjson: the arguments of " + getInterface().getName() + "." + method
                            + " could not be written as JSON: " + e,
                    e);
        }
    }

    /** A call on an invoker whose client was closed: a network error, as Dubbo's for a closed client. */
    private RpcException closed(Throwable cause) {
        return new RpcException(
                RpcException.NETWORK_EXCEPTION,
                "httpjson: the client of " + client.remote() + " was closed, as this reference was destroyed or the"
                        + " provider removed from the registry, so "
                        + getInterface().getName()
                        + " was not called there; Dubbo's 'retries' decides whether another provider takes the call,"
                        + " else call again (the cluster picks a live provider) or refer the service again if the"
                        + " reference itself was destroyed",
                cause);
    }

    private void onTimeout(Call call) {
        String message = "httpjson: no response from " + client.pool.remote() + " to "
                + getInterface().getName()
                + "." + call.method.name() + " within " + call.timeoutMillis + " ms"
                + (call.connection != null
                        ? ""
                        : call.dialing
                                ? " (its connection was still being opened: is the provider reachable? see"
                                        + " connect.timeout)"
                                : client.isClosed()
                                        ? " (it was waiting for a connection of a client that was closed meanwhile,"
                                                + " as the provider was removed from the registry or the reference"
                                                + " destroyed; none freed up, so it was not sent and did not run)"
                                        : " (no connection was free: all " + client.pool.connectionLimit()
                                                + " busy; see httpjson.max-connections)");
        if (call.fail(new TimeoutException(false, call.local(), client.pool.remote(), message))) {
            client.pool.abandon(call);
        }
    }

    /**
     * False while the provider is known to be out (a failed connect and no connection open, or a 503
     * SHUTTING_DOWN, for about a second: {@link Reachability}), so that Dubbo's cluster picks another provider.
     */
    @Override
    public boolean isAvailable() {
        return super.isAvailable() && !client.isClosed() && client.isReachable();
    }

    /**
     * Once, whoever calls it (a registry push and {@code ReferenceConfig.destroy} may at the same time): the shared
     * client is counted, so a second release would close it under the other services of the address.
     */
    @Override
    public void destroy() {
        synchronized (destroyLock) {
            if (released) {
                return;
            }
            released = true;
            super.destroy();
            // inside the lock: whichever call returns second, the invoker is gone by then
            client.release();
            onDestroy.accept(this);
        }
    }

    /** The shared client (for tests). */
    public HttpJsonClient client() {
        return client;
    }
}
