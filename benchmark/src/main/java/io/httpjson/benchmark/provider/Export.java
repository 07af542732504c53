package io.httpjson.benchmark.provider;

import java.util.ArrayList;
import java.util.List;

/**
 * One exported service: protocol, serialization and server business time. Written {@code protocol:serialization:delayMs}.
 * Every export gets its own Dubbo group, so one provider JVM can serve a whole matrix on one port per protocol.
 */
public record Export(String protocol, String serialization, long delayMillis) {

    public Export {
        if (protocol == null
                || protocol.isBlank()
                || serialization == null
                || serialization.isBlank()
                || delayMillis < 0) {
            throw new IllegalArgumentException("bad export " + protocol + ":" + serialization + ":" + delayMillis);
        }
    }

    /**
     * The Dubbo group the client must ask for, e.g. {@code dubbo-hessian2-0ms} (Dubbo wants (group, interface,
     * version) unique per ServiceConfig, so the protocol is part of it).
     */
    public String group() {
        return protocol + "-" + serialization + "-" + delayMillis + "ms";
    }

    public String spec() {
        return protocol + ":" + serialization + ":" + delayMillis;
    }

    public static Export parse(String spec) {
        String[] p = spec.trim().split(":");
        if (p.length < 2 || p.length > 3) {
            throw new IllegalArgumentException("expected protocol:serialization[:delayMs], got '" + spec + "'");
        }
        long delay = p.length == 3 ? Long.parseLong(p[2].trim()) : 0L;
        return new Export(p[0].trim(), p[1].trim(), delay);
    }

    public static List<Export> parseList(List<String> specs) {
        List<Export> out = new ArrayList<>();
        for (String s : specs) {
            for (String one : s.split(",")) {
                if (!one.isBlank()) {
                    out.add(parse(one));
                }
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return spec();
    }
}
