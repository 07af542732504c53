package io.httpjson.benchmark.push;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.client.AbstractServiceDiscoveryFactory;
import org.apache.dubbo.registry.client.ServiceDiscovery;

/**
 * Service-discovery extension {@code push} ({@code push://127.0.0.1:9?registry-type=service}): the in-memory
 * discovery whose instance pushes the address-push scenario makes itself ({@code --mode application}).
 */
public class PushServiceDiscoveryFactory extends AbstractServiceDiscoveryFactory {
    @Override
    protected ServiceDiscovery createDiscovery(URL registryURL) {
        return new PushServiceDiscovery(applicationModel, registryURL);
    }
}
