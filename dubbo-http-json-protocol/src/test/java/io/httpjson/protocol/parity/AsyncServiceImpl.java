package io.httpjson.protocol.parity;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

public class AsyncServiceImpl implements AsyncService {

    /** The futures of "held:KEY" calls, by key. */
    public final Map<String, CompletableFuture<String>> held = new ConcurrentHashMap<>();

    private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> entered = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

    /** Opened by the test to let {@link #slow} calls of {@code key} return. */
    public CountDownLatch gate(String key) {
        return gates.computeIfAbsent(key, k -> new CountDownLatch(1));
    }

    /** Counted down when a {@link #slow} call of {@code key} has begun. */
    public CountDownLatch entered(String key) {
        return entered.computeIfAbsent(key, k -> new CountDownLatch(1));
    }

    /** How often the provider ran {@code "method argument"}. */
    public int calls(String call) {
        AtomicInteger n = calls.get(call);
        return n == null ? 0 : n.get();
    }

    private void count(String call) {
        calls.computeIfAbsent(call, k -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public CompletableFuture<String> future(String mode) {
        count("future " + mode);
        if (mode.startsWith("held:")) {
            return held.computeIfAbsent(mode.substring(5), k -> new CompletableFuture<>());
        }
        return CompletableFuture.supplyAsync(() -> "ok");
    }

    @Override
    public String slow(String key) {
        count("slow " + key);
        entered(key).countDown();
        try {
            gate(key).await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "slow " + key;
    }

    @Override
    public String plain(String s) {
        count("plain " + s);
        return "plain " + s;
    }
}
