package io.httpjson.serialization.gson.internal;

import java.lang.reflect.Field;

/** Classes without a no-arg constructor: allocated without running one, as Gson and fastjson2 both do. */
final class UnsafeAllocator {
    private static final sun.misc.Unsafe UNSAFE;

    static {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static Object allocate(Class<?> c) throws InstantiationException {
        return UNSAFE.allocateInstance(c);
    }
}
