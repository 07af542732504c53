package io.httpjson.codec;

import java.lang.reflect.Field;
import java.util.ArrayList;

/** Throwable's private state through sun.misc.Unsafe (java.base does not open it to reflection). */
final class ThrowableState {

    private static final sun.misc.Unsafe UNSAFE;
    private static final long MESSAGE;
    private static final long CAUSE;
    private static final long STACK;
    /** Throwable.suppressedExceptions, or -1 where this JDK has no such field. */
    private static final long SUPPRESSED;

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
        long suppressed;
        try {
            suppressed = UNSAFE.objectFieldOffset(Throwable.class.getDeclaredField("suppressedExceptions"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            suppressed = -1;
        }
        SUPPRESSED = suppressed;
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

    /**
     * {@code t.addSuppressed(s)}, also where {@code t} records none: an instance made without a constructor (its
     * class has none that takes a message) has no list to record them in, and neither has one whose constructor
     * turned suppression off, which the remote exception had on since it had some.
     */
    static void addSuppressed(Throwable t, Throwable s) {
        if (s == t) {
            return;
        }
        if (SUPPRESSED >= 0 && UNSAFE.getObject(t, SUPPRESSED) == null) {
            UNSAFE.putObject(t, SUPPRESSED, new ArrayList<Throwable>(1));
        }
        t.addSuppressed(s);
    }
}
