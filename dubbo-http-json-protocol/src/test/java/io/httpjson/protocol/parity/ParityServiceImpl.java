package io.httpjson.protocol.parity;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.dubbo.rpc.RpcContext;

public class ParityServiceImpl implements ParityService {

    public final AtomicInteger bigReplies = new AtomicInteger();
    public final AtomicInteger twiceCalls = new AtomicInteger();
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

    @Override
    public String failWithoutMessage() {
        throw new IllegalStateException();
    }

    @Override
    public String failWithRatio(String ratio, String weight) throws DiffException {
        throw new DiffException(
                "ratio out of range",
                Double.parseDouble(ratio),
                Float.parseFloat(weight),
                "left",
                7,
                new IllegalArgumentException("root"));
    }

    @Override
    public String failDeep(int depth) {
        RuntimeException e = new IllegalArgumentException("c0");
        for (int i = 1; i < depth; i++) {
            e = new IllegalStateException("c" + i, e);
        }
        throw e;
    }

    @Override
    public String failSuppressed() {
        IllegalStateException e = new IllegalStateException("top");
        e.addSuppressed(new IllegalArgumentException("s"));
        throw e;
    }

    @Override
    public Point twice(Point p) {
        twiceCalls.incrementAndGet();
        return new Point(p.name, p.amount * 2);
    }
}
