package io.httpjson.protocol.internal.server;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/** The services one server answers for, by path; each path may be exported in several versions and groups. */
final class Routes {

    private final Map<String, List<ServiceRoute>> byPath = new ConcurrentHashMap<>();

    /**
     * Adds the route, in place of one with the same path, version and group: Dubbo exports a service again when its
     * configuration changes (an override from a config center) and leaves the first export as it is.
     */
    void add(ServiceRoute route) {
        byPath.compute(route.path, (k, list) -> {
            List<ServiceRoute> l = list != null ? list : new CopyOnWriteArrayList<>();
            for (int i = 0; i < l.size(); i++) {
                if (l.get(i).matches(route.version, route.group)) {
                    l.set(i, route);
                    return l;
                }
            }
            l.add(route);
            return l;
        });
    }

    void remove(ServiceRoute route) {
        byPath.computeIfPresent(route.path, (k, list) -> {
            list.remove(route);
            return list.isEmpty() ? null : list;
        });
    }

    boolean isEmpty() {
        return byPath.isEmpty();
    }

    /** All versions and groups of the path, or {@code null}. */
    List<ServiceRoute> candidates(String path) {
        return byPath.get(path);
    }

    /**
     * The route for path, version and group. A caller that names neither version nor group gets the only
     * export of the path, if there is exactly one.
     */
    static ServiceRoute select(List<ServiceRoute> routes, String version, String group) {
        if (routes.size() == 1 && version == null && group == null) {
            return routes.get(0);
        }
        for (ServiceRoute r : routes) {
            if (r.matches(version, group)) {
                return r;
            }
        }
        return null;
    }

    /** Every route, in no particular order. */
    List<ServiceRoute> all() {
        return byPath.values().stream().flatMap(List::stream).collect(Collectors.toList());
    }

    String describe() {
        return byPath.values().stream()
                .flatMap(List::stream)
                .map(ServiceRoute::describe)
                .sorted()
                .collect(Collectors.joining(", "));
    }
}
