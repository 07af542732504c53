package io.httpjson.protocol.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which warnings were said: a line that callers (or an application's own keys) can make happen again and again is
 * said once per kind (a service's method and the kind of failure, an attachment key), then not at WARN, so that
 * repeating it cannot fill the log. The kinds said are remembered up to a bound; past it nothing more is said. Not
 * API.
 */
public final class OncePerKind {

    private final Set<String> said = ConcurrentHashMap.newKeySet();
    private final int maxKinds;

    public OncePerKind(int maxKinds) {
        this.maxKinds = maxKinds;
    }

    /** Whether this is the first time {@code kind} is said (and the bound is not reached). */
    public boolean first(String kind) {
        return said.size() < maxKinds && said.add(kind);
    }

    /** Whether {@code kind} was said (for tests). */
    public boolean said(String kind) {
        return said.contains(kind);
    }
}
