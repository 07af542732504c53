package io.httpjson.protocol.registry;

import java.util.Map;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.metadata.MetadataInfo;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an httpjson provider publishes: the keys only it reads stay out of the registry and of the application-level
 * metadata (they would tell any reader its trusted headers and internal host names); the keys its consumers take as
 * defaults stay in.
 */
class RegisteredKeysTest {

    private static final Map<String, String> PROVIDER_ONLY = Map.of(
            HttpJsonConfig.ALLOWED_HOSTS, "127.0.0.1,gw.corp.example",
            HttpJsonConfig.CORS_ALLOWED_ORIGINS, "https://admin.corp.example",
            HttpFeatures.HEADER_ATTACHMENTS, "authorization:auth,x-tenant",
            HttpJsonConfig.HELP_BASE_URL, "https://wiki.corp.example/httpjson/",
            HttpJsonConfig.DISPATCH, "pool",
            HttpJsonConfig.DECODE_BUDGET, "2000000",
            HttpJsonConfig.ACCEPTS, "500");

    @AfterEach
    void forget() {
        MemoryRegistry.reset();
    }

    private static URL registered(Class<?> type) {
        String i = type.getName();
        return new MemoryRegistry(URL.valueOf("memreg://127.0.0.1:9"))
                .lookup(URL.valueOf("consumer://127.0.0.1/" + i + "?interface=" + i))
                .get(0);
    }

    @Test
    void providerOnlyKeysStayOutOfTheRegistry() {
        Map<String, String> params = new java.util.HashMap<>(PROVIDER_ONLY);
        params.put(HttpJsonConfig.MAX_CONNECTIONS, "7");
        try (RegistryPair pair =
                new RegistryPair(params, Map.of(HttpFeatures.GET, "true", "hello." + HttpFeatures.GET, "false"))) {
            URL url = registered(TestService.class);
            assertThat(url.getParameters())
                    .doesNotContainKeys(PROVIDER_ONLY.keySet().toArray(new String[0]))
                    .doesNotContainKeys(HttpFeatures.GET, "hello." + HttpFeatures.GET)
                    .containsEntry(HttpJsonConfig.MAX_CONNECTIONS, "7")
                    .containsKey("methods");

            // the provider itself still serves with them: its allowed host, and its limit reaches the consumer
            EchoService echo = pair.reference(EchoService.class, Map.of());
            assertThat(echo.echo("a")).isEqualTo("a");
            assertThat(pair.client(EchoService.class).connectionLimit()).isEqualTo(7);
        }
    }

    @Test
    void providerOnlyKeysStayOutOfTheApplicationMetadata() {
        StringBuilder query = new StringBuilder("?interface=x.Y&methods=hello&hello.httpjson.get=true");
        PROVIDER_ONLY.forEach((k, v) -> query.append('&').append(k).append('=').append(URL.encode(v)));
        query.append("&httpjson.max-connections=7");
        MetadataInfo metadata = new MetadataInfo("provider-app");
        metadata.addService(URL.valueOf("httpjson://127.0.0.1:8090/x.Y" + query));
        Map<String, String> params =
                metadata.getServices().values().iterator().next().getParams();
        assertThat(params)
                .doesNotContainKeys(
                        HttpJsonConfig.ALLOWED_HOSTS,
                        HttpJsonConfig.CORS_ALLOWED_ORIGINS,
                        HttpFeatures.HEADER_ATTACHMENTS,
                        HttpJsonConfig.HELP_BASE_URL,
                        HttpJsonConfig.DISPATCH,
                        HttpJsonConfig.DECODE_BUDGET,
                        "hello." + HttpFeatures.GET)
                .containsEntry(HttpJsonConfig.MAX_CONNECTIONS, "7")
                .as("Dubbo's own keys are the customizer's business, which knows the protocol")
                .containsKey(HttpJsonConfig.ACCEPTS);
    }
}
