package io.httpjson.protocol.internal.registry;

import io.httpjson.protocol.internal.ProviderKeys;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.metadata.MetadataParamsFilter;

/**
 * Keeps httpjson's provider-only keys ({@code httpjson.allowed-hosts}, {@code httpjson.header-attachments}, ..., and
 * as a method's parameter, {@code sayHello.httpjson.get}) out of the service metadata of application-level discovery,
 * should a URL reach it without {@link ProviderKeysCustomizer}. Dubbo's filters apply to every protocol's URL, so this
 * one names only {@code httpjson.*} keys, which no other protocol reads; Dubbo's own provider keys ({@code threads},
 * {@code accepts}, ...) are left to the customizer, which sees the protocol. Turned off like any other filter, with
 * {@code params-filter=-httpjson}.
 */
@Activate
public class ProviderKeysMetadataFilter implements MetadataParamsFilter {

    private final String[] excluded = ProviderKeys.httpJsonKeys();

    @Override
    public String[] serviceParamsExcluded() {
        return excluded.clone();
    }
}
