package io.httpjson.demo.boot;

/** The service interface, shared by provider and consumer as with any Dubbo service. */
public interface HelloService {

    Greeting hello(String name);
}
