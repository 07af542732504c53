package io.httpjson.codec;

import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.httpjson.codec.internal.AllowList;
import org.apache.dubbo.common.utils.DefaultSerializeClassChecker;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Exceptions as plain JSON trees: {@code {"exception": class name, "message": ..., "fields": {custom fields},
 * "cause": {...}}}. Stack traces are not transmitted. Rebuilding admits only classes Dubbo's serialize allow-list
 * admits; anything else becomes a {@link RemoteException}.
 */
public final class ThrowableJson {

    /**
     * How many exceptions of a cause chain are described and rebuilt at most, the first included: of a longer chain,
     * the first {@code MAX_CAUSE_DEPTH - 1} and the root cause.
     */
    public static final int MAX_CAUSE_DEPTH = 8;

    private static final StackTraceElement[] NO_STACK = new StackTraceElement[0];

    private ThrowableJson() {}

    /**
     * The JSON tree of {@code t}: exception, message (if any), fields (custom ones, if any), cause (if any). A field
     * JSON cannot hold (a NaN or infinite {@code double}/{@code float}) is left out; see {@link #describe(Throwable,
     * JsonCodec)} to leave out, too, every field the engine that writes the tree refuses.
     */
    public static Map<String, Object> describe(Throwable t) {
        return tree(t, null);
    }

    /**
     * The JSON tree of {@code t}, leaving out each field {@code codec} cannot write (a NaN or infinite number, a
     * value the engine refuses, such as a present {@code Optional}): the field keeps its default on the other side,
     * and the exception itself (class, message, cause, its other fields) still arrives, as a business exception
     * should. Nothing is logged per call: once per exception class, at warn level.
     */
    public static Map<String, Object> describe(Throwable t, JsonCodec codec) {
        return tree(t, codec);
    }

    private static Map<String, Object> tree(Throwable t, JsonCodec codec) {
        Map<String, Object> top = null;
        Map<String, Object> previous = null;
        for (Throwable e : chain(t, MAX_CAUSE_DEPTH)) {
            Map<String, Object> m = own(e, codec);
            if (previous == null) {
                top = m;
            } else {
                previous.put("cause", m);
            }
            previous = m;
        }
        return top;
    }

    /**
     * {@code t} and its causes, at most {@code max} of them: of a longer chain the first {@code max - 1} and the root
     * cause, which is often the one that says what went wrong (the {@code SQLException} under the wrappers). A cause
     * seen before ends the chain.
     */
    static List<Throwable> chain(Throwable t, int max) {
        List<Throwable> chain = new ArrayList<>(Math.min(max, 8));
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Throwable root = null;
        for (Throwable c = t; c != null && seen.add(c); c = c.getCause()) {
            if (chain.isEmpty() || chain.size() < max - 1) {
                chain.add(c);
            } else {
                root = c;
            }
        }
        if (root != null && chain.size() < max) {
            chain.add(root);
        }
        return chain;
    }

    /** The exception alone: class, message (if any) and custom fields (if any). */
    private static Map<String, Object> own(Throwable t, JsonCodec codec) {
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
