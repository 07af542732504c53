package io.httpjson.protocol.internal;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.httpjson.protocol.HttpJsonProtocol;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.apache.dubbo.common.url.component.ServiceAddressURL;
import org.apache.dubbo.common.url.component.ServiceConfigURL;
import org.apache.dubbo.registry.client.InstanceAddressURL;
import org.apache.dubbo.rpc.RpcContext;

import static org.apache.dubbo.common.constants.CommonConstants.PROTOCOL_KEY;

/**
 * What a consumer's client reads of the provider URL it calls, parsed once. Through a registry that URL carries the
 * consumer's own parameters beside the provider's (Dubbo's {@code ServiceAddressURL}; for application-level
 * discovery an {@code InstanceAddressURL}, with the consumer's URL in Dubbo's RPC context while it is referred), and
 * the provider's values are the consumer's defaults. The consumer's own values fail fast, as on a direct URL. A
 * provider's value the consumer cannot use, alone or beside the consumer's own (a newer provider's range, a registry
 * entry someone edited), is left out and reported in {@link #ignored()}: it never costs the consumer the provider.
 * The provider's server keys ({@link ProviderKeys}) and its {@code iothreads} (its selectors) are never read.
 */
public final class ConsumerView {

    private final HttpJsonConfig config;
    /** The consumer's own parameters (all of them for a direct URL), provider-only keys left out. */
    private final Map<String, String> own;
    /** The provider's values left out, each as {@code key=value: why}. */
    private final List<String> ignored;

    private ConsumerView(HttpJsonConfig config, Map<String, String> own, List<String> ignored) {
        this.config = config;
        this.own = Map.copyOf(own);
        this.ignored = List.copyOf(ignored);
    }

    /** The consumer's view of {@code url}; an invalid value of the consumer's own fails with IllegalArgumentException. */
    public static ConsumerView of(URL url) {
        Set<String> ownKeys = ownKeys(url);
        Map<String, String> own = new TreeMap<>();
        Map<String, String> offered = new TreeMap<>();
        url.getAllParameters().forEach((k, v) -> {
            if (ProviderKeys.isProviderOnly(k)) {
                return;
            }
            if (ownKeys == null || ownKeys.contains(k)) {
                own.put(k, v);
            } else if (isClientSetting(k)) {
                offered.put(k, v);
            }
        });
        Map<String, String> all = new TreeMap<>(own);
        all.putAll(offered);
        try {
            return new ConsumerView(parse(url, all), own, List.of());
        } catch (IllegalArgumentException e) {
            if (offered.isEmpty()) {
                throw e;
            }
        }
        return withoutWhatFails(url, own, offered);
    }

    /**
     * Takes the provider's values one by one, each that is valid with the consumer's own and those taken so far, until
     * none more is (a later pass takes a value refused before it was valid: a larger max-attachment-bytes, once the
     * larger max-header-bytes after it in key order is taken). What is left is reported; if the consumer's own values
     * are still invalid, they fail, whatever the provider offered.
     */
    private static ConsumerView withoutWhatFails(URL url, Map<String, String> own, Map<String, String> offered) {
        Map<String, String> taken = new TreeMap<>(own);
        Map<String, String> left = new TreeMap<>(offered);
        boolean progress = true;
        while (progress) {
            progress = false;
            for (Iterator<Map.Entry<String, String>> it = left.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, String> e = it.next();
                taken.put(e.getKey(), e.getValue());
                if (problem(url, taken) == null) {
                    it.remove();
                    progress = true;
                } else {
                    taken.remove(e.getKey());
                }
            }
        }
        HttpJsonConfig config = parse(url, taken);
        List<String> ignored = new ArrayList<>();
        left.forEach((k, v) -> {
            taken.put(k, v);
            ignored.add(k + "=" + v + ": " + problem(url, taken));
            taken.remove(k);
        });
        return new ConsumerView(config, own, ignored);
    }

