package io.httpjson.demo.provider;

import java.util.List;
import java.util.concurrent.CountDownLatch;

import io.httpjson.demo.api.GreetingService;

/** The demo provider's command line: its arguments, the start, and staying up until the JVM stops. */
final class DemoProviderMain {

    private DemoProviderMain() {}

    /** {@code --protocols httpjson,dubbo --httpjson-port 18080 --dubbo-port 20880 --registry nacos://127.0.0.1:8848 --register-mode all} */
    static void main(String[] args) throws InterruptedException {
        DemoProvider.keepDubboOnLoopback();
        DemoProvider.Settings settings = new DemoProvider.Settings();
        settings.httpjsonPort = 18080;
        settings.dubboPort = 20880;
        settings.triplePort = 50051;
        settings.registry = System.getProperty("dubbo.registry.address");
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--protocols" -> settings.protocols =
                        List.of(value(args, ++i, arg).split(","));
                case "--httpjson-port" -> settings.httpjsonPort = Integer.parseInt(value(args, ++i, arg));
                case "--dubbo-port" -> settings.dubboPort = Integer.parseInt(value(args, ++i, arg));
                case "--tri-port" -> settings.triplePort = Integer.parseInt(value(args, ++i, arg));
                case "--cors-allowed-origins" -> settings.corsAllowedOrigins = value(args, ++i, arg);
                case "--registry" -> settings.registry = value(args, ++i, arg);
                case "--register-mode" -> settings.registerMode = value(args, ++i, arg);
                case "--help", "-h" -> {
                    System.out.println("usage: DemoProvider [--protocols httpjson,dubbo] [--httpjson-port 18080] "
                            + "[--dubbo-port 20880] [--tri-port 50051] [--registry nacos://127.0.0.1:8848] "
                            + "[--register-mode interface|instance|all] [--cors-allowed-origins http://localhost:3000]\n"
                            + "       --protocols may add tri (Dubbo's Triple); port 0 = a free loopback port; "
                            + "no --registry = direct URLs only");
                    return;
                }
                default -> {
                    System.err.println("unknown argument " + arg + " (try --help)");
                    System.exit(2);
                }
            }
        }
        if (!DemoProvider.httpjsonAvailable() && settings.protocols.contains(DemoProvider.HTTPJSON)) {
            System.err.println("the httpjson protocol is not on the classpath; use --protocols dubbo");
            System.exit(2);
        }
        DemoProvider provider = DemoProvider.start(settings);
        System.out.println("DemoProvider started on 127.0.0.1: " + provider.ports()
                + (settings.registry == null ? " (no registry)" : " registered in " + settings.registry));
        if (provider.ports().containsKey(DemoProvider.HTTPJSON)) {
            System.out.println("try: curl -s -H 'Content-Type: application/json' -d '[\"world\"]' http://127.0.0.1:"
                    + provider.port(DemoProvider.HTTPJSON) + "/" + GreetingService.class.getName() + "/sayHello");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                provider.close();
                            } catch (RuntimeException e) {
                                // Dubbo's own shutdown hook may have closed it first.
                            }
                            stopped.countDown();
                        },
                        "demo-provider-shutdown"));
        stopped.await();
    }

    static String value(String[] args, int i, String name) {
        if (i >= args.length) {
            System.err.println(name + " needs a value");
            System.exit(2);
        }
        return args[i];
    }
}
