package io.httpjson.benchmark.provider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.Loopback;
import io.httpjson.benchmark.grpc.GrpcProvider;
import io.httpjson.benchmark.service.AllowedTypes;
import io.httpjson.benchmark.service.BenchmarkService;
import io.httpjson.benchmark.service.BenchmarkServiceImpl;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Exports {@link BenchmarkService} for each {@link Export}, one port per protocol, all on 127.0.0.1, no registry.
 * Used by the {@code provider} subcommand (its own JVM) and by the in-process JMH suite. Own FrameworkModel, so
 * it never shares state with a client in the same JVM.
 */
public final class ProviderServer implements AutoCloseable {
    public static final String HOST = "127.0.0.1";

    /** Not a Dubbo protocol: {@code grpc:protobuf} is served by gRPC-java itself ({@link GrpcProvider}). */
    public static final String GRPC = "grpc";

    private final FrameworkModel frameworkModel;
    private final DubboBootstrap bootstrap;
    private final GrpcProvider grpc;
    private final Map<String, Integer> ports;

    private ProviderServer(
            FrameworkModel frameworkModel, DubboBootstrap bootstrap, GrpcProvider grpc, Map<String, Integer> ports) {
        this.frameworkModel = frameworkModel;
        this.bootstrap = bootstrap;
        this.grpc = grpc;
        this.ports = ports;
    }

    /**
     * @param fixedPorts protocol -> port; protocols missing here get a free loopback port
     * @param threads    Dubbo server business threads per protocol (Dubbo's default is 200)
     */
    public static ProviderServer start(List<Export> exports, Map<String, Integer> fixedPorts, int threads) {
        if (exports.isEmpty()) {
            throw new IllegalArgumentException("nothing to export");
        }
        Map<String, Integer> ports = new LinkedHashMap<>();
        for (Export e : exports) {
            ports.computeIfAbsent(
                    e.protocol(), p -> fixedPorts.getOrDefault(p, 0) > 0 ? fixedPorts.get(p) : freePort());
        }
        Loopback.configure();
        GrpcProvider grpc = null;
        if (ports.containsKey(GRPC)) {
            if (DubboApps.tls()) {
                throw new IllegalArgumentException("grpc:protobuf runs without TLS only (drop -D"
                        + DubboApps.TLS_PROPERTY + " or the grpc export)");
            }
            grpc = GrpcProvider.start(HOST, ports.get(GRPC), threads);
        }
        List<Export> dubboExports =
                exports.stream().filter(e -> !GRPC.equals(e.protocol())).toList();
        if (dubboExports.isEmpty()) {
            return new ProviderServer(null, null, grpc, ports);
        }
        FrameworkModel fm = new FrameworkModel();
        DubboBootstrap bootstrap = DubboBootstrap.newInstance(fm);
        AllowedTypes.allow(fm, FrameworkModel.defaultModel());
        try {
            ApplicationConfig app = new ApplicationConfig("httpjson-benchmark-provider");
            app.setQosEnable(false);
            app.setMetadataType("local");
            app.setShutwait("1000"); // graceful-shutdown wait (Dubbo default 10 s): nothing is in flight when we stop
            bootstrap.application(app);
            bootstrap.registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE));
            if (DubboApps.tls()) {
                bootstrap.ssl(DubboApps.sslOrNull());
            }
            Map<String, ProtocolConfig> protocols = new LinkedHashMap<>();
            for (Map.Entry<String, Integer> p : ports.entrySet()) {
                if (GRPC.equals(p.getKey())) {
                    continue;
                }
                ProtocolConfig pc = new ProtocolConfig(p.getKey(), p.getValue());
                pc.setId("bench-" + p.getKey());
                pc.setHost(HOST);
                pc.setThreads(threads);
                // extra protocol parameters for experiments: -Dbenchmark.httpjson.params=k=v,k=v
                Map<String, String> extra = DubboApps.paramsFromSystemProperty("benchmark." + p.getKey() + ".params");
                if (!extra.isEmpty()) {
                    pc.setParameters(extra);
                }
                protocols.put(p.getKey(), pc);
                bootstrap.protocol(pc);
            }
            for (Export e : dubboExports) {
                ServiceConfig<BenchmarkService> sc = new ServiceConfig<>();
                sc.setInterface(BenchmarkService.class);
                sc.setRef(new BenchmarkServiceImpl(e.delayMillis()));
                sc.setGroup(e.group());
                sc.setProtocol(protocols.get(e.protocol()));
                sc.setSerialization(e.serialization());
                sc.setPreferSerialization(e.serialization());
                bootstrap.service(sc);
            }
            bootstrap.start();
        } catch (RuntimeException ex) {
            DubboApps.stopQuietly(bootstrap, fm);
            if (grpc != null) {
                grpc.close();
            }
            throw ex;
        }
        return new ProviderServer(fm, bootstrap, grpc, ports);
    }

    /** protocol -> bound port. */
    public Map<String, Integer> ports() {
        return ports;
    }

    public int port(String protocol) {
        Integer p = ports.get(protocol);
        if (p == null) {
            throw new IllegalArgumentException("protocol " + protocol + " not exported here");
        }
        return p;
    }

    @Override
    public void close() {
        if (bootstrap != null) {
            DubboApps.stopQuietly(bootstrap, frameworkModel);
        }
        if (grpc != null) {
            grpc.close();
        }
    }

    /** A port that was free on 127.0.0.1 a moment ago. */
    public static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
