package io.httpjson.benchmark;

import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/** What the benchmark's provider, client and scenarios all do with their Dubbo applications. */
public final class DubboApps {

    private DubboApps() {}

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
        for (String kv : text.split(java.util.regex.Pattern.quote(separator))) {
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
