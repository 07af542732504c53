package io.httpjson.codec.internal;

import java.io.IOException;
import java.lang.reflect.Type;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.httpjson.codec.JsonCodecException;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.common.utils.AllowClassNotifyListener;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.PROTOCOL_UNTRUSTED_SERIALIZE_CLASS;

/**
 * Dubbo's serialize allow-list applied to the classes a JSON read of a declared type makes (its POJOs, enums and
 * own collection or map classes, through fields, elements and keys), as hessian2 applies it to every class its
 * stream names. The check status and the lists are the framework's ({@link SerializeSecurityManager}): STRICT
 * refuses a class the allow-list does not admit, WARN logs it once and lets it through unless it is on the
 * disallow list, DISABLE lets everything through. Serializable is not asked for: JSON binds fields. Not API.
 */
public final class AllowList implements AllowClassNotifyListener {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(AllowList.class);
    /** The classes a read of a class makes, kept with that class, so that its class loader can go. */
    private static final ClassValue<Class<?>[]> MADE_BY_CLASS = new ClassValue<>() {
        @Override
        protected Class<?>[] computeValue(Class<?> c) {
            return classes(c);
        }
    };
    /** The same for other types (parameterized ones), as {@code Shape} keeps them. */
    private static final Map<Type, Class<?>[]> MADE = new ConcurrentHashMap<>();

    /** The last framework's allow-list: an application has one framework, so a call finds it without a lookup. */
    private static volatile AllowList last;

    private final FrameworkModel model;
    private final SerializeSecurityManager manager;
    private volatile SerializeCheckStatus status = DEFAULT_STATUS;
    private volatile String[] allowed = new String[0];
    private volatile String[] disallowed = new String[0];
    /** Per declared type, "" if a read of it may make its classes, else why not; made anew when the lists change. */
    private volatile Map<Type, String> verdicts = new ConcurrentHashMap<>();

    public AllowList(FrameworkModel model) {
        this.model = model;
        manager = model.getBeanFactory().getOrRegisterBean(SerializeSecurityManager.class);
        manager.registerListener(this);
    }

    /** The framework's allow-list; none (everything admitted) without a framework. */
    public static AllowList of(FrameworkModel model) {
        if (model == null) {
            return null;
        }
        AllowList a = last;
        if (a == null || a.model != model) {
            a = model.getBeanFactory().getOrRegisterBean(AllowList.class);
            last = a;
        }
        return a;
    }

    /**
     * For a stream's reader (the dubbo protocol's {@code ObjectInput}): checks {@code type} against the framework's
     * allow-list before {@code what} is read, as an IOException naming it. Nothing without a framework, nor for
     * {@code Object} (read as maps and lists).
     */
    public static void checkRead(FrameworkModel model, Type type, String what) throws IOException {
        if (model != null && type != Object.class) {
            try {
                of(model).check(type);
            } catch (JsonCodecException e) {
                throw new IOException(what + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void notifyPrefix(Set<String> allowedList, Set<String> disAllowedList) {
        allowed = dotted(allowedList);
        disallowed = dotted(disAllowedList);
        verdicts = new ConcurrentHashMap<>();
    }

    @Override
    public void notifyCheckStatus(SerializeCheckStatus status) {
        this.status = status;
        verdicts = new ConcurrentHashMap<>();
    }

    @Override
    public void notifyCheckSerializable(boolean checkSerializable) {
        // JSON binds fields: Serializable is not asked for
    }

    /** Throws a {@link JsonCodecException} if reading {@code type} would make a class the allow-list refuses. */
    public void check(Type type) {
        if (type == null || status == SerializeCheckStatus.DISABLE) {
            return;
        }
        Map<Type, String> v = verdicts;
        String refusal = v.get(type);
        if (refusal == null) {
            refusal = judge(type);
            v.put(type, refusal);
        }
        if (!refusal.isEmpty()) {
            throw new JsonCodecException(refusal);
        }
    }

    private String judge(Type type) {
        SerializeCheckStatus now = status;
        Class<?>[] made = type instanceof Class
                ? MADE_BY_CLASS.get((Class<?>) type)
                : MADE.computeIfAbsent(type, AllowList::classes);
        for (Class<?> c : made) {
            String name = c.getName().replace('$', '.');
            if (startsWithAny(name, allowed)) {
                continue;
            }
            // said once per class, with Dubbo's code, as Dubbo's own checker says it for the dubbo protocol
            boolean unsaid = manager.getWarnedClasses().add(c.getName());
            if (now == SerializeCheckStatus.STRICT || startsWithAny(name, disallowed)) {
                String refusal = "class " + c.getName() + " (read as part of " + JsonTypes.typeName(type)
                        + ") is not admitted by Dubbo's serialize allow-list (serialize-check-status " + now
                        + "); add it to security/serialize.allowlist";
                if (unsaid) {
                    LOG.error(PROTOCOL_UNTRUSTED_SERIALIZE_CLASS, "", "", "[Serialization Security] " + refusal);
                }
                return refusal;
            }
            if (unsaid) {
                LOG.warn(
                        PROTOCOL_UNTRUSTED_SERIALIZE_CLASS,
                        "",
                        "",
                        "[Serialization Security] class " + c.getName() + " is not in the allow list; current mode"
                                + " is WARN, so it is read anyway. Consider adding it to security/serialize.allowlist.");
            }
        }
        return "";
    }

    private static String[] dotted(Set<String> prefixes) {
        return prefixes.stream()
                .filter(p -> p != null && !p.isEmpty())
                .map(p -> p.replace('$', '.'))
                .toArray(String[]::new);
    }

    private static boolean startsWithAny(String name, String[] prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private static Class<?>[] classes(Type type) {
        Set<Class<?>> out = new LinkedHashSet<>();
        walk(Shape.of(type), new HashSet<>(), out);
        return out.toArray(new Class<?>[0]);
    }

    private static void walk(Shape s, Set<Shape> seen, Set<Class<?>> out) {
        if (!seen.add(s)) {
            return;
        }
        switch (s.kind) {
            case POJO:
                out.add(s.raw);
                for (Shape.Member m : s.members()) {
                    walk(m.shape(), seen, out);
                }
                return;
            case ENUM:
                own(s.raw, out);
                return;
            case LIST:
                own(s.raw, out);
                walk(s.element(), seen, out);
                return;
            case MAP:
                own(s.raw, out);
                walk(s.key(), seen, out);
                walk(s.element(), seen, out);
                return;
            default:
        }
    }

    /** A class of the application's (not the JDK's, not an array) is checked. */
    private static void own(Class<?> c, Set<Class<?>> out) {
        String n = c.getName();
        if (!c.isArray() && !n.startsWith("java.") && !n.startsWith("javax.") && !n.startsWith("jdk.")) {
            out.add(c);
        }
    }
}
