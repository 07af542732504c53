package io.httpjson.protocol.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;

import io.httpjson.codec.internal.TypeResolution;

/** What one service method looks like on the wire, worked out once per method and then only read. */
public final class MethodMeta {

    private final String name;
    private final Class<?>[] parameterClasses;
    private final Type[] parameterTypes;
    /** The classes the arguments are read as: {@link #parameterTypes}' raw classes. */
    private final Class<?>[] argumentClasses;
    /** Real parameter names (compiled with {@code -parameters}), or {@code null}. */
    private final String[] parameterNames;

    private final Type returnType;
    private final Class<?> returnClass;
    private final boolean returnsVoid;
    private final boolean returnsFuture;
    private final String signature;
    private final String simpleSignature;
    private final String display;

    MethodMeta(Method method) {
        this(method, Map.of());
    }

    /**
     * {@code bindings}: the service interface's type variables ({@link TypeResolution#bindings}), so that a method
     * inherited from {@code CrudService<User, Long>} reads and writes a {@code User} and a {@code Long}. The parameter
     * classes stay erased: they name the method, as Dubbo names it.
     */
    MethodMeta(Method method, Map<TypeVariable<?>, Type> bindings) {
        this.name = method.getName();
        this.parameterClasses = method.getParameterTypes();
        Type[] generic = method.getGenericParameterTypes();
        for (int i = 0; i < generic.length; i++) {
            generic[i] = TypeResolution.resolve(generic[i], bindings);
        }
        this.parameterTypes = generic;
        this.argumentClasses = new Class<?>[generic.length];
        for (int i = 0; i < generic.length; i++) {
            // the finer of the two: the bound class (User for T), or the erasure (List for <T extends List<X>>)
            Class<?> resolved = rawClass(generic[i]);
            argumentClasses[i] = parameterClasses[i].isAssignableFrom(resolved) ? resolved : parameterClasses[i];
        }
        Parameter[] params = method.getParameters();
        String[] names = new String[params.length];
        boolean present = true;
        for (int i = 0; i < params.length; i++) {
            present &= params[i].isNamePresent();
            names[i] = params[i].getName();
        }
        this.parameterNames = present ? names : null;
        Type rt = TypeResolution.resolve(method.getGenericReturnType(), bindings);
        Class<?> rc = method.getReturnType();
        this.returnsFuture = CompletableFuture.class.isAssignableFrom(rc);
        if (returnsFuture) {
            rt = rt instanceof ParameterizedType ? ((ParameterizedType) rt).getActualTypeArguments()[0] : Object.class;
            rc = rawClass(rt);
        }
        this.returnType = rt;
        this.returnClass = rc;
        this.returnsVoid = rc == void.class || rc == Void.class;
        this.signature = signatureOf(parameterClasses);
        StringJoiner simple = new StringJoiner(",");
        for (Class<?> c : parameterClasses) {
            simple.add(c.getSimpleName());
        }
        this.simpleSignature = simple.toString();
        StringJoiner sj = new StringJoiner(", ", name + "(", ")");
        for (int i = 0; i < parameterTypes.length; i++) {
            sj.add(parameterTypes[i].getTypeName() + (parameterNames != null ? " " + parameterNames[i] : ""));
        }
        this.display = sj.toString();
    }

    static Class<?> rawClass(Type type) {
        if (type instanceof Class) {
            return (Class<?>) type;
        }
        if (type instanceof ParameterizedType) {
            return rawClass(((ParameterizedType) type).getRawType());
        }
        return Object.class;
    }

    public static String signatureOf(Class<?>[] classes) {
        StringJoiner sj = new StringJoiner(",");
        for (Class<?> c : classes) {
            sj.add(c.getTypeName());
        }
        return sj.toString();
    }

    public String name() {
        return name;
    }

    /** The erased parameter classes, which name the method (as {@code Dubbo-Parameter-Types} does). */
    public Class<?>[] parameterClasses() {
        return parameterClasses;
    }

    /** The class argument {@code i} is read as (resolved: {@code User} for {@code CrudService<User, Long>.T}). */
    public Class<?> argumentClass(int i) {
        return argumentClasses[i];
    }

    public Type[] parameterTypes() {
        return parameterTypes;
    }

    public int arity() {
        return parameterTypes.length;
    }

    public String[] parameterNames() {
        return parameterNames;
    }

    /** The declared return type, with {@code CompletableFuture<T>} unwrapped to {@code T}. */
    public Type returnType() {
        return returnType;
    }

    public Class<?> returnClass() {
        return returnClass;
    }

    public boolean returnsVoid() {
        return returnsVoid;
    }

    public boolean returnsFuture() {
        return returnsFuture;
    }

    /** Parameter type names joined by {@code ,}, the value of the {@code Dubbo-Parameter-Types} header. */
    public String signature() {
        return signature;
    }

    /** The signature with simple class names ({@code String,int}), also accepted in the header. */
    public String simpleSignature() {
        return simpleSignature;
    }

    /**
     * The overload {@code signature} names: by its full names, or by simple names that no other overload shares
     * ({@code Item} for {@code a.Left.Item} and {@code a.Right.Item} names neither); {@code null} if none.
     */
    public static MethodMeta named(MethodMeta[] overloads, String signature) {
        MethodMeta simple = null;
        int simples = 0;
        for (MethodMeta m : overloads) {
            if (m.signature.equals(signature)) {
                return m;
            }
            if (m.simpleSignature.equals(signature)) {
                simple = m;
                simples++;
            }
        }
        return simples == 1 ? simple : null;
    }

    @Override
    public String toString() {
        return display;
    }
}
