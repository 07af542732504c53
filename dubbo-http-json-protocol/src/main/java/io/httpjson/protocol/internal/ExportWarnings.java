package io.httpjson.protocol.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;

import static org.apache.dubbo.common.constants.CommonConstants.SERVICE_EXECUTOR;
import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_INCORRECT_PARAMETER_VALUES;

/**
 * The warning of an export whose Dubbo thread-pool settings the dispatch does not use, said once per service: under
 * the default {@code httpjson.dispatch=jetty} calls run on Jetty's pool of {@code threads}, so {@code threadpool},
 * {@code queues}, {@code corethreads}, {@code alive} and a service's own {@code executor} change nothing.
 */
public final class ExportWarnings {

    private static final List<String> POOL_KEYS = List.of("threadpool", "queues", "corethreads", "alive");

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(ExportWarnings.class);

    private final Set<String> said = ConcurrentHashMap.newKeySet();

    /** Logs the warning about this export, unless said before for its service; returns what it logged, or null. */
    public String warn(URL url, Dispatch dispatch) {
        if (dispatch == Dispatch.POOL) {
            return null;
        }
        List<String> unused = new ArrayList<>();
        for (String key : POOL_KEYS) {
            String value = url.getParameter(key);
            if (value != null) {
                unused.add(key + "=" + value);
            }
        }
        if (url.getAttribute(SERVICE_EXECUTOR) != null) {
            unused.add("executor (the service's own)");
        }
        if (unused.isEmpty() || !said.add(url.getServiceKey() + " " + unused)) {
            return null;
        }
        String message = "httpjson: " + url.getServiceKey() + " sets " + String.join(", ", unused)
                + ", which httpjson." + "dispatch=" + dispatch.name().toLowerCase(java.util.Locale.ROOT)
                + " does not use: its calls run on Jetty's threads (with the default dispatch a pool of 'threads'"
                + " threads, beyond which they wait in Jetty's queue). To run them on Dubbo's executor, as over the dubbo protocol (calls beyond"
                + " its threads and queue answered 503), set httpjson.dispatch=pool; see " + Wire.DOCS_URL
                + "configuration.md";
        LOG.warn(PROTOCOL_INCORRECT_PARAMETER_VALUES, "", "", message);
        return message;
    }
}
