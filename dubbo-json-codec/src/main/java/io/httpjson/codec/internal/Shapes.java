package io.httpjson.codec.internal;

import java.lang.reflect.Type;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One {@link Shape} per declared type, made once and then only read, on every call. A class's shape lives with the
 * class (a {@link ClassValue}), so that a class loader the application drops (a module undeployed, a development
 * restart) can be collected. Other types (parameterized, generic arrays, wildcards) are kept in a map, where one
 * that names an application's class keeps its loader: which class's lifetime it should follow would have to be
 * found out on every lookup. Not API.
 */
final class Shapes {

    private static final ClassValue<Shape> BY_CLASS = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> c) {
            return Shape.create(c);
        }
    };

    private static final Map<Type, Shape> OTHERS = new ConcurrentHashMap<>();

    private Shapes() {}

    static Shape of(Type type) {
        if (type instanceof Class) {
            return type == Object.class ? Shape.ANY : BY_CLASS.get((Class<?>) type);
        }
        if (type == null) {
            return Shape.ANY;
        }
        Shape s = OTHERS.get(type);
        if (s == null) {
            s = Shape.create(type);
            OTHERS.putIfAbsent(type, s);
        }
        return s;
    }
}
