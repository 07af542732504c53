package io.httpjson.benchmark.push;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.Registry;
import org.apache.dubbo.registry.support.AbstractRegistryFactory;

/**
 * Registry extension {@code push} ({@code push://127.0.0.1:9}): an in-memory registry whose pushes the
 * address-push scenario makes itself. Nothing connects anywhere: the address only names it.
 */
public class PushRegistryFactory extends AbstractRegistryFactory {
    @Override
    protected Registry createRegistry(URL url) {
        return new PushRegistry(url);
    }
}
