package io.httpjson.demo.consumer;

import java.io.PrintStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.httpjson.demo.api.GreetingService;
import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.User;
import io.httpjson.demo.api.UserNotFoundException;
import io.httpjson.demo.api.UserService;
import io.httpjson.demo.provider.DemoProvider;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.cluster.ClusterInvoker;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Calls every demo method over one protocol, prints what came back and counts what was wrong.
 *
 * <pre>
 * DemoConsumer [--protocol httpjson|dubbo] [--host 127.0.0.1] [--port N]      direct URL, no registry
 * DemoConsumer [--protocol httpjson|dubbo] --registry nacos://127.0.0.1:8848  discover through a registry
 * DemoConsumer [--protocol httpjson|dubbo] --embedded-provider                self-contained: starts the provider in-process
 * </pre>
 * Exits 0 when every call returned what it should (the business exception included), 1 otherwise.
 */
public final class DemoConsumer implements AutoCloseable {

    /** Where and how to call. */
    public static final class Settings {
        public String protocol = DemoProvider.defaultProtocols().get(0);
        public String host = DemoProvider.LOOPBACK;
        /** 0 = the protocol's default demo port (18080 httpjson, 20880 dubbo). */
        public int port = 0;
        /** Null = direct URL to host:port. */
        public String registry;
        /** Reference parameters, e.g. {@code migration.step=FORCE_APPLICATION} for application-level discovery. */
        public Map<String, String> referenceParameters = new LinkedHashMap<>();

        public String applicationName = "httpjson-demo-consumer";
        public int timeoutMillis = 5000;
    }

    private final FrameworkModel frameworkModel;
    private final DubboBootstrap bootstrap;
    private final GreetingService greetingService;
    private final UserService userService;
    private final ReferenceConfig<GreetingService> greetingReference;

    private DemoConsumer(
            FrameworkModel frameworkModel,
            DubboBootstrap bootstrap,
            ReferenceConfig<GreetingService> greetingReference,
            GreetingService greetingService,
            UserService userService) {
        this.frameworkModel = frameworkModel;
        this.greetingReference = greetingReference;
        this.bootstrap = bootstrap;
        this.greetingService = greetingService;
        this.userService = userService;
    }

    /** Connects (own FrameworkModel, so it can share a JVM with providers and other consumers). */
    public static DemoConsumer connect(Settings settings) {
        DemoProvider.keepDubboOnLoopback();
        FrameworkModel frameworkModel = new FrameworkModel();
        try {
            DubboBootstrap bootstrap = DubboBootstrap.newInstance(frameworkModel);
            ApplicationConfig application = new ApplicationConfig(settings.applicationName);
            application.setQosEnable(false);
            bootstrap.application(application);
            bootstrap.registry(
                    new RegistryConfig(settings.registry == null ? RegistryConfig.NO_AVAILABLE : settings.registry));

            ReferenceConfig<GreetingService> greeting = reference(GreetingService.class, settings);
            ReferenceConfig<UserService> users = reference(UserService.class, settings);
            bootstrap.reference(greeting).reference(users).start();
            return new DemoConsumer(frameworkModel, bootstrap, greeting, greeting.get(), users.get());
        } catch (RuntimeException e) {
            frameworkModel.destroy();
            throw e;
        }
    }

    private static <T> ReferenceConfig<T> reference(Class<T> type, Settings settings) {
        ReferenceConfig<T> ref = new ReferenceConfig<>();
        ref.setInterface(type);
        ref.setTimeout(settings.timeoutMillis);
        ref.setCheck(true);
        // Only providers speaking this protocol: the provider registers both httpjson and dubbo.
        ref.setProtocol(settings.protocol);
        if (settings.registry == null) {
            int port = settings.port != 0 ? settings.port : defaultPort(settings.protocol);
            ref.setUrl(settings.protocol + "://" + settings.host + ":" + port + "/" + type.getName());
        }
        if (!settings.referenceParameters.isEmpty()) {
            ref.setParameters(new LinkedHashMap<>(settings.referenceParameters));
        }
        return ref;
    }

    static int defaultPort(String protocol) {
        return DemoProvider.HTTPJSON.equals(protocol) ? 18080 : 20880;
    }

