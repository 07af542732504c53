package io.httpjson.demo.boot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.rpc.model.ModuleModel;
import org.apache.dubbo.rpc.service.GenericService;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * The same application as a consumer: {@code java -jar app.jar --demo.call=httpjson://127.0.0.1:18081} calls every
 * method of the provider at each comma-separated URL (add {@code ?serialization=gson-text} for the other engine),
 * prints each answer and {@code ALL CALLS OK}, and exits 0; it exits 1 if any call did not answer as expected.
 */
@Component
@ConditionalOnProperty("demo.call")
public class BootDemoCaller implements CommandLineRunner {

    private final ModuleModel module;
    private final ConfigurableApplicationContext context;
    private final String targets;
    private final List<ReferenceConfig<?>> references = new ArrayList<>();

    public BootDemoCaller(
            ModuleModel module,
            ConfigurableApplicationContext context,
            @org.springframework.beans.factory.annotation.Value("${demo.call}") String targets) {
        this.module = module;
        this.context = context;
        this.targets = targets;
    }

    @Override
    public void run(String... args) {
        int failed = 0;
        for (String url : targets.split(",")) {
            failed += callAll(url.trim());
        }
        references.forEach(ReferenceConfig::destroy);
        System.out.println(failed == 0 ? "ALL CALLS OK" : failed + " CALLS FAILED");
        int code = failed == 0 ? 0 : 1;
        System.exit(SpringApplication.exit(context, () -> code));
    }

    private int callAll(String url) {
        HelloService hello = reference(HelloService.class, url, false);
        GenericService generic = reference(GenericService.class, url, true);
        int failed = 0;
        failed += check(url, "hello", () -> hello.hello("boot").getMessage(), "Hello, boot!");
        failed += check(url, "reply", () -> hello.reply(new Greeting("pojo")).getMessage(), "Re: pojo");
        failed += check(
                url,
                "strictHello",
                () -> {
                    try {
                        return "no exception: " + hello.strictHello("");
                    } catch (NameRejectedException e) {
                        // the class comes from this application's own classes (BOOT-INF/classes in the jar)
                        return e.getClass().getSimpleName() + " " + e.getCode() + " " + e.getMessage() + " "
                                + (e.getClass().getClassLoader() == BootDemoCaller.class.getClassLoader());
                    }
                },
                "NameRejectedException 40001 a name is required true");
        failed += check(
                url,
                "$invoke",
                () -> ((Map<?, ?>) generic.$invoke("reply", new String[] {Greeting.class.getName()}, new Object[] {
                            Map.of("message", "generic")
                        }))
                        .get("message"),
                "Re: generic");
        return failed;
    }

    private <T> T reference(Class<T> type, String url, boolean generic) {
        ReferenceConfig<T> reference = new ReferenceConfig<>(module);
        if (generic) {
            reference.setInterface(HelloService.class.getName());
            reference.setGeneric("true");
        } else {
            reference.setInterface(type);
        }
        reference.setUrl(url);
        reference.setScope("remote");
        reference.setInjvm(false);
        reference.setCheck(false);
        reference.setTimeout(10_000);
        reference.setRetries(0);
        references.add(reference);
        return type.cast(reference.get());
    }

    private static int check(String url, String method, Call call, Object expected) {
        Object actual;
        try {
            actual = call.run();
        } catch (Exception e) {
            actual = e.toString();
        }
        boolean ok = expected.equals(actual);
        System.out.println((ok ? "OK   " : "FAIL ") + url + " " + method + ": " + actual);
        return ok ? 0 : 1;
    }

    private interface Call {
        Object run() throws Exception;
    }
}
