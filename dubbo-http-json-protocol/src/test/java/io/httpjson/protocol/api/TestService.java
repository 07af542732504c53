package io.httpjson.protocol.api;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.httpjson.protocol.api.Types.BizException;
import io.httpjson.protocol.api.Types.Result;
import io.httpjson.protocol.api.Types.Status;
import io.httpjson.protocol.api.Types.User;

public interface TestService {
    String hello(String name);

    Result<User> getUser(long id);

    List<User> users(List<Long> ids);

    Map<String, User> byName(Map<String, User> users);

    User[] userArray(User[] users);

    int[] doubled(int[] values);

    byte[] echoBytes(byte[] data);

    BigDecimal add(BigDecimal a, BigDecimal b);

    Long big(Long value);

    LocalDateTime plusDays(LocalDateTime t, int days);

    Instant instant(Instant t);

    Status flip(Status s);

    String nullable(String s);

    void ping();

    CompletableFuture<String> helloAsync(String name);

    String slow(int millis);

    String overloaded(String s);

    String overloaded(int i);

    String overloaded(String s, int i);

    void fail(String message, int code) throws BizException;

    String echoAttachment(String key);

    String concat(String a, String b);

    /** Returns its argument, read with declared type Object. */
    Object echo(Object value);

    int count();
}
