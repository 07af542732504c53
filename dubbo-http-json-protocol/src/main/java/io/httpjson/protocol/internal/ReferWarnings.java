package io.httpjson.protocol.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_INCORRECT_PARAMETER_VALUES;

/**
 * The warnings of a protocol's refers, each said once: a registry pushes the same provider URL to every service of
 * the address and again with every change, and one line per push would drown the log.
 */
public final class ReferWarnings {

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
        for (String message : out) {
            LOG.warn(PROTOCOL_INCORRECT_PARAMETER_VALUES, "", "", message);
        }
        return out;
    }
}
