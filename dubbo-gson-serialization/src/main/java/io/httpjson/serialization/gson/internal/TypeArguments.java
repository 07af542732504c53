package io.httpjson.serialization.gson.internal;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.httpjson.codec.internal.TypeResolution;

/**
 * The type arguments a type gives a generic supertype ({@code Map}'s K and V for a {@code HashMap<String, Foo>} or
 * a {@code class Index extends HashMap<String, Foo>}), through superclasses and interfaces; {@code Object} for what
 * is not bound (raw types, wildcards without a bound). Resolved once, when an adapter is made. Not API.
 */
final class TypeArguments {

    private TypeArguments() {}

    /** The arguments of {@code target} (a supertype of {@code type}'s raw class) as {@code type} binds them. */
    static Type[] of(Type type, Class<?> target) {
        Type[] found = find(type, target, new HashMap<>());
        if (found == null) {
            found = new Type[target.getTypeParameters().length];
            Arrays.fill(found, Object.class);
        }
        return found;
    }

    private static Type[] find(Type t, Class<?> target, Map<TypeVariable<?>, Type> outer) {
        Class<?> raw;
        Map<TypeVariable<?>, Type> bindings = new HashMap<>();
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            raw = (Class<?>) p.getRawType();
            TypeVariable<?>[] vars = raw.getTypeParameters();
            Type[] args = p.getActualTypeArguments();
            for (int i = 0; i < vars.length && i < args.length; i++) {
                bindings.put(vars[i], TypeResolution.resolve(args[i], outer));
            }
        } else if (t instanceof Class) {
            raw = (Class<?>) t;
        } else {
            return null;
        }
        if (!target.isAssignableFrom(raw)) {
            return null;
        }
        if (raw == target) {
            TypeVariable<?>[] vars = raw.getTypeParameters();
            Type[] out = new Type[vars.length];
            for (int i = 0; i < vars.length; i++) {
                out[i] = TypeResolution.resolve(vars[i], bindings);
            }
            return out;
        }
        Type[] found = find(raw.getGenericSuperclass(), target, bindings);
        for (Type i : raw.getGenericInterfaces()) {
            if (found != null) {
                break;
            }
            found = find(i, target, bindings);
        }
        return found;
    }
}
