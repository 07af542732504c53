package io.httpjson.protocol.api;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.protocol.api.Types.BizException;
import io.httpjson.protocol.api.Types.Result;
import io.httpjson.protocol.api.Types.Status;
import io.httpjson.protocol.api.Types.User;
import org.apache.dubbo.rpc.RpcContext;

public class TestServiceImpl implements TestService {

    public final AtomicInteger calls = new AtomicInteger();
    /** Never counted down: {@link #slow} waits on it for its time, as business work would. */
    private final CountDownLatch never = new CountDownLatch(1);

    public static User sampleUser(long id) {
        User u = new User(id, "user-" + id);
        u.birthday = LocalDate.of(1990, 1, 31);
        u.createdAt = LocalDateTime.of(2024, 2, 29, 10, 15, 30, 123_000_000);
        u.lastLogin = Instant.parse("2024-03-01T08:00:00.5Z");
        u.status = Status.ACTIVE;
        u.balance = new BigDecimal("12345678901234567890.123456789");
        u.avatar = new byte[] {0, 1, 2, (byte) 0xFF, (byte) 0x80};
        u.tags = List.of("a", "b");
        return u;
    }

    @Override
    public String hello(String name) {
        calls.incrementAndGet();
        return "Hello, " + name;
    }

    @Override
    public Result<User> getUser(long id) {
        return new Result<>(0, "ok", sampleUser(id));
    }

    @Override
    public List<User> users(List<Long> ids) {
        List<User> out = new ArrayList<>();
        for (Long id : ids) {
            out.add(sampleUser(id));
        }
        return out;
    }

    @Override
    public Map<String, User> byName(Map<String, User> users) {
        Map<String, User> out = new LinkedHashMap<>();
        users.forEach((k, v) -> out.put(k.toUpperCase(), v));
        return out;
    }

    @Override
    public User[] userArray(User[] users) {
        return users;
    }

    @Override
    public int[] doubled(int[] values) {
        int[] out = new int[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i] * 2;
        }
        return out;
    }

    @Override
    public byte[] echoBytes(byte[] data) {
        return data;
    }

    @Override
    public BigDecimal add(BigDecimal a, BigDecimal b) {
        return a.add(b);
    }

    @Override
    public Long big(Long value) {
        return value == null ? null : value + 1;
    }

    @Override
    public LocalDateTime plusDays(LocalDateTime t, int days) {
        return t.plusDays(days);
    }

    @Override
    public Instant instant(Instant t) {
        return t;
    }

    @Override
    public Status flip(Status s) {
        return s == Status.ACTIVE ? Status.LOCKED : Status.ACTIVE;
    }

    @Override
    public String nullable(String s) {
        return s;
    }

    @Override
    public void ping() {
        calls.incrementAndGet();
    }

    @Override
    public CompletableFuture<String> helloAsync(String name) {
        return CompletableFuture.supplyAsync(() -> "Hello async, " + name);
    }

    @Override
    public String slow(int millis) {
        try {
            never.await(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "slept " + millis;
    }

    @Override
    public String overloaded(String s) {
        return "string:" + s;
    }

    @Override
    public String overloaded(int i) {
        return "int:" + i;
    }

    @Override
    public String overloaded(String s, int i) {
        return "both:" + s + i;
    }

    @Override
    public void fail(String message, int code) throws BizException {
        throw new BizException(message, code);
    }

    @Override
    public String echoAttachment(String key) {
        Object v = RpcContext.getServerAttachment().getObjectAttachment(key);
        RpcContext.getServerContext().setAttachment("reply-" + key, "seen:" + v);
        return v == null ? null : v.toString();
    }

    @Override
    public String concat(String a, String b) {
        return a + b;
    }

    @Override
    public Object echo(Object value) {
        return value;
    }

    @Override
    public int count() {
        return calls.get();
    }
}