    /**
     * The GreetingService providers this consumer currently knows (what the registry last pushed,
     * or the direct URL): host:port strings.
     */
    public List<String> knownGreetingProviders() {
        List<String> addresses = new ArrayList<>();
        if (greetingReference.getInvoker() instanceof ClusterInvoker<?> cluster) {
            for (Invoker<?> invoker : cluster.getDirectory().getAllInvokers()) {
                addresses.add(invoker.getUrl().getAddress());
            }
        }
        return addresses;
    }

    public GreetingService greetingService() {
        return greetingService;
    }

    public UserService userService() {
        return userService;
    }

    /** Calls every method once, prints one line per call; returns the names of the failed checks. */
    public List<String> callEverything(PrintStream out) {
        List<String> failures = new ArrayList<>();
        Checker check = new Checker(out, failures);

        check.call(
                "GreetingService.sayHello(\"world\")",
                () -> greetingService.sayHello("world"),
                r -> r.getCode() == 0 && "Hello, world!".equals(r.getData()) ? null : "unexpected " + r);

        check.call(
                "UserService.getUser(1)",
                () -> userService.getUser(1),
                u -> u.getId() == 1
                                && "Ada Lovelace".equals(u.getName())
                                && LocalDate.of(1815, 12, 10).equals(u.getBirthday())
                                && LocalDateTime.of(2024, 1, 1, 9, 30, 15, 123_000_000)
                                        .equals(u.getRegisteredAt())
                                && Instant.parse("2025-06-01T08:15:30.5Z").equals(u.getLastLogin())
                                && List.of("admin", "dev").equals(u.getRoles())
                                && Map.of("team", "team-1").equals(u.getAttributes())
                        ? null
                        : "java.time or collection fields differ: " + u);

        User newUser = new User(
                0,
                "Barbara Liskov",
                "barbara@example.org",
                LocalDate.of(1939, 11, 7),
                null,
                Instant.parse("2025-11-22T10:00:00Z"));
        newUser.setRoles(List.of("dev"));
        newUser.setAttributes(Map.of("team", "theory"));
        check.call(
                "UserService.createUser(" + newUser.getName() + ")",
                () -> userService.createUser(newUser),
                u -> u.getId() > 3
                                && newUser.getName().equals(u.getName())
                                && newUser.getBirthday().equals(u.getBirthday())
                                && newUser.getLastLogin().equals(u.getLastLogin())
                                && u.getRegisteredAt() != null
                        ? null
                        : "unexpected " + u);

        check.call("UserService.listUsers(1, 2)", () -> userService.listUsers(1, 2), p -> checkPage(p));

        check.call(
                "UserService.findByIds([3, 1, 42])",
                () -> userService.findByIds(List.of(3L, 1L, 42L)),
                l -> l.size() == 2
                                && ((Object) l.get(0)) instanceof User first
                                && first.getId() == 3
                                && l.get(1).getId() == 1
                        ? null
                        : "unexpected " + l);

        check.call(
                "UserService.updateAttributes(2, {...})",
                () -> userService.updateAttributes(2, Map.of("office", "Bletchley Park")),
                m -> "team-2".equals(m.get("team")) && "Bletchley Park".equals(m.get("office"))
                        ? null
                        : "unexpected " + m);

        check.call(
                "UserService.countByRole([dev, ops, admin])",
                () -> userService.countByRole(List.of("dev", "ops", "admin")),
                m -> Objects.equals(m.get("ops"), 1) && Objects.equals(m.get("admin"), 1) && m.get("dev") >= 3
                        ? null
                        : "unexpected " + m);

        check.call(
                "UserService.getUserAsync(3) (CompletableFuture)",
                () -> userService.getUserAsync(3).get(10, TimeUnit.SECONDS),
                u -> u.getId() == 3 && "Grace Hopper".equals(u.getName()) ? null : "unexpected " + u);

        check.call(
                "UserService.getUser(999) throws UserNotFoundException",
                () -> {
                    try {
                        return "returned " + userService.getUser(999) + " instead of throwing";
                    } catch (UserNotFoundException e) {
                        boolean ok = "no user with id 999".equals(e.getMessage())
                                && e.getCode() == UserNotFoundException.CODE;
                        return (ok ? "" : "WRONG ") + e.getClass().getName() + ": " + e.getMessage() + " (code "
                                + e.getCode() + ")";
                    }
                },
                s -> s.startsWith(UserNotFoundException.class.getName()) ? null : "unexpected " + s);

        out.println(failures.isEmpty() ? "ALL CALLS OK" : failures.size() + " CALL(S) FAILED: " + failures);
        return failures;
    }

