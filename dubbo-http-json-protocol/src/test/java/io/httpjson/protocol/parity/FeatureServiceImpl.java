package io.httpjson.protocol.parity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.dubbo.rpc.AsyncContext;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.RpcServiceContext;

public class FeatureServiceImpl implements FeatureService {

    public final AtomicInteger calls = new AtomicInteger();
    /** Calls of {@link #counted} by the mode they were given. */
    public final java.util.Map<String, AtomicInteger> countedBy = new java.util.concurrent.ConcurrentHashMap<>();

    public final AtomicInteger helds = new AtomicInteger();
    public final CountDownLatch entered = new CountDownLatch(1);
    public final CountDownLatch release = new CountDownLatch(1);

    @Override
    public String nestedFailure(int code) {
        throw new RpcException(code, "downstream failed, call " + calls.incrementAndGet());
    }

    @Override
    public String held(String s) {
        helds.incrementAndGet();
        entered.countDown();
        try {
            release.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "held " + s;
    }

    @Override
    public String inherited(String s) {
        return "inherited " + s;
    }

    @Override
    public Map<String, String> context(String arg) {
        RpcServiceContext c = RpcContext.getServiceContext();
        Map<String, String> m = new LinkedHashMap<>();
        m.put("providerSide", String.valueOf(c.isProviderSide()));
        m.put("method", c.getMethodName());
        m.put("arguments", Arrays.toString(c.getArguments()));
        m.put("remoteHost", c.getRemoteHost());
        m.put("remotePortSet", String.valueOf(c.getRemotePort() > 0));
        m.put("localPort", String.valueOf(c.getLocalPort()));
        m.put("urlProtocol", c.getUrl().getProtocol());
        m.put("urlGroup", c.getUrl().getGroup());
        m.put("urlVersion", c.getUrl().getVersion());
        m.put("urlTimeout", c.getUrl().getParameter("timeout"));
        m.put("remoteApplication", RpcContext.getServerAttachment().getAttachment("remote.application"));
        m.put("serviceKey", c.getInvocation().getTargetServiceUniqueName());
        RpcContext.getServerContext().setAttachment("server-ctx", "set by " + arg);
        RpcContext.getServerResponseContext().setAttachment("server-num", 7);
        return m;
    }

    @Override
    public CompletableFuture<String> future(String mode) throws DiffException {
        switch (mode) {
            case "biz":
                return CompletableFuture.failedFuture(new DiffException("async biz", 1, 2, "left", 7, null));
            case "runtime":
                return CompletableFuture.failedFuture(new IllegalStateException("async runtime"));
            case "never":
                return new CompletableFuture<>();
            case "throw":
                throw new DiffException("thrown before the future", 1, 2, "left", 8, null);
            default:
                return CompletableFuture.supplyAsync(() -> "ok:" + mode);
        }
    }

    @Override
    public CompletableFuture<List<Point>> futurePoints(int n) {
        return CompletableFuture.supplyAsync(() -> Arrays.asList(points(n)));
    }

    @Override
    public String startAsync(String s) {
        AsyncContext async = RpcContext.startAsync();
        new Thread(() -> {
                    async.signalContextSwitch();
                    async.write("started " + s + " "
                            + RpcContext.getServiceContext().getMethodName());
                })
                .start();
        return null;
    }

    @Override
    public String counted(String mode) throws DiffException {
        countedBy.computeIfAbsent(mode, m -> new AtomicInteger()).incrementAndGet();
        int n = calls.incrementAndGet();
        if ("biz".equals(mode)) {
            throw new DiffException("counted biz", 1, 2, "left", n, null);
        }
        if ("runtime".equals(mode)) {
            throw new IllegalStateException("counted runtime " + n);
        }
        return "call " + n;
    }

    @Override
    public String greet(String name) {
        return "provider's " + name;
    }

    @Override
    public Optional<String> maybe(String s) {
        return Optional.ofNullable(s);
    }

    @Override
    public Object anything(String kind) {
        switch (kind) {
            case "point":
                return new Point("p", 3);
            case "long":
                return 5L;
            case "list":
                return List.of(1, "two");
            default:
                return kind;
        }
    }

    @Override
    public Point[] points(int n) {
        Point[] out = new Point[n];
        for (int i = 0; i < n; i++) {
            out[i] = new Point("p" + i, i);
        }
        return out;
    }

    @Override
    public Map<String, List<Point>> grouped(List<Point> points) {
        Map<String, List<Point>> m = new LinkedHashMap<>();
        for (Point p : points) {
            m.computeIfAbsent(p.name, k -> new ArrayList<>()).add(p);
        }
        return m;
    }

    @Override
    public String joined(String separator, String... parts) {
        return String.join(separator, parts);
    }

    @Override
    public String delete(String id) {
        return "deleted " + id;
    }

    @Override
    public String get(String id) {
        return "got " + id;
    }

    @Override
    public String options(String id) {
        return "options " + id;
    }
}
