package io.httpjson.demo.api;

/**
 * Greets people. Idempotent: safe to retry on another provider (the failover test relies on it).
 *
 * <p>Over httpjson: {@code curl -s -H 'Content-Type: application/json' -d '["world"]'
 * http://127.0.0.1:PORT/io.httpjson.demo.api.GreetingService/sayHello}
 */
public interface GreetingService {

    Result<String> sayHello(String name);
}
