package io.httpjson.benchmark.push;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

import io.httpjson.benchmark.service.BenchmarkService;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.metadata.MetadataInfo;
import org.apache.dubbo.registry.client.DefaultServiceInstance;
import org.apache.dubbo.registry.client.ServiceInstance;
import org.apache.dubbo.rpc.model.ApplicationModel;

/**
 * The provider addresses a scenario pushes, as provider URLs (interface level) or as ServiceInstances of
 * {@link PushScenario#PROVIDER_APP} with the metadata they point to (application level). Address i is 127.0.k.1
 * (k = i / ports) on the i-th port where nothing listened when this was made.
 */
final class PushAddresses {
    private static final Set<Integer> RESERVED_PORTS = Set.of(
            2181, 7070, 8080, 8090, 8848, 9090, 9848, 9849, 18080, 20880, 20881, 20882, 20883, 20884, 20885, 22222,
            50051, 50052);

    private final String protocol;
    private final int[] ports;
    private final String methods;
    private final long timestampBase = System.currentTimeMillis();

    PushAddresses(String protocol) {
        this.protocol = protocol;
        this.ports = deadPorts();
        TreeSet<String> names = new TreeSet<>();
        for (Method m : BenchmarkService.class.getMethods()) {
            names.add(m.getName());
        }
        this.methods = String.join(",", names);
    }

    /** How many ports one loopback name offers. */
    int ports() {
        return ports.length;
    }

    /** The metadata revision every pushed instance carries. */
    private String revision() {
        return "address-push-" + protocol;
    }

    /** What a metadata center would answer for {@link #revision()}: BenchmarkService over the tested protocol. */
    MetadataInfo metadata() {
        String iface = BenchmarkService.class.getName();
        Map<String, String> params = new HashMap<>();
        params.put("application", PushScenario.PROVIDER_APP);
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
        return new MetadataInfo(PushScenario.PROVIDER_APP, revision(), services);
    }

    /** Instance i of the provider application: the same host and port as {@link #providerUrl(int)}. */
    ServiceInstance providerInstance(int i, ApplicationModel model) {
        int k = i / ports.length;
        DefaultServiceInstance instance = new DefaultServiceInstance(
                PushScenario.PROVIDER_APP, "127.0." + k + ".1", ports[i % ports.length], model);
        Map<String, String> metadata = new HashMap<>();
        metadata.put("dubbo.metadata.revision", revision());
        metadata.put("dubbo.metadata.storage-type", "remote");
        metadata.put("timestamp", Long.toString(timestampBase + i));
        instance.setMetadata(metadata);
        return instance;
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
}
