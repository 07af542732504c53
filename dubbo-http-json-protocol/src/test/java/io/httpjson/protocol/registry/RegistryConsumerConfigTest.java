package io.httpjson.protocol.registry;

import java.lang.reflect.Field;
import java.util.Map;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.client.HttpJsonClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A consumer that finds its providers through a registry gets each provider's URL with the consumer's own URL
 * beside it (Dubbo's {@code ServiceAddressURL}, as the ZooKeeper and Nacos registries hand them over), not one
 * merged URL as with {@code url="httpjson://..."}. Its settings must still be its own: the consumer keys it set,
 * and not the provider's server settings.
 */
class RegistryConsumerConfigTest {

    @AfterEach
    void forget() {
        MemoryRegistry.reset();
    }

    /** The config a consumer's pooled client was made with. */
    private static HttpJsonConfig config(HttpJsonClient client) throws ReflectiveOperationException {
        Field f = HttpJsonClient.class.getDeclaredField("config");
        f.setAccessible(true);
        return (HttpJsonConfig) f.get(client);
    }

    /**
     * Through a registry, a reference's own bad setting fails the reference, naming it, as a direct URL's does: it
     * was read only per provider address, where it left each address out ("No provider available" on every call).
     */
    @Test
    void aReferencesOwnBadSettingFailsTheReference() {
        try (RegistryPair pair = new RegistryPair(Map.of())) {
            assertThatThrownBy(() -> pair.reference(TestService.class, Map.of(HttpJsonConfig.PIPELINING, "0")))
                    .hasStackTraceContaining("httpjson: cannot refer")
                    .hasStackTraceContaining("httpjson.pipelining: 0 (expected");
            assertThat(pair.reference(TestService.class, Map.of(HttpJsonConfig.PIPELINING, "4"))
                            .hello("a"))
                    .isEqualTo("Hello, a");
        }
    }

    @Test
    void referencesThatDifferInASettingDoNotShareAClient() {
        try (RegistryPair pair = new RegistryPair(Map.of())) {
            TestService few = pair.reference(TestService.class, Map.of(HttpJsonConfig.MAX_CONNECTIONS, "3"));
            EchoService plain = pair.reference(EchoService.class, Map.of());
            assertThat(few.hello("a")).isEqualTo("Hello, a");
            assertThat(plain.echo("b")).isEqualTo("b");

            assertThat(pair.client(TestService.class).connectionLimit()).isEqualTo(3);
            assertThat(pair.client(EchoService.class))
                    .as("a reference without httpjson.max-connections=3 has a client of its own")
                    .isNotSameAs(pair.client(TestService.class));
            assertThat(pair.client(EchoService.class).connectionLimit()).isEqualTo(200);
        }
    }

    @Test
    void aProvidersKeyOnOneServiceDoesNotSplitTheConsumersPool() {
        // httpjson.get is read by the provider alone: the two services' URLs differ, the consumer's settings do not
        try (RegistryPair pair =
                new RegistryPair(Map.of(), Map.of(HttpFeatures.GET, "true", "hello." + HttpFeatures.GET, "false"))) {
            TestService test = pair.reference(TestService.class, Map.of());
            EchoService echo = pair.reference(EchoService.class, Map.of());
            assertThat(test.hello("a")).isEqualTo("Hello, a");
            assertThat(echo.echo("b")).isEqualTo("b");
            assertThat(pair.client(TestService.class))
                    .as("one pool per provider address for references with the same settings")
                    .isSameAs(pair.client(EchoService.class));
        }
    }

    @Test
    void providerSettingsTheConsumerCannotReadDoNotCostItTheProvider() {
        // what an older consumer sees of a newer provider, or a registry entry someone edited: the consumer
        // never uses these, so they must not make it drop the address ("No provider available")
        MemoryRegistry.tamper(u -> u.addParameter(HttpJsonConfig.DISPATCH, "virtual")
                .addParameter(HttpJsonConfig.ALLOWED_HOSTS, "not a host")
                .addParameter(HttpJsonConfig.ACCEPTS, "-1")
                .addParameter(HttpJsonConfig.BACKLOG, "1000000")
                .addParameter(HttpJsonConfig.DECODE_BUDGET, "1")
                .addParameter(HttpJsonConfig.HELP_BASE_URL, "docs/"));
        try (RegistryPair pair = new RegistryPair(Map.of())) {
            TestService service = pair.reference(TestService.class, Map.of());
            assertThat(service.hello("a")).isEqualTo("Hello, a");
        }
    }

    @Test
    void aProviderValueTheConsumerCannotUseBesideItsOwnDoesNotCostItTheProvider() throws Exception {
        // both valid where they were set; mixed, the provider's max-attachment-bytes is above the consumer's
        // max-header-bytes: the consumer calls the provider without it (and says so), it does not drop the provider
        try (RegistryPair pair = new RegistryPair(
                Map.of(HttpJsonConfig.MAX_ATTACHMENT_BYTES, "20000", HttpJsonConfig.MAX_HEADER_BYTES, "32768"))) {
            EchoService echo = pair.reference(EchoService.class, Map.of(HttpJsonConfig.MAX_HEADER_BYTES, "16384"));
            assertThat(echo.echo("m")).isEqualTo("m");
            HttpJsonConfig config = config(pair.client(EchoService.class));
            assertThat(config.maxHeaderBytes()).isEqualTo(16384);
            assertThat(config.maxAttachmentBytes()).isEqualTo(8192);
        }
    }

    @Test
    void theProvidersIoThreadsSizeItsSelectorsNotTheConsumersIoThreads() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        int defaultIoThreads = Math.max(1, Math.min(4, cores / 2));
        int providers = defaultIoThreads + 2;
        try (RegistryPair pair = new RegistryPair(Map.of(HttpJsonConfig.IO_THREADS, String.valueOf(providers)))) {
            TestService service = pair.reference(TestService.class, Map.of());
            EchoService own = pair.reference(EchoService.class, Map.of(HttpJsonConfig.IO_THREADS, "1"));
            assertThat(service.hello("a")).isEqualTo("Hello, a");
            assertThat(own.echo("b")).isEqualTo("b");

            assertThat(config(pair.client(TestService.class)).ioThreads())
                    .as("the consumer's IO threads when it sets none, whatever the provider's iothreads")
                    .isEqualTo(defaultIoThreads);
            assertThat(config(pair.client(EchoService.class)).ioThreads())
                    .as("the consumer's own iothreads")
                    .isEqualTo(1);
        }
    }
}
