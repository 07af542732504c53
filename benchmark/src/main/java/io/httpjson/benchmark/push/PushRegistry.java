package io.httpjson.benchmark.push;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.Registry;

/**
 * Interface-level registry that only remembers who subscribed: {@link #subscribe} records the consumer's
 * {@link NotifyListener} (Dubbo's RegistryDirectory) by service interface, and the scenario pushes address lists
 * to it with {@link NotifyListener#notify}, full state per push as ZooKeeper or Nacos registries do. Registrations
 * are accepted and forgotten.
 */
final class PushRegistry implements Registry {
    /** Subscribers by service interface, JVM-wide: the scenario runs one consumer per JVM. */
    private static final Map<String, NotifyListener> LISTENERS = new ConcurrentHashMap<>();

    private final URL url;
    private volatile boolean destroyed;

    PushRegistry(URL url) {
        this.url = url;
    }

    /** The listener subscribed for this interface, or null. */
    static NotifyListener listener(String serviceInterface) {
        return LISTENERS.get(serviceInterface);
    }

    @Override
    public URL getUrl() {
        return url;
    }

    @Override
    public boolean isAvailable() {
        return !destroyed;
    }

    @Override
    public void destroy() {
        destroyed = true;
        LISTENERS.clear();
    }

    @Override
    public void register(URL url) {}

    @Override
    public void unregister(URL url) {}

    @Override
    public void subscribe(URL url, NotifyListener listener) {
        LISTENERS.put(url.getServiceInterface(), listener);
    }

    @Override
    public void unsubscribe(URL url, NotifyListener listener) {
        LISTENERS.remove(url.getServiceInterface(), listener);
    }

    @Override
    public List<URL> lookup(URL url) {
        return Collections.emptyList();
    }
}
