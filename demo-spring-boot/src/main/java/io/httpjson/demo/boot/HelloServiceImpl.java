package io.httpjson.demo.boot;

import org.apache.dubbo.config.annotation.DubboService;
import org.apache.dubbo.config.annotation.Method;

/** {@code hello} is declared safe, so a browser or curl may also call it with GET. */
@DubboService(
        methods =
                @Method(
                        name = "hello",
                        parameters = {"httpjson.get", "true"}))
public class HelloServiceImpl implements HelloService {

    @Override
    public Greeting hello(String name) {
        return new Greeting("Hello, " + name + "!");
    }

    @Override
    public Greeting reply(Greeting greeting) {
        return new Greeting("Re: " + greeting.getMessage());
    }

    @Override
    public Greeting strictHello(String name) throws NameRejectedException {
        if (name == null || name.isBlank()) {
            throw new NameRejectedException("a name is required", 40001);
        }
        return hello(name);
    }
}
