package io.httpjson.protocol.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.httpjson.codec.internal.TypeResolution;
import org.apache.dubbo.rpc.service.EchoService;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * The methods of a service interface by name, worked out once per interface and then only read.
 * Dubbo's pseudo-methods {@code $invoke}, {@code $invokeAsync} (generic calls) and {@code $echo} are part of
 * every service, as Dubbo's GenericFilter and EchoFilter serve them on the provider.
 */
public final class ServiceMeta {

    /**
     * Dubbo's generic=bean passes JavaBeanDescriptors, which JSON cannot tell from maps: GenericFilter would refuse
     * the arguments with "only support message type JavaBeanDescriptor".
     */
    public static final String GENERIC_BEAN =
            "generic=bean is not supported over httpjson (JSON carries no JavaBeanDescriptor): use generic=true";

    /**
     * Kept with the interface (a {@link ClassValue}, not a map that would hold every interface ever seen), so that a
     * class loader the application drops (a module undeployed, a development restart) can be collected.
     */
    private static final ClassValue<ServiceMeta> CACHE = new ClassValue<>() {
        @Override
        protected ServiceMeta computeValue(Class<?> type) {
            return new ServiceMeta(type);
        }
    };

    private static final Map<String, MethodMeta[]> PSEUDO = pseudoMethods();

    private final Class<?> type;
    private final Map<String, MethodMeta[]> methods;

    private ServiceMeta(Class<?> type) {
        this.type = type;
        Map<String, List<MethodMeta>> byName = new HashMap<>();
        Map<TypeVariable<?>, Type> bindings = TypeResolution.bindings(type);
        Method[] all = type.getMethods();
        Arrays.sort(all, Comparator.comparing(Method::getName).thenComparing(m -> m.getParameterCount()));
        for (Method m : all) {
            if (m.getDeclaringClass() == Object.class || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            byName.computeIfAbsent(m.getName(), k -> new ArrayList<>()).add(new MethodMeta(m, bindings));
        }
        Map<String, MethodMeta[]> out = new HashMap<>(PSEUDO);
        byName.forEach((k, v) -> out.put(k, v.toArray(new MethodMeta[0])));
        this.methods = Collections.unmodifiableMap(out);
    }

    private static Map<String, MethodMeta[]> pseudoMethods() {
        Map<String, MethodMeta[]> out = new HashMap<>();
        for (Method m : GenericService.class.getMethods()) {
            if (m.getName().equals("$invoke") || m.getName().equals("$invokeAsync")) {
                out.put(m.getName(), new MethodMeta[] {new MethodMeta(m)});
            }
        }
        for (Method m : EchoService.class.getMethods()) {
            if (m.getName().equals("$echo")) {
                out.put(m.getName(), new MethodMeta[] {new MethodMeta(m)});
            }
        }
        return out;
    }

    public static ServiceMeta of(Class<?> type) {
        return CACHE.get(type);
    }

    public Class<?> type() {
        return type;
    }

    /** All methods of that name (more than one when overloaded), or {@code null}. */
    public MethodMeta[] byName(String name) {
        return methods.get(name);
    }

    /** The method of that name and exact parameter classes, or {@code null}. */
    public MethodMeta find(String name, Class<?>[] parameterClasses) {
        MethodMeta[] candidates = methods.get(name);
        if (candidates == null) {
            return null;
        }
        if (candidates.length == 1 && parameterClasses == null) {
            return candidates[0];
        }
        for (MethodMeta m : candidates) {
            if (parameterClasses == null || Arrays.equals(m.parameterClasses(), parameterClasses)) {
                return m;
            }
        }
        return null;
    }

    /** The names of the interface's methods (not Dubbo's pseudo-methods), sorted. */
    public List<String> methodNames() {
        TreeSet<String> names = new TreeSet<>(methods.keySet());
        names.removeAll(PSEUDO.keySet());
        return List.copyOf(names);
    }

    /** Method names a caller can use, for error messages. */
    public String describeMethods() {
        TreeSet<String> names = new TreeSet<>();
        methods.forEach((k, v) -> {
            if (!k.startsWith("$")) {
                for (MethodMeta m : v) {
                    names.add(m.toString());
                }
            }
        });
        return String.join(", ", names);
    }
}
