package io.httpjson.demo.provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.demo.api.EchoService;
import io.httpjson.demo.api.GreetingService;
import io.httpjson.demo.api.ReleaseService;
import io.httpjson.demo.api.UserService;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * The demo provider application: exports {@link GreetingService} and {@link UserService} over
 * {@code httpjson} and {@code dubbo} at the same time (two ProtocolConfigs, two ports), as an
 * application migrating from dubbo to httpjson would; also {@link EchoService} and {@link ReleaseService}
 * (in two versions and groups), which the conformance kit calls. {@code tri} (Dubbo's Triple) can be added
 * to the protocols to compare its HTTP/1 JSON mode with httpjson.
 *
 * <p>Every instance runs in its own {@link FrameworkModel}, so several providers (and consumers)
 * can live in one JVM, as the integration tests and {@code DemoConsumer --embedded-provider} do.
 * Everything binds, registers and is called on 127.0.0.1.
 */
public final class DemoProvider implements AutoCloseable {

    public static final String LOOPBACK = "127.0.0.1";
    public static final String HTTPJSON = "httpjson";
    public static final String DUBBO = "dubbo";
    public static final String TRIPLE = "tri";

    /** What to start. Port 0 means "a free loopback port". */
    public static final class Settings {
        public List<String> protocols = defaultProtocols();
        public int httpjsonPort = 0;
        public int dubboPort = 0;
        public int triplePort = 0;
        /** A registry address such as {@code nacos://127.0.0.1:8848}; null means none (direct URLs only). */
        public String registry;
        /** {@code interface}, {@code instance} or {@code all}; null leaves Dubbo's default. */
        public String registerMode;
        /**
         * The origins whose pages may call over httpjson from a browser ({@code httpjson.cors-allowed-origins}, e.g.
         * {@code http://localhost:3000}); null: none.
         */
        public String corsAllowedOrigins;

        public String applicationName = "httpjson-demo-provider";
        public String instanceName = "provider";
        public Map<String, String> applicationParameters = new LinkedHashMap<>();
    }

    private final FrameworkModel frameworkModel;
    private final DubboBootstrap bootstrap;
    private final Map<String, Integer> ports;
    private final GreetingServiceImpl greeting;
    private final UserServiceImpl users;
    private final List<ServiceConfig<?>> services;

    private DemoProvider(
            FrameworkModel frameworkModel,
            DubboBootstrap bootstrap,
            Map<String, Integer> ports,
            GreetingServiceImpl greeting,
            UserServiceImpl users,
            List<ServiceConfig<?>> services) {
        this.frameworkModel = frameworkModel;
        this.bootstrap = bootstrap;
        this.ports = ports;
        this.greeting = greeting;
        this.users = users;
        this.services = services;
    }

    /** Whether the httpjson protocol is on the classpath (it is, once the protocol module has landed). */
    public static boolean httpjsonAvailable() {
        return FrameworkModel.defaultModel().getExtensionLoader(Protocol.class).hasExtension(HTTPJSON);
    }

    /** httpjson and dubbo side by side; dubbo alone while the httpjson protocol is not available. */
    public static List<String> defaultProtocols() {
        return httpjsonAvailable() ? List.of(HTTPJSON, DUBBO) : List.of(DUBBO);
    }

    /** Dubbo picks the machine's external address unless told not to: keep everything on loopback. */
    public static void keepDubboOnLoopback() {
        if (System.getProperty("dubbo.network.interface.ignored") == null) {
            System.setProperty("dubbo.network.interface.ignored", ".*");
        }
        if (System.getProperty("dubbo.application.logger") == null) {
            System.setProperty("dubbo.application.logger", "slf4j");
        }
        if (System.getProperty("java.net.preferIPv4Stack") == null) {
            System.setProperty("java.net.preferIPv4Stack", "true");
        }
    }

    public static int freeLoopbackPort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Dubbo's dubbo and tri servers widen a 127.x bind address to 0.0.0.0; {@code [::ffff:127.0.0.1]}, the
     * IPv4-mapped form of 127.0.0.1, Dubbo does not take for loopback and the JDK binds to 127.0.0.1. Dubbo also
     * registers the address its servers bind, so with a registry they are left to Dubbo (the registered address
     * stays 127.0.0.1, and consumers of an application-level instance reach every protocol at it).
     */
    static void bindDubboServersToLoopback(boolean bind) {
        for (String key : new String[] {"DUBBO_DUBBO_IP_TO_BIND", "TRI_DUBBO_IP_TO_BIND"}) {
            String value = System.getProperty(key);
            if (bind && value == null) {
                System.setProperty(key, MAPPED_LOOPBACK);
            } else if (!bind && MAPPED_LOOPBACK.equals(value)) {
                System.clearProperty(key);
            }
        }
    }

    private static final String MAPPED_LOOPBACK = "[::ffff:127.0.0.1]";

    public static DemoProvider start(Settings settings) {
        keepDubboOnLoopback();
        bindDubboServersToLoopback(settings.registry == null || settings.registry.isEmpty());
        if (settings.protocols.isEmpty()) {
            throw new IllegalArgumentException("no protocol to export on");
        }
        FrameworkModel frameworkModel = new FrameworkModel();
        try {
            DubboBootstrap bootstrap = DubboBootstrap.newInstance(frameworkModel);

            ApplicationConfig application = new ApplicationConfig(settings.applicationName);
            application.setQosEnable(false);
            if (settings.registerMode != null) {
                application.setRegisterMode(settings.registerMode);
            }
            if (!settings.applicationParameters.isEmpty()) {
                application.setParameters(new LinkedHashMap<>(settings.applicationParameters));
            }
            bootstrap.application(application);

            RegistryConfig registry =
                    new RegistryConfig(settings.registry == null ? RegistryConfig.NO_AVAILABLE : settings.registry);
            bootstrap.registry(registry);

            Map<String, Integer> ports = new LinkedHashMap<>();
            List<ProtocolConfig> protocols = new ArrayList<>();
            for (String name : settings.protocols) {
                int port =
                        switch (name) {
                            case HTTPJSON -> settings.httpjsonPort;
                            case DUBBO -> settings.dubboPort;
                            case TRIPLE -> settings.triplePort;
                            default -> throw new IllegalArgumentException(
                                    "unknown protocol " + name + " (httpjson, dubbo or tri)");
                        };
                if (port == 0) {
                    port = freeLoopbackPort();
                }
                ProtocolConfig protocol = new ProtocolConfig(name, port);
                protocol.setHost(LOOPBACK);
                if (name.equals(HTTPJSON)) {
                    Map<String, String> parameters = new LinkedHashMap<>();
                    // GET /openapi.json and the catalog page at GET /: the demo shows them
                    parameters.put("httpjson.openapi", "true");
                    if (settings.corsAllowedOrigins != null) {
                        parameters.put("httpjson.cors-allowed-origins", settings.corsAllowedOrigins);
                    }
                    protocol.setParameters(parameters);
                }
                protocols.add(protocol);
                ports.put(name, port);
            }
            bootstrap.protocols(protocols);

            GreetingServiceImpl greeting = new GreetingServiceImpl(settings.instanceName);
            UserServiceImpl users = new UserServiceImpl();

            ServiceConfig<GreetingService> greetingService = new ServiceConfig<>();
            greetingService.setInterface(GreetingService.class);
            greetingService.setRef(greeting);
            bootstrap.service(greetingService);

            ServiceConfig<UserService> userService = new ServiceConfig<>();
            userService.setInterface(UserService.class);
            userService.setRef(users);
            bootstrap.service(userService);

            ServiceConfig<EchoService> echoService = new ServiceConfig<>();
            echoService.setInterface(EchoService.class);
            echoService.setRef(new EchoServiceImpl());
            bootstrap.service(echoService);

            List<ServiceConfig<?>> services = new ArrayList<>(List.of(greetingService, userService, echoService));
            for (String[] release : new String[][] {{"1.0.0", "stable"}, {"2.0.0", "canary"}}) {
                ServiceConfig<ReleaseService> releaseService = new ServiceConfig<>();
                releaseService.setInterface(ReleaseService.class);
                releaseService.setVersion(release[0]);
                releaseService.setGroup(release[1]);
                releaseService.setRef(new ReleaseServiceImpl(release[0], release[1]));
                bootstrap.service(releaseService);
                services.add(releaseService);
            }

            bootstrap.start();
            return new DemoProvider(frameworkModel, bootstrap, ports, greeting, users, List.copyOf(services));
        } catch (RuntimeException e) {
            frameworkModel.destroy();
            throw e;
        }
    }

    /** The port the given protocol listens on. */
    public int port(String protocol) {
        Integer port = ports.get(protocol);
        if (port == null) {
            throw new IllegalArgumentException("not exported over " + protocol + "; exported over " + ports.keySet());
        }
        return port;
    }

    /** Protocol name to port, in export order. */
    public Map<String, Integer> ports() {
        return Collections.unmodifiableMap(ports);
    }

    /** The URLs the services were exported on (one per service and protocol). */
    public List<URL> exportedUrls() {
        List<URL> urls = new ArrayList<>();
        for (ServiceConfig<?> service : services) {
            urls.addAll(service.getExportedUrls());
        }
        return urls;
    }

    public GreetingServiceImpl greeting() {
        return greeting;
    }

    public UserServiceImpl users() {
        return users;
    }

    @Override
    public void close() {
        try {
            bootstrap.stop();
        } finally {
            frameworkModel.destroy();
        }
    }

    /** The command line: see {@link DemoProviderMain}. */
    public static void main(String[] args) throws InterruptedException {
        DemoProviderMain.main(args);
    }
}
