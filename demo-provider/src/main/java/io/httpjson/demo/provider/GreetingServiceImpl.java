package io.httpjson.demo.provider;

import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.demo.api.GreetingService;
import io.httpjson.demo.api.Result;

public class GreetingServiceImpl implements GreetingService {

    private final String instanceName;
    private final AtomicLong calls = new AtomicLong();

    public GreetingServiceImpl(String instanceName) {
        this.instanceName = instanceName;
    }

    @Override
    public Result<String> sayHello(String name) {
        calls.incrementAndGet();
        return new Result<>(0, "served by " + instanceName, "Hello, " + name + "!");
    }

    /** How many calls this instance has served (tests use it to see load balancing and failover). */
    public long calls() {
        return calls.get();
    }

    public String instanceName() {
        return instanceName;
    }
}
