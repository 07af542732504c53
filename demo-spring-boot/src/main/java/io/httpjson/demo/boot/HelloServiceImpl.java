package io.httpjson.demo.boot;

import org.apache.dubbo.config.annotation.DubboService;

@DubboService
public class HelloServiceImpl implements HelloService {

    @Override
    public Greeting hello(String name) {
        return new Greeting("Hello, " + name + "!");
    }
}
