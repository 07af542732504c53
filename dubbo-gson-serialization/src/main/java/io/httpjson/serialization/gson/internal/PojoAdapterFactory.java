package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.codec.internal.TypeResolution;

/**
 * POJOs as JSON objects of their non-static, non-transient fields (superclasses included), in alphabetical order
 * of field name, nulls left out; the same shape fastjson2 writes with {@code FieldBased}. Unknown keys are
 * skipped, {@code "@type"} is refused. Not API.
 */
final class PojoAdapterFactory implements TypeAdapterFactory {

    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        if (!isPojo(raw)) {
            return null;
        }
        Map<TypeVariable<?>, Type> bindings = TypeResolution.bindings(type.getType());
        TreeMap<String, Field> byName = new TreeMap<>();
        for (Class<?> c = raw; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()) {
                    continue;
                }
                byName.putIfAbsent(f.getName(), f);
            }
        }
        List<Bound> bound = new ArrayList<>(byName.size());
        Map<String, Bound> index = new HashMap<>();
        for (Map.Entry<String, Field> e : byName.entrySet()) {
            Field f = e.getValue();
            f.setAccessible(true);
            Type ft = TypeResolution.resolve(f.getGenericType(), bindings);
            TypeAdapter<?> a = ft == Object.class ? new AnyAdapter(gson) : gson.getAdapter(TypeToken.get(ft));
            Bound b = new Bound(bound.size(), e.getKey(), f, JsonTypes.rawClass(ft), a);
            bound.add(b);
            index.put(b.name, b);
        }
        @SuppressWarnings("unchecked")
        TypeAdapter<T> result = (TypeAdapter<T>) new PojoAdapter(gson, raw, bound.toArray(new Bound[0]), index);
        return result;
    }

    static boolean isPojo(Class<?> raw) {
        if (raw.isPrimitive()
                || raw.isArray()
                || raw.isEnum()
                || raw.isInterface()
                || raw.isAnnotation()
                || Modifier.isAbstract(raw.getModifiers())
                || raw.isRecord()
                || Collection.class.isAssignableFrom(raw)
                || Map.class.isAssignableFrom(raw)
                || JsonElement.class.isAssignableFrom(raw)
                || Number.class.isAssignableFrom(raw)) {
            return false;
        }
        String n = raw.getName();
        return !(n.startsWith("java.")
                || n.startsWith("javax.")
                || n.startsWith("jdk.")
                || n.startsWith("sun.")
                || n.startsWith("com.sun.")
                || n.startsWith("com.google.gson."));
    }

    /** Fields of these primitive types are written and read straight from and into the field, without boxing. */
    static final int OTHER = 0;

    static final int INT = 1;
    static final int LONG = 2;
    static final int BOOLEAN = 3;

    static final class Bound {
        /** Index in the alphabetical order of the fields, the order they are written in. */
        final int position;

        final String name;
        final Field field;
        final Class<?> declared;
        final TypeAdapter<Object> adapter;
        final int primitive;
        /** The adapter of the last runtime class met that is not the declared one (List field, ArrayList value). */
        RuntimeAdapter last;

        @SuppressWarnings("unchecked")
        Bound(int position, String name, Field field, Class<?> declared, TypeAdapter<?> adapter) {
            this.position = position;
            this.name = name;
            this.field = field;
            this.declared = declared;
            this.adapter = (TypeAdapter<Object>) adapter;
            this.primitive = declared == int.class
                    ? INT
                    : declared == long.class ? LONG : declared == boolean.class ? BOOLEAN : OTHER;
        }

        TypeAdapter<Object> runtimeAdapter(Gson gson, Class<?> type) {
            RuntimeAdapter r = RuntimeAdapter.of(last, gson, type);
            last = r;
            return r.adapter;
        }
    }

    /** A class and its adapter; immutable, so a cache of one that threads overwrite racily stays consistent. */
    static final class RuntimeAdapter {
        final Class<?> type;
        final TypeAdapter<Object> adapter;

        @SuppressWarnings("unchecked")
        RuntimeAdapter(Class<?> type, TypeAdapter<?> adapter) {
            this.type = type;
            this.adapter = (TypeAdapter<Object>) adapter;
        }

        /** {@code cached} if it is for {@code type}, else a new one to cache in its place. */
        static RuntimeAdapter of(RuntimeAdapter cached, Gson gson, Class<?> type) {
            return cached != null && cached.type == type ? cached : new RuntimeAdapter(type, gson.getAdapter(type));
        }
    }

    static final class PojoAdapter extends TypeAdapter<Object> {
        private final Gson gson;
        private final Class<?> raw;
        private final Bound[] fields;
        private final Map<String, Bound> index;
        private final Constructor<?> ctor;
        /** The adapter of the last subclass of {@code raw} written. */
        private RuntimeAdapter subclass;

        PojoAdapter(Gson gson, Class<?> raw, Bound[] fields, Map<String, Bound> index) {
            this.gson = gson;
            this.raw = raw;
            this.fields = fields;
            this.index = index;
            Constructor<?> c = null;
            try {
                c = raw.getDeclaredConstructor();
                c.setAccessible(true);
            } catch (NoSuchMethodException | RuntimeException e) {
                c = null;
            }
            this.ctor = c;
        }

        @Override
        public void write(JsonWriter out, Object value) throws IOException {
            if (value == null) {
                out.nullValue();
                return;
            }
            Class<?> c = value.getClass();
            if (c != raw) {
                // written by its runtime class, like fastjson2 does
                RuntimeAdapter r = RuntimeAdapter.of(subclass, gson, c);
                subclass = r;
                r.adapter.write(out, value);
                return;
            }
            out.beginObject();
            try {
                for (Bound b : fields) {
                    // int, long and boolean as Gson's own adapters for them write them (value(long), value(boolean))
                    switch (b.primitive) {
                        case INT:
                            out.name(b.name).value((long) b.field.getInt(value));
                            continue;
                        case LONG:
                            out.name(b.name).value(b.field.getLong(value));
                            continue;
                        case BOOLEAN:
                            out.name(b.name).value(b.field.getBoolean(value));
                            continue;
                        default:
                            break;
                    }
                    Object v = b.field.get(value);
                    if (v == null) {
                        continue;
                    }
                    out.name(b.name);
                    Class<?> vc = v.getClass();
                    if (vc == b.declared || b.declared.isPrimitive()) {
                        b.adapter.write(out, v);
                    } else {
                        b.runtimeAdapter(gson, vc).write(out, v);
                    }
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            out.endObject();
        }

        @Override
        public Object read(JsonReader in) throws IOException {
            if (in.peek() == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            if (in.peek() != JsonToken.BEGIN_OBJECT) {
                throw new JsonSyntaxException("expected a JSON object for " + raw.getName() + " but found " + in.peek()
                        + " at " + in.getPath());
            }
            Object obj = newInstance();
            in.beginObject();
            try {
                int next = 0; // JSON written by either engine has the fields in our order: try the next one first
                while (in.hasNext()) {
                    String name = in.nextName();
                    Bound b = next < fields.length && fields[next].name.equals(name) ? fields[next] : index.get(name);
                    if (b == null) {
                        if ("@type".equals(name)) {
                            throw new JsonSyntaxException("\"@type\" is not accepted: httpjson never selects classes "
                                    + "from JSON input (expected " + raw.getName() + ") at " + in.getPath());
                        }
                        in.skipValue();
                        continue;
                    }
                    next = b.position + 1;
                    if (b.primitive != OTHER) {
                        readPrimitive(in, obj, b);
                        continue;
                    }
                    Object v = b.adapter.read(in);
                    if (v != null || !b.declared.isPrimitive()) {
                        b.field.set(obj, v);
                    }
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
            in.endObject();
            return obj;
        }

        /**
         * An int, long or boolean field, read as Gson's adapters for them read it (null leaves the field alone, a
         * number that does not fit fails the same way, a string is a boolean if it says "true"), without boxing.
         */
        private static void readPrimitive(JsonReader in, Object obj, Bound b)
                throws IOException, IllegalAccessException {
            JsonToken t = in.peek();
            if (t == JsonToken.NULL) {
                in.nextNull();
                return;
            }
            try {
                switch (b.primitive) {
                    case INT:
                        b.field.setInt(obj, in.nextInt());
                        return;
                    case LONG:
                        b.field.setLong(obj, in.nextLong());
                        return;
                    default:
                        b.field.setBoolean(
                                obj, t == JsonToken.STRING ? Boolean.parseBoolean(in.nextString()) : in.nextBoolean());
                        return;
                }
            } catch (NumberFormatException e) {
                throw new JsonSyntaxException(e);
            }
        }

        private Object newInstance() {
            try {
                if (ctor != null) {
                    return ctor.newInstance();
                }
                return UnsafeAllocator.allocate(raw);
            } catch (ReflectiveOperationException e) {
                throw new JsonSyntaxException("cannot create " + raw.getName() + ": " + e, e);
            }
        }
    }

    /** Classes without a no-arg constructor: allocated without running one, as Gson and fastjson2 both do. */
    static final class UnsafeAllocator {
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

    static Map<String, Object> newMap() {
        return new LinkedHashMap<>();
    }
}
