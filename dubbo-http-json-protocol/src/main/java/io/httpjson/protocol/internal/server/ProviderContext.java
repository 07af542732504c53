package io.httpjson.protocol.internal.server;

import java.util.function.BiConsumer;

import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcContext;

/** The end of a call on the thread that invoked it, where Dubbo's per-thread context must not outlive the call. */
final class ProviderContext {

    private ProviderContext() {}

    /**
     * Runs {@code fn} when {@code result} is complete and leaves this thread without the call's Dubbo context. An
     * answer that is already made runs {@code fn} here, with the call's context restored around it; a method that
     * started async ({@code RpcContext.startAsync()}) left its AsyncContext in that context, so without this the
     * next call on the thread took it over and was answered with the earlier call's result.
     */
    static void whenComplete(Result result, BiConsumer<Result, Throwable> fn) {
        try {
            result.whenCompleteWithContext(fn);
        } finally {
            RpcContext.removeServerAttachment();
            RpcContext.removeServiceContext();
            RpcContext.removeServerContext();
            RpcContext.removeServerResponseContext();
            RpcContext.removeClientAttachment();
            RpcContext.removeClientResponseContext();
        }
    }
}
