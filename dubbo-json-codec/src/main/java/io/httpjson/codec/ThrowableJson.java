package io.httpjson.codec;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;

import io.httpjson.codec.internal.AllowList;
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

    private ThrowableJson() {}

    /**
     * The JSON tree of {@code t}: exception, message (if any), fields (custom ones, if any), cause (if any). A field
     * JSON cannot hold (a NaN or infinite {@code double}/{@code float}) is left out; see {@link #describe(Throwable,
     * JsonCodec)} to leave out, too, every field the engine that writes the tree refuses.
     */
    public static Map<String, Object> describe(Throwable t) {
        return describe(t, null, 0);
    }

    /**
     * The JSON tree of {@code t}, leaving out each field {@code codec} cannot write (a NaN or infinite number, a
     * value the engine refuses, such as a present {@code Optional}): the field keeps its default on the other side,
     * and the exception itself (class, message, cause, its other fields) still arrives, as a business exception
     * should. Nothing is logged per call: once per exception class, at warn level.
     */
    public static Map<String, Object> describe(Throwable t, JsonCodec codec) {
        return describe(t, codec, 0);
    }

    private static Map<String, Object> describe(Throwable t, JsonCodec codec, int depth) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("exception", t.getClass().getName());
        String message = t.getMessage();
        if (message != null) {
            m.put("message", message);
        }
        Map<String, Object> fields = ExceptionFields.of(t, codec);
        if (fields != null) {
            m.put("fields", fields);
        }
        Throwable cause = t.getCause();
        if (cause != null && cause != t && depth + 1 < MAX_CAUSE_DEPTH) {
            m.put("cause", describe(cause, codec, depth + 1));
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
        ThrowableState.setMessage(t, message);
        if (cause != null && t.getCause() != cause) {
            ThrowableState.setCause(t, cause);
        }
        ThrowableState.setStackTrace(t, NO_STACK);
        Object fields = tree.get("fields");
        if (fields instanceof Map) {
            ExceptionFields.restore(t, type, (Map<String, Object>) fields, codec, AllowList.of(model));
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
        return (Throwable) ThrowableState.allocate(type);
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
}