    private static String checkPage(Page<User> p) {
        if (p.getPageNumber() != 1
                || p.getPageSize() != 2
                || p.getTotal() < 3
                || p.getItems().size() != 2) {
            return "unexpected " + p;
        }
        // Generic element type must survive: items are Users, not maps.
        Object first = p.getItems().get(0);
        if (!(first instanceof User u)
                || u.getId() != 1
                || !LocalDate.of(1815, 12, 10).equals(u.getBirthday())) {
            return "page items are not the expected Users: " + first + " (" + (first == null ? null : first.getClass())
                    + ")";
        }
        return null;
    }

    /** Runs one call, prints "OK name -> value" or "FAIL name: why". */
    private record Checker(PrintStream out, List<String> failures) {
        <T> void call(String name, Callable<T> call, Function<T, String> problemOf) {
            try {
                T value = call.call();
                String problem = problemOf.apply(value);
                if (problem == null) {
                    out.println("OK   " + name + " -> " + value);
                } else {
                    out.println("FAIL " + name + ": " + problem);
                    failures.add(name);
                }
            } catch (Exception | AssertionError e) {
                out.println("FAIL " + name + ": " + e);
                failures.add(name);
            }
        }
    }

    @Override
    public void close() {
        try {
            bootstrap.stop();
        } finally {
            frameworkModel.destroy();
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out));
    }

    /** The whole command line program; returns the exit code. */
    public static int run(String[] args, PrintStream out) {
        DemoProvider.keepDubboOnLoopback();
        Settings settings = new Settings();
        settings.registry = System.getProperty("dubbo.registry.address");
        boolean embeddedProvider = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--protocol" -> settings.protocol = value(args, ++i, arg);
                case "--host" -> settings.host = value(args, ++i, arg);
                case "--port" -> settings.port = Integer.parseInt(value(args, ++i, arg));
                case "--registry" -> settings.registry = value(args, ++i, arg);
                case "--embedded-provider" -> embeddedProvider = true;
                case "--help", "-h" -> {
                    out.println("usage: DemoConsumer [--protocol httpjson|dubbo] [--host 127.0.0.1] [--port N] "
                            + "[--registry nacos://127.0.0.1:8848] [--embedded-provider]");
                    return 0;
                }
                default -> {
                    out.println("unknown argument " + arg + " (try --help)");
                    return 2;
                }
            }
        }
        if (!settings.protocol.equals(DemoProvider.HTTPJSON) && !settings.protocol.equals(DemoProvider.DUBBO)) {
            out.println("--protocol must be httpjson or dubbo");
            return 2;
        }
        if (settings.protocol.equals(DemoProvider.HTTPJSON) && !DemoProvider.httpjsonAvailable()) {
            out.println("the httpjson protocol is not on the classpath; use --protocol dubbo");
            return 2;
        }
        DemoProvider provider = null;
        try {
            if (embeddedProvider) {
                // The in-process provider is stopped only after the last answer arrived: no need for
                // Dubbo's default 10 s graceful-shutdown wait.
                if (System.getProperty("dubbo.service.shutdown.wait") == null) {
                    System.setProperty("dubbo.service.shutdown.wait", "1000");
                }
                DemoProvider.Settings providerSettings = new DemoProvider.Settings();
                providerSettings.registry = settings.registry;
                provider = DemoProvider.start(providerSettings);
                out.println("embedded provider on 127.0.0.1 " + provider.ports());
                if (settings.registry == null) {
                    settings.port = provider.port(settings.protocol);
                }
            }
            out.println("calling over " + settings.protocol
                    + (settings.registry == null
                            ? " at " + settings.host + ":"
                                    + (settings.port != 0 ? settings.port : defaultPort(settings.protocol))
                            : " via " + settings.registry));
            try (DemoConsumer consumer = connect(settings)) {
                return consumer.callEverything(out).isEmpty() ? 0 : 1;
            }
        } catch (RuntimeException e) {
            out.println("FAILED: " + e);
            e.printStackTrace(out);
            return 1;
        } finally {
            if (provider != null) {
                provider.close();
            }
        }
    }

    private static String value(String[] args, int i, String name) {
        if (i >= args.length) {
            throw new IllegalArgumentException(name + " needs a value");
        }
        return args[i];
    }
}
