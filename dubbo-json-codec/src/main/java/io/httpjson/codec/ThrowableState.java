package io.httpjson.codec;

import java.lang.reflect.Field;

/** Throwable's private state through sun.misc.Unsafe (java.base does not open it to reflection). */
final class ThrowableState {

    private static final sun.misc.Unsafe UNSAFE;
    private static final long MESSAGE;
    private static final long CAUSE;
    private static final long STACK;

    static {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) f.get(null);
            MESSAGE = UNSAFE.objectFieldOffset(Throwable.class.getDeclaredField("detailMessage"));
            CAUSE = UNSAFE.objectFieldOffset(Throwable.class.getDeclaredField("cause"));
            STACK = UNSAFE.objectFieldOffset(Throwable.class.getDeclaredField("stackTrace"));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ThrowableState() {}

    static Object allocate(Class<?> c) throws InstantiationException {
        return UNSAFE.allocateInstance(c);
    }

    static void setMessage(Throwable t, String message) {
        UNSAFE.putObject(t, MESSAGE, message);
    }

    static void setCause(Throwable t, Throwable cause) {
        UNSAFE.putObject(t, CAUSE, cause);
    }

    static void setStackTrace(Throwable t, StackTraceElement[] stack) {
        UNSAFE.putObject(t, STACK, stack);
    }
}
