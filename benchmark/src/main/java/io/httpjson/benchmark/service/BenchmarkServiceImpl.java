package io.httpjson.benchmark.service;

import java.util.List;

import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.Result;
import io.httpjson.demo.api.User;

/** The provider side: optional fixed business time (--delay), then a cheap answer. */
public class BenchmarkServiceImpl implements BenchmarkService {
    private final long delayMillis;

    public BenchmarkServiceImpl(long delayMillis) {
        this.delayMillis = delayMillis;
    }

    private void businessTime() {
        if (delayMillis > 0) {
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public BenchmarkMessage echo(BenchmarkMessage message) {
        businessTime();
        message.setField1("OK");
        message.setField2(100);
        return message;
    }

    @Override
    public Result<String> sayHello(String name) {
        businessTime();
        return Result.ok("Hello " + name);
    }

    @Override
    public Result<User> getUser(long id) {
        businessTime();
        return Result.ok(Users.user(id));
    }

    @Override
    public Result<Page<User>> listUser(int pageNo, int pageSize) {
        businessTime();
        return Result.ok(Users.page(pageNo, pageSize));
    }

    @Override
    public List<User> echoUsers(List<User> users) {
        businessTime();
        return users;
    }

    @Override
    public ProviderStats stats() {
        return ProviderStats.current();
    }
}
