package io.httpjson.protocol.parity;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.dubbo.rpc.RpcContext;

public class ParityServiceImpl implements ParityService {

    public final AtomicInteger bigReplies = new AtomicInteger();
    public final CountDownLatch entered = new CountDownLatch(1);
    public final CountDownLatch release = new CountDownLatch(1);

    @Override
    public String attachment(String key) {
        Object v = RpcContext.getServerAttachment().getObjectAttachment(key);
        return v == null ? "null" : v.getClass().getSimpleName() + ":" + v;
    }

    @Override
    public String reply(String key, String value) {
        RpcContext.getServerResponseContext().setAttachment(key, value);
        return "ok";
    }

    @Override
    public String bigReply(int size) {
        bigReplies.incrementAndGet();
        RpcContext.getServerResponseContext().setAttachment("big", "x".repeat(size));
        return "ok";
    }

    @Override
    public String hold(String s) {
        entered.countDown();
        try {
            release.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return s;
    }
}