    /**
     * The keys that are the consumer's own: its URL's beside a registry's provider URL (and a configurator's
     * override, an operator's setting for this consumer); null if every parameter is (a direct URL).
     */
    private static Set<String> ownKeys(URL url) {
        if (url instanceof ServiceAddressURL) {
            Set<String> keys = new HashSet<>();
            URL consumer = ((ServiceAddressURL) url).getConsumerURL();
            if (consumer != null) {
                keys.addAll(consumer.getParameters().keySet());
            }
            if (url instanceof DubboServiceAddressURL) {
                URL override = ((DubboServiceAddressURL) url).getOverrideURL();
                if (override != null) {
                    keys.addAll(override.getParameters().keySet());
                }
            }
            return keys;
        }
        if (url instanceof InstanceAddressURL) {
            // Dubbo's directory refers each address with the consumer's URL in the context (its getParameters() merges
            // it)
            URL consumer = RpcContext.getServiceContext().getConsumerUrl();
            return consumer == null
                    ? Set.of()
                    : Set.copyOf(consumer.getParameters().keySet());
        }
        return null;
    }

    /**
     * Whether the reference behind {@code url} asked for httpjson: a direct URL, or {@code protocol=httpjson}. A
     * reference that sets no protocol (or several) takes whatever its registry offers, the dubbo protocol's providers
     * beside httpjson's, and its settings such as {@code serialization} may be meant for those.
     */
    public static boolean asksForHttpJson(URL url) {
        URL consumer;
        if (url instanceof ServiceAddressURL) {
            consumer = ((ServiceAddressURL) url).getConsumerURL();
        } else if (url instanceof InstanceAddressURL) {
            consumer = RpcContext.getServiceContext().getConsumerUrl();
        } else {
            return true;
        }
        return consumer == null || HttpJsonProtocol.NAME.equals(consumer.getParameter(PROTOCOL_KEY));
    }

    /** Keys a consumer's client may read; the provider's others are not its business ({@code iothreads}: selectors). */
    private static boolean isClientSetting(String key) {
        return key.startsWith("httpjson.")
                || key.equals(HttpJsonConfig.CONNECT_TIMEOUT)
                || key.equals(HttpJsonConfig.PAYLOAD);
    }

    private static HttpJsonConfig parse(URL url, Map<String, String> params) {
        return HttpJsonConfig.of(
                new ServiceConfigURL(url.getProtocol(), url.getHost(), url.getPort(), url.getPath(), params));
    }

    /** Why these parameters make no config, or null if they make one. */
    private static String problem(URL url, Map<String, String> params) {
        try {
            parse(url, params);
            return null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    public HttpJsonConfig config() {
        return config;
    }

    /** The provider's values the consumer left out, each as {@code key=value: why} (empty almost always). */
    public List<String> ignored() {
        return ignored;
    }

    /** The consumer's own value of {@code key}, null if it set none (the provider's does not count). */
    public String own(String key) {
        return own.get(key);
    }

    /**
     * What this consumer's client is made from, as parsed values: references whose keys are equal share one client
     * per address. Provider keys the consumer does not read cannot tell two references apart, whatever they are.
     */
    public Object clientKey() {
        HttpJsonConfig c = config;
        return new ClientKey(
                c.maxConnections(),
                c.connectionsCeiling(),
                c.maxIdle(),
                c.pipelining(),
                c.pipeliningBudgetNanos(),
                c.pipeliningAdaptive(),
                c.clientIdleTimeoutMillis(),
                c.connectTimeoutMillis(),
                c.gzipThreshold(),
                c.maxAttachmentBytes(),
                c.maxHeaderBytes(),
                c.payload(),
                c.ioThreads(),
                c.tlsVerifyHostname());
    }

    /** Every {@link HttpJsonConfig} value the client package reads. */
    private record ClientKey(
            int maxConnections,
            int connectionsCeiling,
            int maxIdle,
            int pipelining,
            long pipeliningBudgetNanos,
            boolean pipeliningAdaptive,
            long clientIdleTimeoutMillis,
            int connectTimeoutMillis,
            int gzipThreshold,
            int maxAttachmentBytes,
            int maxHeaderBytes,
            int payload,
            int ioThreads,
            boolean tlsVerifyHostname) {}
}
