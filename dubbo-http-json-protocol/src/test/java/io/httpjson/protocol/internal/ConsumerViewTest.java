package io.httpjson.protocol.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.apache.dubbo.metadata.MetadataInfo;
import org.apache.dubbo.registry.client.DefaultServiceInstance;
import org.apache.dubbo.registry.client.InstanceAddressURL;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A consumer's settings for a provider found through a registry: its own fail fast, the provider's are defaults that
 * are left out (and reported) when the consumer cannot use them, alone or beside its own.
 */
class ConsumerViewTest {

    private static final String SERVICE = "x.Y";

    @AfterEach
    void clearContext() {
        RpcContext.getServiceContext().setConsumerUrl(null);
    }

    /** The provider URL a registry hands over, with the consumer's URL beside it (as ZooKeeper's and Nacos's do). */
    private static URL registered(String providerQuery, String consumerQuery) {
        URL consumer = URL.valueOf("consumer://127.0.0.1/" + SERVICE + "?interface=" + SERVICE + consumerQuery);
        return DubboServiceAddressURL.valueOf(
                URL.encode("httpjson://127.0.0.1:8090/" + SERVICE + "?interface=" + SERVICE + providerQuery), consumer);
    }

    @Test
    void theProvidersValuesAreTheConsumersDefaults() {
        ConsumerView view = ConsumerView.of(
                registered("&httpjson.max-connections=7&httpjson.pipelining=4", "&httpjson.pipelining=8"));
        assertThat(view.config().maxConnections()).isEqualTo(7);
        assertThat(view.config().pipelining()).as("the consumer's own first").isEqualTo(8);
        assertThat(view.ignored()).isEmpty();
    }

    @Test
    void aProvidersValueInvalidBesideTheConsumersOwnIsLeftOutNotTheProvider() {
        ConsumerView view = ConsumerView.of(registered(
                "&httpjson.max-attachment-bytes=20000&httpjson.max-header-bytes=32768",
                "&httpjson.max-header-bytes=16384"));
        assertThat(view.config().maxHeaderBytes()).isEqualTo(16384);
        assertThat(view.config().maxAttachmentBytes()).as("the default").isEqualTo(8192);
        assertThat(view.ignored())
                .containsExactly("httpjson.max-attachment-bytes=20000: httpjson.max-attachment-bytes: 20000"
                        + " (expected: at most httpjson.max-header-bytes = 16384). Fix the URL parameter or the"
                        + " matching <dubbo:protocol>/<dubbo:reference> attribute; see " + Wire.DOCS_URL
                        + "configuration.md");
    }

    @Test
    void aProvidersValueInvalidAloneIsLeftOutAndTheOthersKept() {
        // a newer provider's range, or a registry entry someone edited; the two header keys are valid only together
        ConsumerView view = ConsumerView.of(registered(
                "&httpjson.pipelining=0&payload=-1&httpjson.max-connections=7"
                        + "&httpjson.max-attachment-bytes=20000&httpjson.max-header-bytes=32768",
                ""));
        assertThat(view.config().maxConnections()).isEqualTo(7);
        assertThat(view.config().maxAttachmentBytes()).isEqualTo(20000);
        assertThat(view.config().maxHeaderBytes()).isEqualTo(32768);
        assertThat(view.config().pipelining()).isEqualTo(32);
        assertThat(view.config().payload()).isEqualTo(HttpJsonConfig.DEFAULT_PAYLOAD);
        assertThat(view.ignored()).hasSize(2);
        assertThat(view.ignored().get(0)).startsWith("httpjson.pipelining=0: httpjson.pipelining: 0 (expected: ");
        assertThat(view.ignored().get(1)).startsWith("payload=-1: payload: -1 (expected: ");
    }

