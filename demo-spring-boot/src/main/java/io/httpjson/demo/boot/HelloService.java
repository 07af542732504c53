package io.httpjson.demo.boot;

/** The service interface, shared by provider and consumer as with any Dubbo service. */
public interface HelloService {

    Greeting hello(String name);

    /** A POJO argument and result. */
    Greeting reply(Greeting greeting);

    /** Throws the application's own exception, declared here, for an empty name. */
    Greeting strictHello(String name) throws NameRejectedException;
}
