package io.httpjson.benchmark.push;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.Loopback;
import io.httpjson.benchmark.service.BenchmarkService;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.metadata.MetadataInfo;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.client.DefaultServiceInstance;
import org.apache.dubbo.registry.client.ServiceInstance;
import org.apache.dubbo.registry.client.event.ServiceInstancesChangedEvent;
import org.apache.dubbo.registry.client.event.listener.ServiceInstancesChangedListener;
import org.apache.dubbo.registry.integration.DynamicDirectory;
import org.apache.dubbo.registry.integration.RegistryDirectory;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.AbstractInvoker;
import org.apache.dubbo.rpc.protocol.AbstractProtocol;

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

    private static final Set<Integer> RESERVED_PORTS = Set.of(
            2181, 7070, 8080, 8090, 8848, 9090, 9848, 9849, 18080, 20880, 20881, 20882, 20883, 20884, 20885, 22222,
            50051, 50052);

    /** Where a protocol's own per-address state lives (Dubbo's registry, cluster and URL classes excluded). */
    static final List<String> PROTOCOL_PACKAGES = List.of(
            "io.httpjson.", "io.netty.", "org.apache.dubbo.remoting.", "org.apache.dubbo.rpc.protocol.", "java.net.");

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
    private final int[] ports;
    private final String methods;
    private final long timestampBase = System.currentTimeMillis();

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
        this.ports = deadPorts();
        TreeSet<String> names = new TreeSet<>();
        for (Method m : BenchmarkService.class.getMethods()) {
            names.add(m.getName());
        }
        this.methods = String.join(",", names);
    }

    /** Runs the scenario; the figures, by name (bytes, ms, counts). */
    public Map<String, String> run() throws Exception {
        Loopback.configure();
        int hosts = (addresses + ports.length - 1) / ports.length;
        if (hosts > 1 && !"127.0.0.1".equals(NetUtils.filterLocalHost("127.0.1.1"))) {
            throw new IllegalStateException("more than " + ports.length + " addresses need loopback names beyond "
                    + "127.0.0.1, but Dubbo would not rewrite them to 127.0.0.1; use fewer addresses");
        }
        if (hosts > 255) {
            throw new IllegalArgumentException("at most " + 255 * ports.length + " addresses");
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
                PushServiceDiscovery.publish(metadata());
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
            Target target = application ? applicationTarget(bootstrap.getApplicationModel()) : interfaceTarget();
            Protocol raw = frameworkModel.getExtensionLoader(Protocol.class).getExtension(protocol, false);
            measure(target, raw);
            if (proxy == null) {
                throw new IllegalStateException("no proxy");
            }
        } finally {
            DubboApps.stopQuietly(bootstrap, frameworkModel);
        }
        return result;
    }

    private void measure(Target target, Protocol raw) {
        Map<String, long[]> histBefore = histogramTop > 0 ? ProcessProbe.classHistogram() : Map.of();
        long heap0 = ProcessProbe.heapAfterFullGc();
        int sockets0 = ProcessProbe.tcpSockets();
        int threads0 = ProcessProbe.liveThreads();
        long started0 = ProcessProbe.startedThreads();
        long opens0 = ProcessProbe.tcpActiveOpens();
        put("heap.baseline", heap0);
        put("sockets.baseline", sockets0);
        put("threads.baseline", threads0);

        // Scale-out: full-state pushes of batch, 2*batch, ... N addresses.
        int pushed = 0;
        long pushMillis = 0;
        long pushAlloc = 0;
        long pushAllocAll = 0;
        int pushes = 0;
        double maxPushMs = 0;
        while (pushed < addresses) {
            int end = Math.min(addresses, pushed + batch);
            long[] p = push(target.prepare(end));
            pushed = end;
            pushes++;
            pushMillis += p[0];
            maxPushMs = Math.max(maxPushMs, p[0] / 1e6);
            pushAlloc += p[1];
            pushAllocAll += p[2];
            out.printf(
                    Locale.ROOT,
                    "push %d: %d addresses in %.1f ms, %d bytes allocated by the pushing thread%n",
                    pushes,
                    end,
                    p[0] / 1e6,
                    p[1]);
            out.flush();
        }
        target.forget();
        long opens1 = ProcessProbe.tcpActiveOpens();
        int sockets1 = ProcessProbe.tcpSockets();
        int threads1 = ProcessProbe.liveThreads();
        long started1 = ProcessProbe.startedThreads();
        long heap1 = ProcessProbe.heapAfterFullGc();
        int invokers1 = target.invokers();
        put("pushes", pushes);
        put("push.ms.total", String.format(Locale.ROOT, "%.1f", pushMillis / 1e6));
        put("push.ms.max", String.format(Locale.ROOT, "%.1f", maxPushMs));
        put("push.alloc.thread", pushAlloc);
        put("push.alloc.all", pushAllocAll);
        put("invokers", invokers1);
        put("heap.pushed", heap1);
        put("heap.per.address", (heap1 - heap0) / Math.max(1, invokers1));
        put("sockets.pushed", sockets1 - sockets0);
        put("tcp.active.opens", opens0 < 0 ? -1 : opens1 - opens0);
        put("threads.pushed", threads1 - threads0);
        put("threads.started", started1 - started0);
        put("protocol.invokers", protocolInvokers(raw)[0]);
        if (histogramTop > 0) {
            Map<String, long[]> histAfter = ProcessProbe.classHistogram();
            out.println("live-heap growth by class from the baseline to " + invokers1 + " addresses:");
            for (String line : ProcessProbe.histogramGrowth(
                    histBefore, histAfter, Math.max(1, invokers1), histogramTop, name -> true)) {
                out.println("  " + line);
            }
            out.println(
                    "the same, protocol and transport classes only (" + String.join(", ", PROTOCOL_PACKAGES) + "):");
            for (String line : ProcessProbe.histogramGrowth(
                    histBefore, histAfter, Math.max(1, invokers1), histogramTop, PushScenario::protocolClass)) {
                out.println("  " + line);
            }
            out.flush();
        }

        // Scale-in: one push that keeps the first half.
        int half = addresses / 2;
        long[] p = push(target.prepare(half));
        target.forget();
        long heap2 = ProcessProbe.heapAfterFullGc();
        int invokers2 = target.invokers();
        long[] protocolAfterScaleIn = protocolInvokers(raw);
        put("scalein.ms", String.format(Locale.ROOT, "%.1f", p[0] / 1e6));
        put("scalein.alloc.thread", p[1]);
        put("scalein.invokers", invokers2);
        put("scalein.heap", heap2);
        put("scalein.heap.per.address", (heap2 - heap0) / Math.max(1, invokers2));
        put("scalein.heap.released", heap1 - heap2);
        put("scalein.sockets", ProcessProbe.tcpSockets() - sockets0);
        put("scalein.threads", ProcessProbe.liveThreads() - threads0);
        put("scalein.protocol.invokers", protocolAfterScaleIn[0]);
        put("scalein.protocol.invokers.destroyed", protocolAfterScaleIn[1]);
        out.printf(Locale.ROOT, "scale-in to %d addresses in %.1f ms%n", half, p[0] / 1e6);

        // Empty push: everything goes; what stays above the baseline is what the protocol keeps.
        push(target.prepare(0));
        target.forget();
        long heap3 = ProcessProbe.heapAfterFullGc();
        long[] protocolAfterEmpty = protocolInvokers(raw);
        put("empty.invokers", target.invokers());
        put("empty.heap.above.baseline", heap3 - heap0);
        put("empty.protocol.invokers", protocolAfterEmpty[0]);
        put("empty.sockets", ProcessProbe.tcpSockets() - sockets0);
        put("empty.threads", ProcessProbe.liveThreads() - threads0);
        if (histogramTop > 0) {
            out.println("live heap still above the baseline after the empty push, by class (per address pushed):");
            for (String line : ProcessProbe.histogramGrowth(
                    histBefore, ProcessProbe.classHistogram(), addresses, histogramTop, name -> true)) {
                out.println("  " + line);
            }
            put("empty.heap.above.baseline.after.histogram", ProcessProbe.heapAfterFullGc() - heap0);
        }
        out.flush();
    }

    /** {nanos, bytes allocated by this thread, bytes allocated by all live threads}. */
    private static long[] push(Runnable delivery) {
        long all0 = ProcessProbe.allThreadsAllocated();
        long a0 = ProcessProbe.currentThreadAllocated();
        long t0 = System.nanoTime();
        delivery.run();
        long t1 = System.nanoTime();
        long a1 = ProcessProbe.currentThreadAllocated();
        long all1 = ProcessProbe.allThreadsAllocated();
        return new long[] {t1 - t0, a1 - a0, all1 - all0};
    }

    /** What the scenario pushes to: the consumer's subscription, interface- or application-level. */
    private interface Target {
        /** The push of the full state "addresses 0 .. count-1" (0: the empty push), built now, run when timed. */
        Runnable prepare(int count);

        /** Drops the scenario's own copy of what it pushed last (before a heap measurement). */
        void forget();

        /** Invokers in the consumer's directory. */
        int invokers();
    }

    /** Interface level: provider URLs to the RegistryDirectory that subscribed to the push registry. */
    private Target interfaceTarget() {
        NotifyListener listener = PushRegistry.listener(BenchmarkService.class.getName());
        if (!(listener instanceof RegistryDirectory<?> directory)) {
            throw new IllegalStateException("no interface-level subscription reached the push registry: " + listener);
        }
        return new Target() {
            private List<URL> current = new ArrayList<>();

            @Override
            public Runnable prepare(int count) {
                List<URL> urls;
                if (count == 0) {
                    urls = List.of(URL.valueOf("empty://127.0.0.1/" + BenchmarkService.class.getName()
                            + "?category=providers&interface=" + BenchmarkService.class.getName()));
                } else if (current != null && count >= current.size()) {
                    for (int i = current.size(); i < count; i++) {
                        current.add(providerUrl(i));
                    }
                    urls = new ArrayList<>(current);
                } else {
                    urls = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        urls.add(providerUrl(i));
                    }
                }
                return () -> directory.notify(urls);
            }

            @Override
            public void forget() {
                current = null;
            }

            @Override
            public int invokers() {
                Map<URL, ? extends Invoker<?>> map = directory.getUrlInvokerMap();
                return map == null ? 0 : map.size();
            }
        };
    }

    /**
     * Application level: ServiceInstances of {@link #PROVIDER_APP} to the ServiceInstancesChangedListener the
     * consumer registered with the push service discovery, which maps them (through the metadata revision) to
     * BenchmarkService addresses for the consumer's ServiceDiscoveryRegistryDirectory.
     */
    private Target applicationTarget(ApplicationModel model) {
        ServiceInstancesChangedListener listener = PushServiceDiscovery.listener(PROVIDER_APP);
        if (listener == null) {
            throw new IllegalStateException("no application-level subscription reached the push service discovery");
        }
        List<DynamicDirectory<?>> directories = new ArrayList<>();
        for (NotifyListener l : PushServiceDiscovery.directories(listener)) {
            if (l instanceof DynamicDirectory<?> d) {
                directories.add(d);
            }
        }
        if (directories.size() != 1) {
            throw new IllegalStateException(
                    "expected one consumer directory behind the instance listener, found " + directories.size());
        }
        DynamicDirectory<?> directory = directories.get(0);
        return new Target() {
            private List<ServiceInstance> current = new ArrayList<>();

            @Override
            public Runnable prepare(int count) {
                List<ServiceInstance> instances;
                if (current != null && count >= current.size()) {
                    for (int i = current.size(); i < count; i++) {
                        current.add(providerInstance(i, model));
                    }
                    instances = new ArrayList<>(current);
                } else {
                    instances = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        instances.add(providerInstance(i, model));
                    }
                }
                return () -> listener.onEvent(new ServiceInstancesChangedEvent(PROVIDER_APP, instances));
            }

            @Override
            public void forget() {
                current = null;
            }

            @Override
            public int invokers() {
                List<?> all = directory.getAllInvokers();
                return all == null ? 0 : all.size();
            }
        };
    }

    /** The metadata revision every pushed instance carries. */
    private String revision() {
        return "address-push-" + protocol;
    }

    /** What a metadata center would answer for {@link #revision()}: BenchmarkService over the tested protocol. */
    MetadataInfo metadata() {
        String iface = BenchmarkService.class.getName();
        Map<String, String> params = new HashMap<>();
        params.put("application", PROVIDER_APP);
        params.put("deprecated", "false");
        params.put("dubbo", "2.0.2");
        params.put("dynamic", "true");
        params.put("generic", "false");
        params.put("interface", iface);
        params.put("methods", methods);
        params.put("release", Version.getVersion());
        params.put("side", "provider");
        String serialization = protocol.equals("httpjson") ? "fastjson2-text" : "hessian2";
        params.put("serialization", serialization);
        params.put("prefer.serialization", serialization);
        MetadataInfo.ServiceInfo service = new MetadataInfo.ServiceInfo(iface, null, null, protocol, 0, iface, params);
        Map<String, MetadataInfo.ServiceInfo> services = new ConcurrentHashMap<>();
        services.put(service.getMatchKey(), service);
        return new MetadataInfo(PROVIDER_APP, revision(), services);
    }

    /** Instance i of the provider application: the same host and port as {@link #providerUrl(int)}. */
    ServiceInstance providerInstance(int i, ApplicationModel model) {
        int k = i / ports.length;
        DefaultServiceInstance instance =
                new DefaultServiceInstance(PROVIDER_APP, "127.0." + k + ".1", ports[i % ports.length], model);
        Map<String, String> metadata = new HashMap<>();
        metadata.put("dubbo.metadata.revision", revision());
        metadata.put("dubbo.metadata.storage-type", "remote");
        metadata.put("timestamp", Long.toString(timestampBase + i));
        instance.setMetadata(metadata);
        return instance;
    }

    /** {invokers the protocol still holds, how many of those are destroyed}; {-1, -1} if unknown. */
    private static long[] protocolInvokers(Protocol raw) {
        if (!(raw instanceof AbstractProtocol)) {
            return new long[] {-1, -1};
        }
        try {
            Field f = AbstractProtocol.class.getDeclaredField("invokers");
            f.setAccessible(true);
            Collection<?> held = new ArrayList<>((Collection<?>) f.get(raw));
            long destroyed = held.stream()
                    .filter(i -> i instanceof AbstractInvoker<?> ai && ai.isDestroyed())
                    .count();
            return new long[] {held.size(), destroyed};
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    /** Address i: 127.0.k.1 (k = i / ports) on the i-th dead port; parsed from text as a registry would. */
    URL providerUrl(int i) {
        int k = i / ports.length;
        String host = "127.0." + k + ".1";
        int port = ports[i % ports.length];
        String iface = BenchmarkService.class.getName();
        StringBuilder s = new StringBuilder(512)
                .append(protocol)
                .append("://")
                .append(host)
                .append(':')
                .append(port)
                .append('/')
                .append(iface)
                .append("?anyhost=false&application=address-push-provider&deprecated=false&dubbo=2.0.2")
                .append("&dynamic=true&generic=false&interface=")
                .append(iface)
                .append("&methods=")
                .append(methods)
                .append("&pid=")
                .append(10000 + i % 50000)
                .append("&release=")
                .append(Version.getVersion())
                .append("&side=provider&timestamp=")
                .append(timestampBase + i);
        if (protocol.equals("httpjson")) {
            s.append("&serialization=fastjson2-text&prefer.serialization=fastjson2-text");
        } else {
            s.append("&serialization=hessian2&prefer.serialization=hessian2");
        }
        return URL.valueOf(s.toString());
    }

    /** Ports 1025-32767 (below Linux's ephemeral range) that nothing listens on now, minus the usual RPC ports. */
    static int[] deadPorts() {
        Set<Integer> listening = new HashSet<>(RESERVED_PORTS);
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            try {
                List<String> lines = Files.readAllLines(Path.of(table));
                for (int i = 1; i < lines.size(); i++) {
                    String[] f = lines.get(i).trim().split("\\s+");
                    if (f.length > 3 && f[3].equals("0A")) { // LISTEN
                        String local = f[1];
                        listening.add(Integer.parseInt(local.substring(local.lastIndexOf(':') + 1), 16));
                    }
                }
            } catch (IOException | RuntimeException ignored) {
                // not Linux: only the reserved ports are avoided
            }
        }
        return IntStream.rangeClosed(1025, 32767)
                .filter(p -> !listening.contains(p))
                .toArray();
    }

    static boolean protocolClass(String name) {
        for (String p : PROTOCOL_PACKAGES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
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
