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
        Map<String, String> params = new LinkedHashMap<>();
        String value = System.getProperty(property);
        if (value != null && !value.isBlank()) {
            for (String kv : value.split(",")) {
                int eq = kv.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException(property + ": " + value + " (expected: key=value,key=value)");
                }
                params.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
            }
        }
        return params;
    }
}
