package io.httpjson.demo.boot;

import org.apache.dubbo.config.spring.context.annotation.EnableDubbo;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
@EnableDubbo
public class BootDemoApplication {

    public static void main(String[] args) {
        // Loopback only: without this Dubbo registers the machine's external address.
        System.setProperty("dubbo.network.interface.ignored", ".*");
        SpringApplication.run(BootDemoApplication.class, args);
    }
}
