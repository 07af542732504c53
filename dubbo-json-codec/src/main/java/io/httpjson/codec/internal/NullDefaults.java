package io.httpjson.codec.internal;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

/**
 * The fields a POJO's no-arg constructor leaves non-null ({@code String status = "NEW"}). Both engines leave a
 * null field out of the JSON, and read an object by that constructor: such a field, left out, would read back as
 * its initial value, so it is written as {@code null} when it is null. Worked out once per class. Not API.
 */
public final class NullDefaults {

    private static final ClassValue<Set<Field>> NON_NULL = new ClassValue<>() {
        @Override
        protected Set<Field> computeValue(Class<?> type) {
            return nonNull(type);
        }
    };

    private NullDefaults() {}

    /** Whether field {@code f} of an object of class {@code c} is written as {@code null} when it is null. */
    public static boolean writtenWhenNull(Class<?> c, Field f) {
        return !f.getType().isPrimitive() && NON_NULL.get(c).contains(f);
    }

    private static Set<Field> nonNull(Class<?> c) {
        if (c.isInterface()
                || c.isArray()
                || c.isEnum()
                || c.isRecord()
                || c.isSynthetic()
                || c.isAnonymousClass()
                || c.isLocalClass()
                || java.lang.reflect.Proxy.isProxyClass(c)
                || c.getName().contains("$$") // a generated subclass (CGLIB, ByteBuddy): a framework's, not data
                || Modifier.isAbstract(c.getModifiers())
                || Throwable.class.isAssignableFrom(c)
                || JsonTypes.isJdkClass(c.getName())) {
            return Set.of();
        }
        Object made;
        try {
            Constructor<?> k = c.getDeclaredConstructor();
            k.setAccessible(true);
            made = k.newInstance();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return Set.of(); // no constructor to run: a reader makes the object without one, its fields null
        }
        Set<Field> out = new HashSet<>();
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || f.getType().isPrimitive()) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    if (f.get(made) != null) {
                        out.add(f);
                    }
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // a field that cannot be read is not written either
                }
            }
        }
        return out.isEmpty() ? Set.of() : Set.copyOf(out);
    }
}
