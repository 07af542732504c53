package io.httpjson.protocol.registry;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.Registry;
import org.apache.dubbo.registry.support.AbstractRegistryFactory;

/** Registry extension {@code memreg}: the in-JVM {@link MemoryRegistry}; the address only names it. */
public class MemoryRegistryFactory extends AbstractRegistryFactory {
    @Override
    protected Registry createRegistry(URL url) {
        return new MemoryRegistry(url);
    }
}
