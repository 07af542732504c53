package io.httpjson.protocol.internal.server;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which warnings were said: a line any caller of the port can make happen once per request is said once per kind
 * (a service's method and the kind of failure), then only at DEBUG, so that repeating the request cannot fill the
 * log. The kinds said are remembered up to a bound; past it nothing more is said at WARN.
 */
final class OncePerKind {

    private static final int MAX_KINDS = 1024;

    private final Set<String> said = ConcurrentHashMap.newKeySet();

    /** Whether this is the first time {@code kind} is said (and the bound is not reached). */
    boolean first(String kind) {
        return said.size() < MAX_KINDS && said.add(kind);
    }
}
