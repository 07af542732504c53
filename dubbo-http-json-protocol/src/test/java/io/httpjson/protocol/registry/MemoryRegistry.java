package io.httpjson.protocol.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.apache.dubbo.common.utils.UrlUtils;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.Registry;

/**
 * An interface-level registry in the JVM, as ZooKeeper or Nacos are for Dubbo: providers register their URLs,
 * consumers subscribing to the interface are told every URL of their group and version, and consumers merge the provider's parameters
 * into their own (Dubbo's RegistryDirectory). {@link #tamper} rewrites what consumers are told, as a hostile
 * or broken registry entry would.
 */
final class MemoryRegistry implements Registry {

    private static final Map<String, URL> PROVIDERS = new ConcurrentHashMap<>();
    private static volatile UnaryOperator<URL> tamper = UnaryOperator.identity();

    /** Told of each URL unregistered, before it is removed (what a provider looks like at that moment). */
    static volatile Consumer<URL> onUnregister;

    private final URL url;
    private volatile boolean destroyed;

    MemoryRegistry(URL url) {
        this.url = url;
    }

    /** Forgets every provider and stops tampering. */
    static void reset() {
        PROVIDERS.clear();
        tamper = UnaryOperator.identity();
        onUnregister = null;
    }

    /** What consumers are told instead of each registered provider URL. */
    static void tamper(UnaryOperator<URL> change) {
        tamper = change;
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
    }

    @Override
    public void register(URL url) {
        if ("provider".equals(url.getSide())) {
            PROVIDERS.put(url.toFullString(), url);
        }
    }

    @Override
    public void unregister(URL url) {
        Consumer<URL> told = onUnregister;
        if (told != null) {
            told.accept(url);
        }
        PROVIDERS.remove(url.toFullString());
    }

    @Override
    public void subscribe(URL url, NotifyListener listener) {
        listener.notify(lookup(url));
    }

    @Override
    public void unsubscribe(URL url, NotifyListener listener) {}

    @Override
    public List<URL> lookup(URL consumer) {
        List<URL> urls = new ArrayList<>();
        for (URL p : PROVIDERS.values()) {
            // as ZooKeeper's and Nacos's registries filter what they notify (AbstractRegistry.notify):
            // the interface, and the consumer's group and version (* for any, a comma list of groups)
            if (UrlUtils.isMatch(consumer, p)) {
                // as ZooKeeper's and Nacos's registries hand it over: read from text, with the consumer's URL
                urls.add(DubboServiceAddressURL.valueOf(
                        URL.encode(tamper.apply(p).toFullString()), consumer));
            }
        }
        if (urls.isEmpty()) {
            urls.add(URL.valueOf("empty://" + consumer.getAddress() + "/" + consumer.getServiceInterface()
                    + "?category=providers&interface=" + consumer.getServiceInterface()));
        }
        return urls;
    }
}