    @Test
    void theConsumersOwnValuesStillFailFast() {
        assertThatThrownBy(() -> ConsumerView.of(registered("&httpjson.max-connections=7", "&httpjson.pipelining=0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("httpjson.pipelining: 0 (expected: an integer from 1 to 1024)");
        // invalid beside the provider's only because of the consumer's own value: its own value is named
        assertThatThrownBy(() -> ConsumerView.of(
                        registered("&httpjson.max-header-bytes=8192", "&httpjson.max-attachment-bytes=20000")))
                .hasMessageStartingWith("httpjson.max-attachment-bytes: 20000 (expected: at most");
        assertThatThrownBy(() -> ConsumerView.of(
                        URL.valueOf("httpjson://127.0.0.1:8090/x.Y?httpjson.max-attachment-bytes=20000")))
                .as("a direct URL is all the consumer's own")
                .hasMessageStartingWith("httpjson.max-attachment-bytes: 20000 (expected: at most");
    }

    @Test
    void theConsumersOwnValueMayNeedTheProvidersToBeValid() {
        ConsumerView view =
                ConsumerView.of(registered("&httpjson.max-header-bytes=32768", "&httpjson.max-attachment-bytes=20000"));
        assertThat(view.config().maxAttachmentBytes()).isEqualTo(20000);
        assertThat(view.ignored()).isEmpty();
    }

    @Test
    void applicationLevelDiscoveryToo() {
        MetadataInfo metadata = new MetadataInfo("provider-app");
        metadata.addService(URL.valueOf("httpjson://127.0.0.1:8090/" + SERVICE + "?interface=" + SERVICE
                + "&httpjson.max-attachment-bytes=20000&httpjson.max-connections=7&iothreads=9"));
        metadata.init(); // as on a consumer that read it from the provider
        DefaultServiceInstance instance =
                new DefaultServiceInstance("provider-app", "127.0.0.1", 8090, ApplicationModel.defaultModel());
        URL url = new InstanceAddressURL(instance, metadata, "httpjson");
        // Dubbo's directory refers each instance with the consumer's URL in the context
        RpcContext.getServiceContext()
                .setConsumerUrl(URL.valueOf("consumer://127.0.0.1/" + SERVICE + "?interface=" + SERVICE
                        + "&httpjson.max-header-bytes=16384&httpjson.pipelining=8"));
        ConsumerView view = ConsumerView.of(url);
        assertThat(view.config().maxConnections()).isEqualTo(7);
        assertThat(view.config().pipelining()).isEqualTo(8);
        assertThat(view.config().maxAttachmentBytes()).isEqualTo(8192);
        assertThat(view.config().ioThreads())
                .as("the provider's selectors are not the consumer's IO threads")
                .isLessThanOrEqualTo(4);
        assertThat(view.ignored()).singleElement().asString().startsWith("httpjson.max-attachment-bytes=20000: ");

        RpcContext.getServiceContext()
                .setConsumerUrl(URL.valueOf(
                        "consumer://127.0.0.1/" + SERVICE + "?interface=" + SERVICE + "&httpjson.pipelining=0"));
        assertThatThrownBy(() -> ConsumerView.of(url)).hasMessageStartingWith("httpjson.pipelining: 0 (expected: ");
    }

    /** {@code | `key` | side | ...}: every key of the table in docs/configuration.md, with its side. */
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z][a-z.-]+)` \\| ([^|]+) \\|");

    /** Read per call or per invoker, not by the client: references that differ in them share one. */
    private static final Set<String> NOT_THE_CLIENTS = Set.of("serialization", "timeout");

    @Test
    void referencesShareAClientUnlessTheyDifferInWhatTheClientReads() throws IOException {
        URL base = URL.valueOf("httpjson://127.0.0.1:8090/x.Y?timeout=5");
        Object key = ConsumerView.of(base).clientKey();
        assertThat(ConsumerView.of(base.addParameter("retries", "0")).clientKey())
                .isEqualTo(key);
        assertThat(ConsumerView.of(base.addParameter(HttpJsonConfig.MAX_CONNECTIONS, "200"))
                        .clientKey())
                .as("the same value as another key: a fixed limit, not one that grows")
                .isNotEqualTo(key);
        int consumerKeys = 0;
        for (String line : Files.readAllLines(Path.of("..", "docs", "configuration.md"))) {
            Matcher m = ROW.matcher(line);
            if (!m.find() || NOT_THE_CLIENTS.contains(m.group(1))) {
                continue;
            }
            String name = m.group(1);
            if (m.group(2).trim().startsWith("provider")) {
                for (String value : List.of("7", "true", "x")) {
                    assertThat(ConsumerView.of(base.addParameter(name, value)).clientKey())
                            .as("a provider's key never splits a consumer's pools: " + name)
                            .isEqualTo(key);
                }
            } else {
                consumerKeys++;
                assertThat(List.of("7", "65536", "false").stream().anyMatch(v -> differs(base, name, v, key)))
                        .as("a consumer's key is part of the client key (ConsumerView.ClientKey): " + name)
                        .isTrue();
            }
        }
        assertThat(consumerKeys).as("rows found").isGreaterThan(10);
    }

    private static boolean differs(URL base, String name, String value, Object key) {
        try {
            return !ConsumerView.of(base.addParameter(name, value)).clientKey().equals(key);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
