package io.httpjson.codec.internal;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.apache.dubbo.rpc.model.MethodDescriptor;

/** Resolves the type variables of a field's generic type against a concrete owner type (e.g. Result&lt;Foo&gt;). Not API. */
public final class TypeResolution {

    private TypeResolution() {}

    /**
     * Type variable bindings of {@code owner}, its superclasses and the interfaces it extends or implements (so that
     * {@code UserService extends CrudService<User, Long>} binds {@code CrudService}'s {@code T} and {@code ID}).
     */
    public static Map<TypeVariable<?>, Type> bindings(Type owner) {
        Map<TypeVariable<?>, Type> map = new HashMap<>();
        collect(owner, map);
        return map;
    }

    /** Binds {@code t}'s arguments (resolved by what is bound below it), then its supertypes' arguments. */
    private static void collect(Type t, Map<TypeVariable<?>, Type> map) {
        Class<?> raw;
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            raw = (Class<?>) p.getRawType();
            TypeVariable<?>[] vars = raw.getTypeParameters();
            Type[] args = p.getActualTypeArguments();
            for (int i = 0; i < vars.length; i++) {
                map.put(vars[i], resolve(args[i], map));
            }
        } else if (t instanceof Class) {
            raw = (Class<?>) t;
        } else {
            return;
        }
        if (raw == Object.class) {
            return;
        }
        Type superclass = raw.getGenericSuperclass();
        if (superclass != null) {
            collect(superclass, map);
        }
        for (Type i : raw.getGenericInterfaces()) {
            collect(i, map);
        }
    }

    /**
     * The generic parameter types of method {@code m} of service {@code owner} (a method inherited from
     * {@code CrudService<User, Long>} reads a User and a Long; Dubbo names the erased classes), or {@code md}'s
     * classes if the method is unknown.
     */
    public static Type[] parameterTypes(Method m, MethodDescriptor md, Class<?> owner) {
        return m == null ? md.getParameterClasses() : resolveAll(m.getGenericParameterTypes(), owner);
    }

    /** {@code types} (a method's, say) resolved in place against the type variables {@code owner} binds. */
    public static Type[] resolveAll(Type[] types, Class<?> owner) {
        Map<TypeVariable<?>, Type> bindings = bindings(owner);
        for (int i = 0; i < types.length; i++) {
            types[i] = resolve(types[i], bindings);
        }
        return types;
    }

    public static Type resolve(Type t, Map<TypeVariable<?>, Type> map) {
        if (t instanceof TypeVariable) {
            Type b = map.get(t);
            return b != null ? b : Object.class;
        }
        if (t instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) t;
            Type[] args = p.getActualTypeArguments().clone();
            boolean changed = false;
            for (int i = 0; i < args.length; i++) {
                Type r = resolve(args[i], map);
                changed |= r != args[i];
                args[i] = r;
            }
            return changed ? new Parameterized((Class<?>) p.getRawType(), p.getOwnerType(), args) : p;
        }
        if (t instanceof GenericArrayType) {
            Type c = resolve(((GenericArrayType) t).getGenericComponentType(), map);
            if (c instanceof Class) {
                return Array.newInstance((Class<?>) c, 0).getClass();
            }
            Type comp = c;
            return (GenericArrayType) () -> comp;
        }
        if (t instanceof WildcardType) {
            Type[] upper = ((WildcardType) t).getUpperBounds();
            return upper.length == 0 ? Object.class : resolve(upper[0], map);
        }
        return t;
    }

    private static final class Parameterized implements ParameterizedType {
        private final Class<?> raw;
        private final Type owner;
        private final Type[] args;

        Parameterized(Class<?> raw, Type owner, Type[] args) {
            this.raw = raw;
            this.owner = owner;
            this.args = args;
        }

        @Override
        public Type[] getActualTypeArguments() {
            return args.clone();
        }

        @Override
        public Type getRawType() {
            return raw;
        }

        @Override
        public Type getOwnerType() {
            return owner;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof ParameterizedType)) return false;
            ParameterizedType p = (ParameterizedType) o;
            return raw.equals(p.getRawType())
                    && Objects.equals(owner, p.getOwnerType())
                    && Arrays.equals(args, p.getActualTypeArguments());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(args) ^ Objects.hashCode(owner) ^ raw.hashCode();
        }

        @Override
        public String getTypeName() {
            StringBuilder sb = new StringBuilder(raw.getTypeName()).append('<');
            for (int i = 0; i < args.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(args[i].getTypeName());
            }
            return sb.append('>').toString();
        }

        @Override
        public String toString() {
            return getTypeName();
        }
    }
}
