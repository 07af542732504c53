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
 * "cause": {...}, "suppressed": [{...}, ...]}}. Stack traces are not transmitted. Rebuilding admits only classes
 * Dubbo's serialize allow-list admits; anything else becomes a {@link RemoteException}.
 */
public final class ThrowableJson {

    /**
     * How many exceptions of a cause chain are described and rebuilt at most, the first included: of a longer chain,
     * the first {@code MAX_CAUSE_DEPTH - 1} and the root cause.
     */
    public static final int MAX_CAUSE_DEPTH = 8;

    /** How many suppressed exceptions of one exception are described and rebuilt at most: its first ones. */
    public static final int MAX_SUPPRESSED = 8;

    /**
     * How many exceptions one tree holds at most, causes and suppressed ones together: the cause chain of the
     * exception first, then the suppressed ones, in order, while there is room.
     */
    public static final int MAX_EXCEPTIONS = 32;

    private static final StackTraceElement[] NO_STACK = new StackTraceElement[0];

    private ThrowableJson() {}

    /**
     * The JSON tree of {@code t}: exception, message (if any), fields (custom ones, if any), cause (if any; see
     * {@link #MAX_CAUSE_DEPTH}), suppressed (if any; see {@link #MAX_SUPPRESSED} and {@link #MAX_EXCEPTIONS}). A
     * field JSON cannot hold (a NaN or infinite {@code double}/{@code float}) is left out; see {@link
     * #describe(Throwable, JsonCodec)} to leave out, too, every field the engine that writes the tree refuses.
     */
    public static Map<String, Object> describe(Throwable t) {
        return describe(t, null);
    }

    /**
     * The JSON tree of {@code t}, leaving out each field {@code codec} cannot write (a NaN or infinite number, a
     * value the engine refuses, such as a present {@code Optional}): the field keeps its default on the other side,
     * and the exception itself (class, message, cause, its other fields) still arrives, as a business exception
     * should. Nothing is logged per call: once per exception class, at warn level.
     */
    public static Map<String, Object> describe(Throwable t, JsonCodec codec) {
        return tree(t, codec, new int[] {MAX_EXCEPTIONS});
    }

    private static Map<String, Object> tree(Throwable t, JsonCodec codec, int[] left) {
        List<Throwable> chain = chain(t, Math.min(MAX_CAUSE_DEPTH, left[0]));
        left[0] -= chain.size();
        List<Map<String, Object>> nodes = new ArrayList<>(chain.size());
        for (Throwable e : chain) {
            Map<String, Object> m = own(e, codec);
            if (!nodes.isEmpty()) {
                nodes.get(nodes.size() - 1).put("cause", m);
            }
            nodes.add(m);
        }
        // the chain first, then what each of its exceptions suppressed, while the tree has room
        for (int i = 0; i < chain.size(); i++) {
            Throwable[] suppressed = chain.get(i).getSuppressed();
            List<Object> trees = null;
            for (int j = 0; j < suppressed.length && j < MAX_SUPPRESSED && left[0] > 0; j++) {
                if (trees == null) {
                    trees = new ArrayList<>(Math.min(suppressed.length, MAX_SUPPRESSED));
                }
                trees.add(tree(suppressed[j], codec, left));
            }
            if (trees != null) {
                nodes.get(i).put("suppressed", trees);
            }
        }
        return nodes.get(0);
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
        return rebuild(tree, codec, loader, model, 0, new int[] {MAX_EXCEPTIONS});
    }

    @SuppressWarnings("unchecked")
    private static Throwable rebuild(
            Map<String, Object> tree,
            JsonCodec codec,
            ClassLoader loader,
            FrameworkModel model,
            int depth,
            int[] left) {
        left[0]--;
        Throwable cause = null;
        Object causeTree = tree.get("cause");
        if (causeTree instanceof Map && depth + 1 < MAX_CAUSE_DEPTH && left[0] > 0) {
            cause = rebuild((Map<String, Object>) causeTree, codec, loader, model, depth + 1, left);
        }
        Throwable t = instance(tree, cause, codec, loader, model);
        Object suppressed = tree.get("suppressed");
        if (suppressed instanceof List) {
            // each through rebuild, so through the allow-list as any exception; a tree without them (a writer
            // before they were sent) is read as before
            int n = 0;
            for (Object s : (List<Object>) suppressed) {
                if (n++ == MAX_SUPPRESSED || left[0] <= 0) {
                    break;
                }
                if (s instanceof Map) {
                    ThrowableState.addSuppressed(t, rebuild((Map<String, Object>) s, codec, loader, model, 0, left));
                }
            }
        }
        return t;
    }

    /** The exception of the tree's class, message and fields, with {@code cause}, or a stand-in for it. */
    @SuppressWarnings("unchecked")
    private static Throwable instance(
            Map<String, Object> tree, Throwable cause, JsonCodec codec, ClassLoader loader, FrameworkModel model) {
        Object cn = tree.get("exception");
        String className = cn instanceof String ? (String) cn : "<missing exception class name>";
        Object msg = tree.get("message");
        String message = msg == null ? null : String.valueOf(msg);
        Class<?> type;
        try {
            if (!(cn instanceof String)) {
                throw new ClassNotFoundException(className);
            }
            DefaultSerializeClassChecker checker =
                    model.isDestroyed() ? null : model.getBeanFactory().getBean(DefaultSerializeClassChecker.class);
            if (checker == null) {
                // every live framework has one; without it (destroyed: an answer that came late) nothing is loaded
                return remote(
                        className,
                        message,
                        cause,
                        "not rebuilt: Dubbo's serialize allow-list went with its framework, which was destroyed");
            }
            ClassLoader cl = loader != null ? loader : ThrowableJson.class.getClassLoader();
            type = checker.loadClass(cl, className);
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
