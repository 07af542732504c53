package io.httpjson.benchmark.push;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.Loopback;
import io.httpjson.benchmark.service.BenchmarkService;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * One consumer, one protocol configuration, in this JVM: references BenchmarkService through the {@code push}
 * registry (interface-level), pushes N provider addresses in growing full-state batches, then a scale-in push
 * keeping the first half, then an empty push; measures each step. No call is ever made, so nothing should
 * connect unless the protocol connects at refer time.
 *
 * <p>Addresses: 127.0.0.1 on ports 1025-32767 where nothing listens when the run starts (and never the usual RPC
 * ports); beyond that many, the same ports on the loopback names 127.0.k.1, which Dubbo's own clients rewrite to
 * 127.0.0.1 before connecting ({@code NetUtils.filterLocalHost}, see {@link Loopback}) and httpjson never
 * connects to before a call. The run refuses names beyond 127.0.0.1 if that rewrite is not in force.
 */
public final class PushScenario {
    /** Protocol configurations: name -> {protocol, extra consumer parameters}. */
    static final Map<String, String[]> CONFIGS = new LinkedHashMap<>();

    static {
        CONFIGS.put("httpjson", new String[] {"httpjson"});
        CONFIGS.put("dubbo", new String[] {"dubbo"}); // Dubbo defaults: lazy=false, connections=0 (one shared)
        CONFIGS.put("dubbo-lazy", new String[] {"dubbo", "lazy", "true"});
    }

    /** The provider application of the application-level mode ({@code provided-by} on the reference). */
    static final String PROVIDER_APP = "address-push-provider";

    static final List<String> MODES = List.of("interface", "application");

    private final String config;
    private final String mode;
    private final int addresses;
    private final int batch;
    private final int histogramTop;
    private final PrintWriter out;
    private final Map<String, String> result = new LinkedHashMap<>();

    private final String protocol;
    private final PushAddresses pushed;

    public PushScenario(String config, int addresses, int batch, int histogramTop, PrintWriter out) {
        this(config, "interface", addresses, batch, histogramTop, out);
    }

    public PushScenario(String config, String mode, int addresses, int batch, int histogramTop, PrintWriter out) {
        if (!MODES.contains(mode)) {
            throw new IllegalArgumentException("unknown mode " + mode + "; one of " + MODES);
        }
        this.mode = mode;
        if (!CONFIGS.containsKey(config)) {
            throw new IllegalArgumentException("unknown configuration " + config + "; one of " + CONFIGS.keySet());
        }
        this.config = config;
        this.addresses = addresses;
        this.batch = Math.max(1, Math.min(batch, addresses));
        this.histogramTop = histogramTop;
        this.out = out;
        this.protocol = CONFIGS.get(config)[0];
        this.pushed = new PushAddresses(protocol);
    }

    /** Runs the scenario; the figures, by name (bytes, ms, counts). */
    public Map<String, String> run() throws Exception {
        Loopback.configure();
        int ports = pushed.ports();
        int hosts = (addresses + ports - 1) / ports;
        if (hosts > 1 && !"127.0.0.1".equals(NetUtils.filterLocalHost("127.0.1.1"))) {
            throw new IllegalStateException("more than " + ports + " addresses need loopback names beyond "
                    + "127.0.0.1, but Dubbo would not rewrite them to 127.0.0.1; use fewer addresses");
        }
        if (hosts > 255) {
            throw new IllegalArgumentException("at most " + 255 * ports + " addresses");
        }
        put("config", config);
        put("mode", mode);
        put("addresses", addresses);
        put("batch", batch);

        FrameworkModel frameworkModel = new FrameworkModel();
        DubboBootstrap bootstrap = DubboBootstrap.newInstance(frameworkModel);
        try {
            ApplicationConfig app = new ApplicationConfig("address-push-consumer");
            app.setQosEnable(false);
            app.setMetadataType("local");
            app.setShutwait("1000");
            boolean application = mode.equals("application");
            RegistryConfig registry = new RegistryConfig("push://127.0.0.1:9");
            registry.setUseAsConfigCenter(false);
            registry.setUseAsMetadataCenter(false);
            if (application) {
                // service discovery (the 'push' ServiceDiscoveryFactory), no metadata file cache on disk
                registry.setParameters(new HashMap<>(Map.of("registry-type", "service", "file-cache", "false")));
                PushServiceDiscovery.publish(pushed.metadata());
            }
            ReferenceConfig<BenchmarkService> ref = new ReferenceConfig<>();
            ref.setInterface(BenchmarkService.class);
            ref.setProtocol(protocol);
            ref.setCheck(false);
            ref.setRetries(0);
            ref.setTimeout(3000);
            Map<String, String> params = new HashMap<>();
            if (application) {
                params.put("migration.step", "FORCE_APPLICATION"); // application-level addresses only
                ref.setProvidedBy(PROVIDER_APP); // interface -> application mapping without a metadata center
            } else {
                params.put("migration.step", "FORCE_INTERFACE"); // interface-level addresses only
            }
            String[] c = CONFIGS.get(config);
            for (int i = 1; i + 1 < c.length; i += 2) {
                params.put(c[i], c[i + 1]);
            }
            ref.setParameters(params);
            bootstrap.application(app).registry(registry).reference(ref).start();
            BenchmarkService proxy = ref.get();
            PushTarget target = application
                    ? PushTarget.applicationLevel(pushed, bootstrap.getApplicationModel())
                    : PushTarget.interfaceLevel(pushed);
            Protocol raw = frameworkModel.getExtensionLoader(Protocol.class).getExtension(protocol, false);
            new PushMeasurement(addresses, batch, histogramTop, out, result).measure(target, raw);
            if (proxy == null) {
                throw new IllegalStateException("no proxy");
            }
        } finally {
            DubboApps.stopQuietly(bootstrap, frameworkModel);
        }
        return result;
    }

    private void put(String key, Object value) {
        result.put(key, String.valueOf(value));
    }

    static String describe(Map<String, String> r) {
        StringBuilder sb = new StringBuilder();
        r.forEach((k, v) ->
                sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }

    static List<String> configNames() {
        return Arrays.asList(CONFIGS.keySet().toArray(String[]::new));
    }
}
