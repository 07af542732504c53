package io.httpjson.protocol.internal.registry;

import java.util.List;
import java.util.stream.Collectors;

import io.httpjson.protocol.HttpJsonProtocol;
import io.httpjson.protocol.internal.ProviderKeys;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.integration.ServiceURLCustomizer;
import org.apache.dubbo.rpc.model.ApplicationModel;

/**
 * Keeps the keys only an httpjson provider reads ({@link ProviderKeys}: its trusted headers, allowed hosts and
 * origins, server limits, ...) out of the URL it registers, as Dubbo's own customizer does for {@code threads} and
 * Triple's server keys: consumers never use them, and anyone who can read the registry would learn them. Dubbo
 * builds the application-level metadata (MetadataService, metadata report) from the same URL. The provider itself
 * serves with its full URL; only httpjson URLs are changed.
 */
public class ProviderKeysCustomizer implements ServiceURLCustomizer {

    @Override
    public URL customize(URL serviceURL, ApplicationModel applicationModel) {
        if (!HttpJsonProtocol.NAME.equals(serviceURL.getProtocol())) {
            return serviceURL;
        }
        List<String> keys = serviceURL.getParameters().keySet().stream()
                .filter(ProviderKeys::isProviderOnly)
                .collect(Collectors.toList());
        return keys.isEmpty() ? serviceURL : serviceURL.removeParameters(keys);
    }
}
