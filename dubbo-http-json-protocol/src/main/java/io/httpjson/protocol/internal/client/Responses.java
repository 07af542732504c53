package io.httpjson.protocol.internal.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import io.httpjson.codec.RemoteException;
import io.httpjson.codec.ThrowableJson;
import io.httpjson.codec.internal.AllowList;
import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.internal.ErrorBody;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.Gzip;
import io.httpjson.protocol.internal.Wire;
import io.httpjson.protocol.internal.codec.JsonScan;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.remoting.TimeoutException;
import org.apache.dubbo.rpc.AppResponse;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;

/** Turns a response into the call's result, on the caller's thread: value, business exception, or RpcException. */
final class Responses {

    private Responses() {}

    private static Object remote(Call call) {
        Connection c = call.connection;
        return c == null ? "the provider" : c.channel.remoteAddress();
    }

    static void read(Call call, ClientHandler.ResponseData response, int maxBody) {
        try {
            readOrThrow(call, response, maxBody);
        } catch (Throwable e) {
            // an Error too (a result class that cannot be initialised): the caller hears of it instead of waiting
            // for ever (its timer was cancelled when the response came)
            call.future.completeExceptionally(new RpcException(
                    RpcException.SERIALIZATION_EXCEPTION,
                    "httpjson: the response of " + call.method.name() + " from " + remote(call) + " could not be read: "
                            + e,
                    e));
            if (e instanceof VirtualMachineError) {
                throw (VirtualMachineError) e;
            }
        }
    }

