package io.httpjson.protocol.internal.server;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.CONFIG_PARAMETER_FORMAT_ERROR;

/**
 * The settings of a port, which its server is made with from the first service exported on it, held against each
 * service exported on it later (docs/configuration.md, "Several services, one port"). A service's own are its
 * serialization, token, executor and {@code httpjson.get}. A service that sets who may call or what becomes an
 * attachment otherwise is refused: it would be served by the other one's; another setting of the port set
 * otherwise is said (once per key), as the port's serves it. Dubbo's own services (the MetadataService) are
 * served as the port is and set nothing: the first application service on a port one of them started sets what
 * later ones are held to. Called under the protocol's lock on its servers.
 */
public final class PortSettings {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(PortSettings.class);

    private static final List<String> KEYS = List.of(
            HttpJsonConfig.THREADS,
            HttpJsonConfig.BACKLOG,
            HttpJsonConfig.ACCEPTS,
            HttpJsonConfig.IO_THREADS,
            HttpJsonConfig.DISPATCH,
            HttpJsonConfig.DISPATCHER,
            HttpJsonConfig.PAYLOAD,
            HttpJsonConfig.SERVER_IDLE_TIMEOUT,
            HttpJsonConfig.GZIP_THRESHOLD,
            HttpJsonConfig.MAX_ATTACHMENT_BYTES,
            HttpJsonConfig.MAX_HEADER_BYTES,
            HttpJsonConfig.CORS_ALLOWED_ORIGINS,
            HttpJsonConfig.ALLOWED_HOSTS,
            HttpJsonConfig.HEADER_TIMEOUT,
            HttpJsonConfig.MIN_BODY_RATE,
            HttpJsonConfig.DECODE_BUDGET,
            HttpJsonConfig.HELP_BASE_URL,
            HttpFeatures.HEADER_ATTACHMENTS,
            HttpFeatures.HEALTH_PATH,
            HttpFeatures.CACHE_CONTROL,
            HttpFeatures.OPENAPI);

    /** Who may call, and which headers become attachments: a service is refused rather than served by others'. */
    private static final Set<String> GUARDS =
            Set.of(HttpFeatures.HEADER_ATTACHMENTS, HttpJsonConfig.ALLOWED_HOSTS, HttpJsonConfig.CORS_ALLOWED_ORIGINS);

    private final URL made;
    /** What later services are held to: the first application service's URL (null until one came). */
    private URL held;

    private final Set<String> said = ConcurrentHashMap.newKeySet();

    PortSettings(URL made) {
        this.made = made;
        this.held = dubbos(made) ? null : made;
    }

    /** Dubbo's own services (the MetadataService). */
    public static boolean dubbos(URL url) {
        String service = url.getServiceInterface();
        return service != null && service.startsWith("org.apache.dubbo.");
    }

    /**
     * Null if {@code service} may be served on the port (said once per key when a setting differs); else why not,
     * as {@code name: value (expected: ...)}. {@code serving}: the port has services now (not draining).
     */
    String check(URL service, boolean serving, String address) {
        if (dubbos(service)) {
            return null;
        }
        if (!serving && held != null && !dubbos(made)) {
            // the port drains, made with the settings of services that left, and serves this one with them
            for (String key : GUARDS) {
                if (!Objects.equals(made.getParameter(key), service.getParameter(key))) {
                    return refusal(
                            key,
                            service.getParameter(key),
                            made.getParameter(key),
                            "as the port was made with: its services left, and it closes once their calls in flight"
                                    + " have ended; export once it has closed, or on another port");
                }
            }
        }
        if (held == null || !serving) {
            // the first application service where Dubbo's own started the port, or one exported while the port
            // drains: the server keeps what it was made with, and later services are held to this one's
            for (String key : KEYS) {
                say(service, key, made.getParameter(key), address);
            }
            held = service;
            return null;
        }
        for (String key : KEYS) {
            String ports = held.getParameter(key);
            String theirs = service.getParameter(key);
            if (Objects.equals(ports, theirs)) {
                continue;
            }
            if (GUARDS.contains(key)) {
                return refusal(
                        key,
                        theirs,
                        ports,
                        "as on the services already exported on this port; set the port's settings on the protocol,"
                                + " or alike on every service exported on it");
            }
            say(service, key, made.getParameter(key), address);
        }
        return null;
    }

    private static String refusal(String key, String theirs, String ports, String why) {
        return key + ": " + (theirs == null ? "(not set)" : theirs) + " (expected: "
                + (ports == null ? "not set" : ports) + ", " + why + ")";
    }

    private void say(URL service, String key, String ports, String address) {
        String theirs = service.getParameter(key);
        if (Objects.equals(ports, theirs) || !said.add(key)) {
            return;
        }
        LOG.warn(
                CONFIG_PARAMETER_FORMAT_ERROR,
                "",
                "",
                "httpjson: " + service.getServiceKey() + " sets " + key + "=" + (theirs == null ? "(not set)" : theirs)
                        + ", but the server of " + address + " was made with " + key + "="
                        + (ports == null ? "(not set)" : ports) + " by the first service exported on the port, and"
                        + " serves every service with it; set a port's settings on the protocol, or alike on every"
                        + " service exported on it (docs/configuration.md, \"Several services, one port\")");
    }
}
