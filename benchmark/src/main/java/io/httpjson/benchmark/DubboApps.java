package io.httpjson.benchmark;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.apache.dubbo.config.SslConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/** What the benchmark's provider, client and scenarios all do with their Dubbo applications. */
public final class DubboApps {

    private DubboApps() {}

    /** {@code -Dbenchmark.tls=true}: the provider and the client talk TLS (both protocols, same certificates). */
    public static final String TLS_PROPERTY = "benchmark.tls";

    public static boolean tls() {
        return Boolean.getBoolean(TLS_PROPERTY);
    }

    /**
     * With {@link #tls()}, the {@code dubbo.ssl} settings both the provider and the client apply: mutual TLS with
     * the bundled test-only certificates (resources benchmark-tls/), as Dubbo applications configure it for any
     * protocol; otherwise null.
     */
    public static SslConfig sslOrNull() {
        if (!tls()) {
            return null;
        }
        // Dubbo 3.3.6's TLS client makes its engine without the peer's address, which the Netty 4.2 it ships
        // refuses ("Hostname or IP address is undefined") unless Netty's default hostname check is off. The
        // httpjson client sets its own check on every connection, so this changes nothing for it.
        System.setProperty("io.netty.handler.ssl.defaultEndpointVerificationAlgorithm", "NONE");
        SslConfig ssl = new SslConfig();
        ssl.setServerKeyCertChainPath("classpath:benchmark-tls/server.pem");
        ssl.setServerPrivateKeyPath("classpath:benchmark-tls/server.key");
        ssl.setServerTrustCertCollectionPath("classpath:benchmark-tls/ca.pem");
        ssl.setClientKeyCertChainPath("classpath:benchmark-tls/client.pem");
        ssl.setClientPrivateKeyPath("classpath:benchmark-tls/client.key");
        ssl.setClientTrustCertCollectionPath("classpath:benchmark-tls/ca.pem");
        return ssl;
    }

    /** Stops the application and its framework model; failures while stopping are not interesting here. */
    public static void stopQuietly(DubboBootstrap bootstrap, FrameworkModel frameworkModel) {
        try {
            bootstrap.stop();
        } catch (RuntimeException ignored) {
            // best effort
        }
        try {
            frameworkModel.destroy();
        } catch (RuntimeException ignored) {
            // best effort
        }
    }

    /**
     * Extra URL parameters for experiments, from a system property of the form {@code k=v,k=v} (for example
     * {@code -Dbenchmark.httpjson.params=httpjson.dispatch=pool}); empty when the property is not set.
     */
    public static Map<String, String> paramsFromSystemProperty(String property) {
        return parseParams(System.getProperty(property), ",", property);
    }

    /**
     * {@code key=value} pairs joined by {@code separator}, in order; empty for null or blank text. A pair without a
     * key fails with {@code what: 'pair' in text (expected: ...)}.
     */
    public static Map<String, String> parseParams(String text, String separator, String what) {
        Map<String, String> params = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return params;
        }
        for (String kv : text.split(Pattern.quote(separator))) {
            int eq = kv.indexOf('=');
            if (eq <= 0 || kv.substring(0, eq).isBlank()) {
                throw new IllegalArgumentException(what + ": '" + kv + "' in " + text + " (expected: key=value pairs"
                        + " joined by '" + separator + "', e.g. httpjson.pipelining=16" + separator
                        + "httpjson.max-connections=8)");
            }
            params.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
        }
        return params;
    }
}
