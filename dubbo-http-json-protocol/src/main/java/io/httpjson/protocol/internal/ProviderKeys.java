package io.httpjson.protocol.internal;

import java.util.Set;
import java.util.stream.Stream;

/**
 * The URL parameters only an httpjson provider reads: its server's settings and what it does for the HTTP world
 * around it. A consumer never uses them (it leaves them out of its view of a provider URL), and a provider keeps them
 * out of what it registers and publishes as metadata: they would tell anyone who reads the registry its trusted
 * headers and internal host names.
 */
public final class ProviderKeys {

    /** The provider's server: threads, accept queue, dispatch, admission, limits, error links. */
    private static final Set<String> SERVER = Set.of(
            HttpJsonConfig.THREADS,
            HttpJsonConfig.BACKLOG,
            HttpJsonConfig.DISPATCH,
            HttpJsonConfig.DISPATCHER,
            HttpJsonConfig.CORS_ALLOWED_ORIGINS,
            HttpJsonConfig.ALLOWED_HOSTS,
            HttpJsonConfig.HEADER_TIMEOUT,
            HttpJsonConfig.MIN_BODY_RATE,
            HttpJsonConfig.DECODE_BUDGET,
            HttpJsonConfig.ACCEPTS,
            HttpJsonConfig.HELP_BASE_URL,
            HttpJsonConfig.SERVER_IDLE_TIMEOUT);

    /** The provider's HTTP features ({@link HttpFeatures}); {@code httpjson.get} is also a method parameter. */
    private static final Set<String> FEATURES = Set.of(
            HttpFeatures.HEADER_ATTACHMENTS,
            HttpFeatures.HEALTH_PATH,
            HttpFeatures.CACHE_CONTROL,
            HttpFeatures.OPENAPI,
            HttpFeatures.GET);

    private static final String PREFIX = "httpjson.";

    private ProviderKeys() {}

    /**
     * Whether only a provider reads {@code key}: one of the keys above, or an {@code httpjson.*} one of them as a
     * method's parameter ({@code sayHello.httpjson.get}).
     */
    public static boolean isProviderOnly(String key) {
        if (SERVER.contains(key) || FEATURES.contains(key)) {
            return true;
        }
        int at = key.indexOf("." + PREFIX);
        return at > 0 && isHttpJsonKey(key.substring(at + 1));
    }

    /** The provider-only keys that are httpjson's own ({@code httpjson.*}), not Dubbo's ({@code threads}, ...). */
    public static String[] httpJsonKeys() {
        return Stream.concat(SERVER.stream(), FEATURES.stream())
                .filter(k -> k.startsWith(PREFIX))
                .sorted()
                .toArray(String[]::new);
    }

    private static boolean isHttpJsonKey(String key) {
        return key.startsWith(PREFIX) && (SERVER.contains(key) || FEATURES.contains(key));
    }
}
