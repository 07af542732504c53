package io.httpjson.demo.consumer;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.demo.api.GreetingService;
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
        return new DemoCalls(greetingService, userService).callEverything(out);
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