    private static void readOrThrow(Call call, ClientHandler.ResponseData response, int maxBody) {
        int status = response.status;
        byte[] bytes = response.body;
        int off = 0;
        int len = response.size;
        boolean unreadable = response.unreadable != null;
        if (response.gzipped && len > 0) {
            try {
                bytes = Gzip.gunzip(bytes, len, maxBody, "the response body");
                len = bytes.length;
            } catch (IOException e) {
                if (!response.intermediary) {
                    // the provider answered the request: the call ran, its answer cannot be read
                    call.future.completeExceptionally(new RpcException(
                            RpcException.SERIALIZATION_EXCEPTION,
                            "httpjson: the gzipped response (HTTP " + status + ") of " + call.method.name() + " from "
                                    + remote(call) + " could not be read: " + e.getMessage(),
                            e));
                    return;
                }
                unreadable = true;
            }
        }
        if (unreadable && !response.intermediary) {
            call.future.completeExceptionally(new RpcException(
                    RpcException.SERIALIZATION_EXCEPTION,
                    "httpjson: the response (HTTP " + status + ") of " + call.method.name() + " from " + remote(call)
                            + " is encoded as '" + response.unreadable + "' (expected: gzip or none; does something"
                            + " between the consumer and the provider compress it?)"));
            return;
        }
        if (response.intermediary) {
            String text = unreadable
                    ? "(a page encoded as '" + (response.unreadable != null ? response.unreadable : "gzip")
                            + "' that could not be decoded)"
                    : new String(bytes, off, Math.min(len, 300), StandardCharsets.UTF_8)
                            .replaceAll("\\s+", " ")
                            .trim();
            call.future.completeExceptionally(new RemotingException(
                    call.local(),
                    null,
                    "httpjson: HTTP " + status + " from " + remote(call) + " without " + Wire.REQUEST_ID
                            + ": answered by a proxy or gateway on the way, or by the provider's HTTP server before"
                            + " it read the request; the request may have reached the provider (Dubbo's 'retries'"
                            + " decides): " + text));
            return;
        }
        AppResponse result = new AppResponse(call.invocation);
        String att = response.attachments;
        if (att != null) {
            result.setObjectAttachments(Attachments.decode(att, new HashMap<>()));
        }
        // the one UTF-8 policy (as for requests), checked where a body is decoded: the engines would each read
        // broken bytes their own way
        if (status == 200) {
            if (!call.method.returnsVoid()) {
                if (len == 0) {
                    // a provider writes a null result as null: something between dropped the body
                    throw new IllegalArgumentException("the answer has no body where a value was due");
                }
                int notUtf8 = JsonScan.invalidUtf8(bytes, off, len);
                if (notUtf8 >= 0) {
                    throw new IllegalArgumentException("the body is not valid UTF-8 at byte " + notUtf8
                            + " (JSON must be UTF-8, RFC 8259; does something between the consumer and the"
                            + " provider re-encode it?)");
                }
                AllowList allowList = call.decoding.allowList();
                if (allowList != null) {
                    allowList.check(call.method.returnType());
                }
                result.setValue(call.decoding.codec().read(bytes, off, len, call.method.returnType()));
            }
            call.future.complete(result);
            return;
        }
        Map<?, ?> body = null;
        if (len > 0 && JsonScan.invalidUtf8(bytes, off, len) < 0) {
            try {
                Object parsed = call.decoding.codec().read(bytes, off, len, Object.class);
                body = parsed instanceof Map ? (Map<?, ?>) parsed : null;
            } catch (RuntimeException notJson) {
                body = null;
            }
        }
        if (body == null || !(body.get(ErrorBody.CODE) instanceof String)) {
            String text = new String(bytes, off, Math.min(len, 300), StandardCharsets.UTF_8);
            if (status < 300) {
                // a success status with the call's id (204, 201, ...): the call ran, it has no value to give
                throw new IllegalArgumentException(
                        "HTTP " + status + " is no answer httpjson gives to a call: " + text);
            }
            call.future.completeExceptionally(new RemotingException(
                    call.local(),
                    null,
                    "httpjson: HTTP " + status + " from " + remote(call) + " without a JSON error body: " + text));
            return;
        }
        ErrorCode code = ErrorCode.fromName((String) body.get(ErrorBody.CODE));
        Object message = body.get(ErrorBody.MESSAGE);
        if (code == ErrorCode.BUSINESS_EXCEPTION || code == ErrorCode.VALIDATION_FAILED) {
            @SuppressWarnings("unchecked")
            Map<String, Object> tree = (Map<String, Object>) body;
            if (Boolean.TRUE.equals(tree.get(ErrorBody.NULL_MESSAGE))) {
                // the message an HTTP caller reads is the class name; the exception had none
                tree = new HashMap<>(tree);
                tree.remove(ErrorBody.MESSAGE);
            }
            ClassLoader loader = call.invocation.getInvoker() != null
                    ? call.invocation.getInvoker().getInterface().getClassLoader()
                    : Thread.currentThread().getContextClassLoader();
            FrameworkModel model = call.decoding.model();
            if (model != null && model.isDestroyed()) {
                // its serialize checks went with the framework, and a rebuild without them would load and make any
                // class the answer names: the caller gets the class name and message instead
                Object cn = tree.get("exception");
                result.setException(new RemoteException(
                        String.valueOf(cn),
                        cn + ": " + tree.get(ErrorBody.MESSAGE) + " (answered after the consumer's framework was"
                                + " destroyed, when Dubbo's serialize allow-list no longer admits any class)",
                        null));
            } else {
                result.setException(ThrowableJson.rebuild(tree, call.decoding.codec(), loader, model));
            }
            call.future.complete(result);
            return;
        }
        String text = "httpjson: " + code + " (HTTP " + status + ") from " + remote(call) + ": " + message;
        if (code == ErrorCode.DEADLINE_EXCEEDED) {
            call.future.completeExceptionally(new TimeoutException(true, call.local(), null, text));
            return;
        }
        if (code == ErrorCode.SHUTTING_DOWN && response.closeAnnounced && call.connection != null) {
            // the cluster picks another provider until this one is reachable again (HttpJsonInvoker.isAvailable).
            // Only the provider's own drain answer, which closes its connection: a gateway that passes one
            // backend's 503 on keeps its connection, and its other backends still serve
            call.connection.pool.dialer.reachability.shuttingDown();
        }
        if (code == ErrorCode.SHUTTING_DOWN || code == ErrorCode.OVERLOADED) {
            call.future.completeExceptionally(new RemotingException(call.local(), null, text));
            return;
        }
        int rpcCode = body.get(ErrorBody.RPC_CODE) instanceof Number
                ? ((Number) body.get(ErrorBody.RPC_CODE)).intValue()
                : code.rpcCode();
        RpcException e = new RpcException(rpcCode, text);
        if (Boolean.TRUE.equals(body.get(ErrorBody.RETURNED))) {
            // the call's result, as the dubbo protocol delivers it: not a failure that failover sends again
            result.setException(e);
            call.future.complete(result);
            return;
        }
        call.future.completeExceptionally(e);
    }
}
