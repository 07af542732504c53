package io.httpjson.protocol.internal.server;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The services one server answers for, by path; each path may be exported in several versions and groups. A call
 * finds its service by hash, however many are exported: one interface may be exported in hundreds of groups.
 */
final class Routes {

    /** How many services a refusal's message lists, so that its size does not grow with the port's exports. */
    static final int LISTED = 32;

    /** A path's exports by version and group (null for none); changed only in {@code byPath}'s compute of the path. */
    private final Map<String, Map<Selector, ServiceRoute>> byPath = new ConcurrentHashMap<>();
    /** Counts the changes, so that what is made from the routes is made again only after one. */
    private final AtomicLong version = new AtomicLong();

    private volatile Listing listing;

    /** A version and group as calls name them ({@link ServiceRoute#versionKey}). */
    private record Selector(String version, String group) {
        static Selector of(String version, String group) {
            return new Selector(ServiceRoute.versionKey(version), group);
        }
    }

    private record Listing(long version, String text) {}

    /**
     * Adds the route, in place of one with the same path, version and group: Dubbo exports a service again when its
     * configuration changes (an override from a config center) and leaves the first export as it is.
     */
    void add(ServiceRoute route) {
        byPath.compute(route.path, (k, routes) -> {
            Map<Selector, ServiceRoute> m = routes != null ? routes : new ConcurrentHashMap<>();
            m.put(Selector.of(route.version, route.group), route);
            return m;
        });
        version.incrementAndGet();
    }

    void remove(ServiceRoute route) {
        byPath.computeIfPresent(route.path, (k, routes) -> {
            // not one exported again in its place
            routes.remove(Selector.of(route.version, route.group), route);
            return routes.isEmpty() ? null : routes;
        });
        version.incrementAndGet();
    }

    boolean isEmpty() {
        return byPath.isEmpty();
    }

    /** Changes so far: what is made from {@link #all()} stays right while this stays the same. */
    long version() {
        return version.get();
    }

    /** All versions and groups of the path, in no particular order, or {@code null}. */
    Collection<ServiceRoute> candidates(String path) {
        Map<Selector, ServiceRoute> routes = byPath.get(path);
        return routes == null ? null : routes.values();
    }

    /**
     * The route for path, version and group, or {@code null}. A caller that names neither version nor group gets
     * the only export of the path, if there is exactly one.
     */
    ServiceRoute select(String path, String version, String group) {
        Map<Selector, ServiceRoute> routes = byPath.get(path);
        if (routes == null) {
            return null;
        }
        if (version == null && group == null && routes.size() == 1) {
            for (ServiceRoute only : routes.values()) {
                return only;
            }
        }
        return routes.get(Selector.of(version, group));
    }

    /** Every route, in no particular order. */
    List<ServiceRoute> all() {
        return byPath.values().stream().flatMap(m -> m.values().stream()).collect(Collectors.toList());
    }

    /** The services exported here, sorted: the first {@link #LISTED}, then how many more (made once per change). */
    String describe() {
        Listing l = listing;
        long v = version.get();
        if (l == null || l.version != v) {
            List<ServiceRoute> all = all();
            l = new Listing(v, describe(all.stream().map(ServiceRoute::describe).sorted(), all.size()));
            listing = l;
        }
        return l.text;
    }

    /** The first {@link #LISTED} of {@code described}, then how many more of {@code count} there are. */
    static String describe(Stream<String> described, int count) {
        String listed = described.limit(LISTED).collect(Collectors.joining(", "));
        return count > LISTED ? listed + ", and " + (count - LISTED) + " more" : listed;
    }
}
