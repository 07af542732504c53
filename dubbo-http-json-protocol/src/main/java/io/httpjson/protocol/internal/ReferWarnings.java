package io.httpjson.protocol.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.httpjson.protocol.internal.codec.Codecs;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.rpc.model.FrameworkModel;

import static org.apache.dubbo.common.constants.CommonConstants.GROUP_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.VERSION_KEY;
import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_INCORRECT_PARAMETER_VALUES;

/**
 * The warnings of a protocol's refers, each said once: a registry pushes the same provider URL to every service of
 * the address and again with every change, and one line per push would drown the log. They are about the provider's
 * values the consumer left out ({@link ConsumerView#ignored()}) and Dubbo's {@code connections}, which httpjson does
 * not use.
 */
public final class ReferWarnings {

    /** Dubbo's connections per provider for the dubbo protocol; httpjson's pool sizes itself. */
    private static final String CONNECTIONS = "connections";

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(ReferWarnings.class);

    /** Past this many, forget what was said (addresses come and go): a warning may then be said again. */
    private static final int REMEMBERED = 10_000;

    private final Set<String> said = ConcurrentHashMap.newKeySet();

    /** Logs what is worth a warning about this refer, unless it was said before; returns what it logged. */
    public List<String> warn(URL url, ConsumerView view) {
        List<String> out = new ArrayList<>();
        if (said.size() > REMEMBERED) {
            said.clear();
        }
        for (String ignored : view.ignored()) {
            if (said.add(url.getAddress() + " " + ignored)) {
                out.add("httpjson: the provider at " + url.getAddress() + " registered " + ignored
                        + ". This consumer calls it without that value, with its own setting of the key or the default;"
                        + " to choose the value, set the key on the reference or fix the provider's");
            }
        }
        String connections = view.own(CONNECTIONS);
        if (connections != null
                && said.add(CONNECTIONS + " " + url.getServiceInterface() + " " + view.own(GROUP_KEY) + " "
                        + view.own(VERSION_KEY) + " " + connections)) {
            out.add("httpjson: the reference to " + url.getServiceInterface() + " sets connections=" + connections
                    + ", which httpjson does not use (it is the dubbo protocol's number of shared long-lived"
                    + " connections). httpjson opens connections as calls need them, up to "
                    + HttpJsonConfig.MAX_CONNECTIONS + " per provider address (found by trying, 200 to 2,000, if not"
                    + " set), and an HTTP/1.1 connection carries one slow call at a time. To bound them, set "
                    + HttpJsonConfig.MAX_CONNECTIONS + " on the reference instead; see " + Wire.DOCS_URL
                    + "configuration.md");
        }
        for (String message : out) {
            LOG.warn(PROTOCOL_INCORRECT_PARAMETER_VALUES, "", "", message);
        }
        return out;
    }

    /**
     * Says, once per service and value, that a reference without {@code protocol=httpjson} calls its httpjson
     * providers with the default engine in place of its {@code serialization}, which httpjson does not speak.
     */
    public void warnForeignSerialization(URL url, FrameworkModel model) {
        String serialization = url.getParameter("serialization");
        if (Codecs.isJson(serialization, model)
                || !said.add("serialization " + url.getServiceKey() + " " + serialization)) {
            return;
        }
        LOG.warn(
                PROTOCOL_INCORRECT_PARAMETER_VALUES,
                "",
                "",
                "httpjson: the reference to " + url.getServiceKey() + " sets serialization=" + serialization
                        + " without protocol=\"httpjson\", so it takes other protocols' providers too; its httpjson"
                        + " providers are called with " + Codecs.fallback(model)
                        + " (httpjson speaks JSON only) and its others with "
                        + serialization + ". Set protocol=\"httpjson\" or protocol=\"dubbo\" on the reference to"
                        + " choose; see " + Wire.DOCS_URL + "configuration.md");
    }
}
