package io.httpjson.benchmark.push;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.httpjson.benchmark.service.BenchmarkService;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.client.ServiceInstance;
import org.apache.dubbo.registry.client.event.ServiceInstancesChangedEvent;
import org.apache.dubbo.registry.client.event.listener.ServiceInstancesChangedListener;
import org.apache.dubbo.registry.integration.DynamicDirectory;
import org.apache.dubbo.registry.integration.RegistryDirectory;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.model.ApplicationModel;

/** What the scenario pushes to: the consumer's subscription, interface- or application-level. */
interface PushTarget {
    /** The push of the full state "addresses 0 .. count-1" (0: the empty push), built now, run when timed. */
    Runnable prepare(int count);

    /** Drops the scenario's own copy of what it pushed last (before a heap measurement). */
    void forget();

    /** Invokers in the consumer's directory. */
    int invokers();

    /** Interface level: provider URLs to the RegistryDirectory that subscribed to the push registry. */
    static PushTarget interfaceLevel(PushAddresses addresses) {
        NotifyListener listener = PushRegistry.listener(BenchmarkService.class.getName());
        if (!(listener instanceof RegistryDirectory<?> directory)) {
            throw new IllegalStateException("no interface-level subscription reached the push registry: " + listener);
        }
        return new PushTarget() {
            private List<URL> current = new ArrayList<>();

            @Override
            public Runnable prepare(int count) {
                List<URL> urls;
                if (count == 0) {
                    urls = List.of(URL.valueOf("empty://127.0.0.1/" + BenchmarkService.class.getName()
                            + "?category=providers&interface=" + BenchmarkService.class.getName()));
                } else if (current != null && count >= current.size()) {
                    for (int i = current.size(); i < count; i++) {
                        current.add(addresses.providerUrl(i));
                    }
                    urls = new ArrayList<>(current);
                } else {
                    urls = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        urls.add(addresses.providerUrl(i));
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
     * Application level: ServiceInstances of {@link PushScenario#PROVIDER_APP} to the
     * ServiceInstancesChangedListener the consumer registered with the push service discovery, which maps them
     * (through the metadata revision) to BenchmarkService addresses for the consumer's
     * ServiceDiscoveryRegistryDirectory.
     */
    static PushTarget applicationLevel(PushAddresses addresses, ApplicationModel model) {
        ServiceInstancesChangedListener listener = PushServiceDiscovery.listener(PushScenario.PROVIDER_APP);
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
        return new PushTarget() {
            private List<ServiceInstance> current = new ArrayList<>();

            @Override
            public Runnable prepare(int count) {
                List<ServiceInstance> instances;
                if (current != null && count >= current.size()) {
                    for (int i = current.size(); i < count; i++) {
                        current.add(addresses.providerInstance(i, model));
                    }
                    instances = new ArrayList<>(current);
                } else {
                    instances = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        instances.add(addresses.providerInstance(i, model));
                    }
                }
                return () -> listener.onEvent(new ServiceInstancesChangedEvent(PushScenario.PROVIDER_APP, instances));
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
}
