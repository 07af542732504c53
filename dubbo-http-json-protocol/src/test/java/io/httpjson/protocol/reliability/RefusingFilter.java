package io.httpjson.protocol.reliability;

import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;
import org.apache.dubbo.rpc.RpcException;

/**
 * A provider filter that refuses calls as an authorization filter would: with Dubbo's forbidden or authorization
 * {@link RpcException} when the attachment {@code refuse} says {@code forbidden} or {@code unauthorized}.
 */
public class RefusingFilter implements Filter {

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) throws RpcException {
        Object refuse = invocation.getObjectAttachment("refuse");
        if ("forbidden".equals(refuse)) {
            throw new RpcException(RpcException.FORBIDDEN_EXCEPTION, "refused by RefusingFilter: not allowed");
        }
        if ("unauthorized".equals(refuse)) {
            throw new RpcException(RpcException.AUTHORIZATION_EXCEPTION, "refused by RefusingFilter: who are you?");
        }
        return invoker.invoke(invocation);
    }
}
