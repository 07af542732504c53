package io.httpjson.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.httpjson.codec.internal.AllowList;
import io.httpjson.codec.internal.JsonTypes;
import org.apache.dubbo.common.logger.Logger;
import org.apache.dubbo.common.logger.LoggerFactory;

/**
 * The custom fields of an exception (non-static, non-transient fields of its non-JDK classes) as {@link
 * ThrowableJson} writes them under {@code "fields"} and sets them back.
 */
final class ExceptionFields {

    private static final Logger LOG = LoggerFactory.getLogger(ThrowableJson.class);

    /** Whether a field of the exception class was left out already (said once per class). */
    private static final ClassValue<AtomicBoolean> WARNED = new ClassValue<AtomicBoolean>() {
        @Override
        protected AtomicBoolean computeValue(Class<?> type) {
            return new AtomicBoolean();
        }
    };

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
                    if (Modifier.isStatic(m)
                            || Modifier.isTransient(m)
                            || f.isSynthetic()
                            || !readable(f.getGenericType())) {
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

    private ExceptionFields() {}

    /**
     * Whether a field of type {@code t} is sent: not an interface or abstract class of a library's or the
     * application's (but collections and maps of sendable elements), which JSON reads back only as null. Such a
     * field's value would only show the provider's objects to the caller (a validation exception's violations hold
     * the call's arguments).
     */
    private static boolean readable(Type t) {
        Class<?> raw = JsonTypes.rawClass(t);
        if (raw.isArray()) {
            return readable(raw.getComponentType());
        }
        if (t instanceof ParameterizedType
                && (Collection.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw))) {
            for (Type a : ((ParameterizedType) t).getActualTypeArguments()) {
                if (!readable(a)) {
                    return false;
                }
            }
            return true;
        }
        // the JDK's own (CharSequence, Serializable, Object...) are sent as before: a caller may read them
        return !JsonTypes.readsOnlyNull(raw) || raw.getName().startsWith("java.");
    }

    private static boolean isPlatform(String n) {
        return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.");
    }

    /**
     * The custom field values of {@code t} by name, or null if it has none to send; a field {@code codec} cannot
     * write is left out (said once per exception class).
     */
    static Map<String, Object> of(Throwable t, JsonCodec codec) {
        Field[] fields = CUSTOM_FIELDS.get(t.getClass());
        if (fields.length == 0) {
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field f : fields) {
            try {
                Object v = f.get(t);
                if (v != null && !(v instanceof Throwable) && !values.containsKey(f.getName())) {
                    String refused = refusal(v, codec);
                    if (refused == null) {
                        values.put(f.getName(), v);
                    } else {
                        leftOut(t.getClass(), f, refused);
                    }
                }
            } catch (IllegalAccessException e) {
                // not transmitted
            }
        }
        return values.isEmpty() ? null : values;
    }

    /**
     * Sets the fields of {@code t} (of class {@code type}) that {@code values} names. A field whose classes the
     * allow-list does not admit, or whose value does not fit, keeps its default: the exception itself still arrives.
     */
    static void restore(Throwable t, Class<?> type, Map<String, Object> values, JsonCodec codec, AllowList allowList) {
        for (Field f : CUSTOM_FIELDS.get(type)) {
            if (!values.containsKey(f.getName())) {
                continue;
            }
            Object v = values.get(f.getName());
            try {
                if (allowList != null) {
                    // the field's classes are made as a declared type's are: only if the allow-list admits them
                    allowList.check(f.getGenericType());
                }
                Object converted = codec.convert(v, f.getGenericType());
                if (converted != null || !f.getType().isPrimitive()) {
                    f.set(t, converted);
                }
            } catch (RuntimeException | IllegalAccessException e) {
                // a field that cannot be restored (or whose class is not admitted) keeps its default; the
                // exception itself still arrives
            }
        }
    }

    /** Why {@code v} cannot be written as JSON, or null if it can: tried with {@code codec} unless plainly fine. */
    private static String refusal(Object v, JsonCodec codec) {
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Double.isFinite(d) ? null : "JSON has no " + d;
        }
        if (codec == null
                || v instanceof String
                || v instanceof Integer
                || v instanceof Long
                || v instanceof Boolean
                || v instanceof Short
                || v instanceof Byte
                || v instanceof Enum) {
            return null;
        }
        try {
            codec.write(v, null, OutputStream.nullOutputStream());
            return null;
        } catch (IOException | RuntimeException e) {
            return String.valueOf(e.getMessage());
        }
    }

    private static void leftOut(Class<?> type, Field f, String why) {
        if (WARNED.get(type).compareAndSet(false, true)) {
            LOG.warn("the field " + f.getName() + " of " + type.getName() + " cannot be written as JSON (" + why
                    + "): it is left out when the exception is sent (it arrives with its default value); said once"
                    + " per exception class");
        }
    }
}
