package io.httpjson.codec;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.dubbo.common.utils.DefaultSerializeClassChecker;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Exceptions as plain JSON trees: {@code {"exception": class name, "message": ..., "fields": {custom fields},
 * "cause": {...}}}. Stack traces are not transmitted. Rebuilding admits only classes Dubbo's serialize allow-list
 * admits; anything else becomes a {@link RemoteException}.
 */
public final class ThrowableJson {

    /** How many causes are described/rebuilt at most. */
    public static final int MAX_CAUSE_DEPTH = 8;

    private static final StackTraceElement[] NO_STACK = new StackTraceElement[0];

    private static final ClassValue<Field[]> CUSTOM_FIELDS = new ClassValue<Field[]>() {
        @Override
        protected Field[] computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Throwable.class; c = c.getSuperclass()) {
                if (isPlatform(c.getName())) {
                    continue;
                }
                for (Field f : c.getDeclaredFields()) {
                    int m = f.getModifiers();
                    if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()) {
                        continue;
                    }
                    try {
                        f.setAccessible(true);
                        fields.add(f);
                    } catch (RuntimeException e) {
                        // inaccessible (named module): not transmitted
                    }
                }
            }
            return fields.toArray(new Field[0]);
        }
    };

    private ThrowableJson() {}

    private static boolean isPlatform(String n) {
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
    }

    /** The JSON tree of {@code t}: exception, message (if any), fields (custom ones, if any), cause (if any). */
    public static Map<String, Object> describe(Throwable t) {
        return describe(t, 0);
    }

    private static Map<String, Object> describe(Throwable t, int depth) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("exception", t.getClass().getName());
        String message = t.getMessage();
        if (message != null) {
            m.put("message", message);
        }
        Field[] fields = CUSTOM_FIELDS.get(t.getClass());
        if (fields.length > 0) {
            Map<String, Object> values = new LinkedHashMap<>();
            for (Field f : fields) {
                try {
                    Object v = f.get(t);
                    if (v != null && !(v instanceof Throwable)) {
                        values.putIfAbsent(f.getName(), v);
                    }
                } catch (IllegalAccessException e) {
                    // not transmitted
                }
            }
            if (!values.isEmpty()) {
                m.put("fields", values);
            }
        }
        Throwable cause = t.getCause();
        if (cause != null && cause != t && depth + 1 < MAX_CAUSE_DEPTH) {
            m.put("cause", describe(cause, depth + 1));
        }
        return m;
    }

    /**
     * Rebuilds the exception {@link #describe} described. The class must be admitted by Dubbo's
     * {@link DefaultSerializeClassChecker} of {@code model} (honouring its check status) and be a Throwable;
     * otherwise, or when it cannot be found, the result is a {@link RemoteException} carrying the remote class
     * name and message.
     */
    public static Throwable rebuild(
            Map<String, Object> tree, JsonCodec codec, ClassLoader loader, FrameworkModel model) {
        return rebuild(tree, codec, loader, model, 0);
    }

    @SuppressWarnings("unchecked")
    private static Throwable rebuild(
            Map<String, Object> tree, JsonCodec codec, ClassLoader loader, FrameworkModel model, int depth) {
        Object cn = tree.get("exception");
        String className = cn instanceof String ? (String) cn : "<missing exception class name>";
        Object msg = tree.get("message");
        String message = msg == null ? null : String.valueOf(msg);
        Throwable cause = null;
        Object causeTree = tree.get("cause");
        if (causeTree instanceof Map && depth + 1 < MAX_CAUSE_DEPTH) {
            cause = rebuild((Map<String, Object>) causeTree, codec, loader, model, depth + 1);
        }
        Class<?> type;
        try {
            if (!(cn instanceof String)) {
                throw new ClassNotFoundException(className);
            }
            DefaultSerializeClassChecker checker = model.getBeanFactory().getBean(DefaultSerializeClassChecker.class);
            ClassLoader cl = loader != null ? loader : ThrowableJson.class.getClassLoader();
            type = checker != null ? checker.loadClass(cl, className) : Class.forName(className, false, cl);
        } catch (ClassNotFoundException | LinkageError e) {
            return remote(
                    className,
                    message,
                    cause,
                    "class not found on this side; add the jar that has it to the " + "consumer's classpath");
        } catch (RuntimeException e) {
            return remote(
                    className,
                    message,
                    cause,
                    "class not admitted by Dubbo's serialize allow-list; add it to "
                            + "security/serialize.allowlist or see"
                            + " https://github.com/httpjson/httpjson/blob/main/docs/troubleshooting.md#exception-not-allowed");
        }
        if (!Throwable.class.isAssignableFrom(type) || Modifier.isAbstract(type.getModifiers())) {
            return remote(className, message, cause, "not a concrete Throwable class; refusing to instantiate it");
        }
        Throwable t;
        try {
            t = instantiate(type, message, cause);
        } catch (Throwable e) {
            return remote(className, message, cause, "cannot instantiate it here: " + e);
        }
        Internals.setMessage(t, message);
        if (cause != null && t.getCause() != cause) {
            Internals.setCause(t, cause);
        }
        Internals.setStackTrace(t, NO_STACK);
        Object fields = tree.get("fields");
        if (fields instanceof Map) {
            for (Field f : CUSTOM_FIELDS.get(type)) {
                Map<String, Object> values = (Map<String, Object>) fields;
                if (!values.containsKey(f.getName())) {
                    continue;
                }
                Object v = values.get(f.getName());
                try {
                    Object converted = codec.convert(v, f.getGenericType());
                    if (converted != null || !f.getType().isPrimitive()) {
                        f.set(t, converted);
                    }
                } catch (RuntimeException | IllegalAccessException e) {
                    // a field that cannot be restored keeps its default; the exception itself still arrives
                }
            }
        }
        return t;
    }

    private static Throwable instantiate(Class<?> type, String message, Throwable cause) throws Exception {
        Constructor<?> c = constructor(type, String.class);
        if (c != null) {
            return (Throwable) c.newInstance(message);
        }
        c = constructor(type, String.class, Throwable.class);
        if (c != null) {
            return (Throwable) c.newInstance(message, cause);
        }
        c = constructor(type);
        if (c != null) {
            return (Throwable) c.newInstance();
        }
        return (Throwable) Internals.allocate(type);
    }

    private static Constructor<?> constructor(Class<?> type, Class<?>... params) {
        try {
            Constructor<?> c = type.getDeclaredConstructor(params);
            if (!Modifier.isPublic(c.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
                c.setAccessible(true);
            }
            return c;
        } catch (NoSuchMethodException | RuntimeException e) {
            return null;
        }
    }

    private static RemoteException remote(String className, String message, Throwable cause, String why) {
        RemoteException e = new RemoteException(className, className + ": " + message + " (" + why + ")", cause);
        return e;
    }

    /** Throwable's private state through sun.misc.Unsafe (java.base does not open it to reflection). */
    private static final class Internals {
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
}
