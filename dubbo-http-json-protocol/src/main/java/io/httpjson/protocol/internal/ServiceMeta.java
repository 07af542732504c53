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
import java.util.function.Predicate;

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
    /**
     * The bridges javac adds where an interface re-declares an inherited method with narrower types ({@code Object
     * first()} beside {@code Point first()}), each with the method it stands for: a caller that holds the base type
     * calls the bridge, which is that method, not an overload of it.
     */
    private final Map<Method, MethodMeta> bridges = new HashMap<>();

    private ServiceMeta(Class<?> type) {
        this.type = type;
        Map<TypeVariable<?>, Type> bindings = TypeResolution.bindings(type);
        Method[] all = type.getMethods();
        Arrays.sort(all, Comparator.comparing(Method::getName).thenComparing(m -> m.getParameterCount()));
        Map<String, List<Method>> byName = new HashMap<>();
        for (Method m : all) {
            if (m.getDeclaringClass() != Object.class && !Modifier.isStatic(m.getModifiers()) && !m.isBridge()) {
                mostSpecific(byName.computeIfAbsent(m.getName(), k -> new ArrayList<>()), m);
            }
        }
        Map<Method, MethodMeta> metas = new HashMap<>();
        Map<String, MethodMeta[]> out = new HashMap<>(PSEUDO);
        byName.forEach((k, v) -> out.put(
                k,
                v.stream()
                        .map(m -> metas.computeIfAbsent(m, x -> new MethodMeta(x, bindings)))
                        .toArray(MethodMeta[]::new)));
        this.methods = Collections.unmodifiableMap(out);
        for (Method b : all) {
            if (b.isBridge()) {
                byName.getOrDefault(b.getName(), List.of()).stream()
                        .filter(m -> bridges(b, m))
                        .findFirst()
                        .ifPresent(m -> bridges.put(b, metas.get(m)));
            }
        }
    }

    /**
     * Adds {@code m} to the methods of its name, but where one has the same parameters: then only the one whose return
     * type is the narrower stays (an interface that inherits {@code Object x()} and {@code String x()} has one
     * method {@code x}, which returns a String).
     */
    private static void mostSpecific(List<Method> named, Method m) {
        for (int i = 0; i < named.size(); i++) {
            Method o = named.get(i);
            if (Arrays.equals(o.getParameterTypes(), m.getParameterTypes())) {
                if (o.getReturnType() != m.getReturnType() && o.getReturnType().isAssignableFrom(m.getReturnType())) {
                    named.set(i, m);
                }
                return;
            }
        }
        named.add(m);
    }

    /** Whether {@code bridge} stands for {@code m}: each of its types is {@code m}'s or wider. */
    private static boolean bridges(Method bridge, Method m) {
        Class<?>[] b = bridge.getParameterTypes();
        Class<?>[] t = m.getParameterTypes();
        if (b.length != t.length || !bridge.getReturnType().isAssignableFrom(m.getReturnType())) {
            return false;
        }
        for (int i = 0; i < b.length; i++) {
            if (!b[i].isAssignableFrom(t[i])) {
                return false;
            }
        }
        return true;
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

    /** The method of that name and exact parameter classes (a bridge's: the method it stands for), or {@code null}. */
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
        return bridged(name, classes -> Arrays.equals(classes, parameterClasses));
    }

    /** The method a bridge of that name whose parameter classes pass {@code test} stands for, or {@code null}. */
    public MethodMeta bridged(String name, Predicate<Class<?>[]> test) {
        for (Map.Entry<Method, MethodMeta> b : bridges.entrySet()) {
            if (b.getKey().getName().equals(name) && test.test(b.getKey().getParameterTypes())) {
                return b.getValue();
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
