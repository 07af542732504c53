package io.httpjson.benchmark.push;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.metadata.MetadataInfo;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.client.AbstractServiceDiscovery;
import org.apache.dubbo.registry.client.ServiceInstance;
import org.apache.dubbo.registry.client.event.listener.ServiceInstancesChangedListener;
import org.apache.dubbo.rpc.model.ApplicationModel;

/**
 * Application-level counterpart of {@link PushRegistry}: a {@code ServiceDiscovery} that only remembers who
 * listens. {@link #addServiceInstancesChangedListener} records the consumer's {@link ServiceInstancesChangedListener}
 * by application name, and the scenario pushes instance lists to it itself. {@link #getRemoteMetadata} answers
 * from a prebuilt {@link MetadataInfo} (set by the scenario before the consumer starts), so no metadata RPC or
 * metadata center is involved. Instances of its own are registered nowhere.
 */
final class PushServiceDiscovery extends AbstractServiceDiscovery {
    /** Listeners by application name, JVM-wide: the scenario runs one consumer per JVM. */
    private static final Map<String, ServiceInstancesChangedListener> LISTENERS = new ConcurrentHashMap<>();
    /** Metadata by revision, as a metadata center would answer. */
    private static final Map<String, MetadataInfo> METADATA = new ConcurrentHashMap<>();

    PushServiceDiscovery(ApplicationModel applicationModel, URL registryURL) {
        super(applicationModel, registryURL);
    }

    static void publish(MetadataInfo metadata) {
        METADATA.put(metadata.getRevision(), metadata);
    }

    static ServiceInstancesChangedListener listener(String application) {
        return LISTENERS.get(application);
    }

    /** The consumers' directories that {@code listener} notifies. */
    static List<NotifyListener> directories(ServiceInstancesChangedListener listener) {
        return listener instanceof Recording r ? r.directories() : List.of();
    }

    @Override
    public ServiceInstancesChangedListener createListener(Set<String> serviceNames) {
        return new Recording(serviceNames, this);
    }

    @Override
    public void addServiceInstancesChangedListener(ServiceInstancesChangedListener listener) {
        for (String app : listener.getServiceNames()) {
            LISTENERS.put(app, listener);
        }
    }

    @Override
    public void removeServiceInstancesChangedListener(ServiceInstancesChangedListener listener) {
        for (String app : listener.getServiceNames()) {
            LISTENERS.remove(app, listener);
        }
    }

    @Override
    public MetadataInfo getRemoteMetadata(String revision, List<ServiceInstance> instances) {
        MetadataInfo m = METADATA.get(revision);
        return m == null ? MetadataInfo.EMPTY : m;
    }

    @Override
    public MetadataInfo getRemoteMetadata(String revision) {
        return METADATA.get(revision);
    }

    @Override
    public Set<String> getServices() {
        return Collections.unmodifiableSet(LISTENERS.keySet());
    }

    @Override
    public List<ServiceInstance> getInstances(String serviceName) {
        return Collections.emptyList();
    }

    @Override
    protected void doRegister(ServiceInstance serviceInstance) {}

    @Override
    protected void doUnregister(ServiceInstance serviceInstance) {}

    @Override
    protected void doDestroy() {
        LISTENERS.clear();
    }

    /** Dubbo's listener, plus access to the directories it notifies (to count their invokers). */
    static final class Recording extends ServiceInstancesChangedListener {
        Recording(Set<String> serviceNames, AbstractServiceDiscovery discovery) {
            super(serviceNames, discovery);
        }

        synchronized List<NotifyListener> directories() {
            List<NotifyListener> result = new ArrayList<>();
            for (Set<NotifyListenerWithKey> set : listeners.values()) {
                for (NotifyListenerWithKey l : set) {
                    result.add(l.getNotifyListener());
                }
            }
            return result;
        }
    }
}
