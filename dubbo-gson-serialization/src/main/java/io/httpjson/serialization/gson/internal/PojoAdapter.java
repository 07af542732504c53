package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.internal.JsonTypes;

/**
 * A POJO as a JSON object of its bound fields, in their order, nulls left out (but {@link BoundField#nullWritten});
 * unknown keys skipped, {@code "@type"} refused. A record the same way, made by its canonical constructor. Made by
 * {@link PojoAdapterFactory}.
 */
final class PojoAdapter extends TypeAdapter<Object> {
    private final Gson gson;
    private final Class<?> raw;
    private final BoundField[] fields;
    private final Map<String, BoundField> index;
    private final Constructor<?> ctor;
    /** A record's canonical constructor's parameters, by the position of the field each is (null: not a record). */
    private final int[] components;
    /** The adapter of the last subclass of {@code raw} written. */
    private RuntimeAdapter subclass;

    PojoAdapter(Gson gson, Class<?> raw, BoundField[] fields, Map<String, BoundField> index) {
        this.gson = gson;
        this.raw = raw;
        this.fields = fields;
        this.index = index;
        RecordComponent[] rc = raw.getRecordComponents();
        Constructor<?> c;
        try {
            if (rc == null) {
                c = raw.getDeclaredConstructor();
            } else {
                Class<?>[] types = new Class<?>[rc.length];
                for (int i = 0; i < rc.length; i++) {
                    types[i] = rc[i].getType();
                }
                c = raw.getDeclaredConstructor(types);
            }
            c.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException e) {
            c = null;
        }
        this.ctor = c;
        if (rc == null) {
            components = null;
        } else {
            components = new int[rc.length];
            for (int i = 0; i < rc.length; i++) {
                components[i] = index.get(rc[i].getName()).position;
            }
        }
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
            for (BoundField b : fields) {
                // int, long and boolean as Gson's own adapters for them write them (value(long), value(boolean))
                switch (b.primitive) {
                    case BoundField.INT:
                        out.name(b.name).value((long) b.field.getInt(value));
                        continue;
                    case BoundField.LONG:
                        out.name(b.name).value(b.field.getLong(value));
                        continue;
                    case BoundField.BOOLEAN:
                        out.name(b.name).value(b.field.getBoolean(value));
                        continue;
                    default:
                        break;
                }
                Object v = b.field.get(value);
                if (v == null) {
                    if (b.nullWritten) {
                        out.name(b.name).jsonValue("null");
                    }
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
            throw new JsonSyntaxException(
                    "expected a JSON object for " + raw.getName() + " but found " + in.peek() + " at " + in.getPath());
        }
        if (components != null) {
            return readRecord(in);
        }
        Object obj = newInstance();
        in.beginObject();
        try {
            int next = 0; // JSON written by either engine has the fields in our order: try the next one first
            while (in.hasNext()) {
                String name = in.nextName();
                BoundField b = next < fields.length && fields[next].name.equals(name) ? fields[next] : index.get(name);
                if (b == null) {
                    if ("@type".equals(name)) {
                        throw new JsonSyntaxException("\"@type\" is not accepted: httpjson never selects classes "
                                + "from JSON input (expected " + raw.getName() + ") at " + in.getPath());
                    }
                    in.skipValue();
                    continue;
                }
                next = b.position + 1;
                if (b.primitive != BoundField.OTHER) {
                    readPrimitive(in, obj, b);
                    continue;
                }
                Object v = b.adapter.read(in);
                // null into a primitive field is its type's default, as for a primitive argument
                b.field.set(obj, v != null ? v : JsonTypes.primitiveDefault(b.declared));
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        in.endObject();
        return obj;
    }

    /** A record: its components' values by name, then its canonical constructor (a missing one is null or 0). */
    private Object readRecord(JsonReader in) throws IOException {
        Object[] values = new Object[fields.length];
        in.beginObject();
        while (in.hasNext()) {
            BoundField b = index.get(in.nextName());
            if (b == null) {
                in.skipValue();
            } else {
                values[b.position] = b.adapter.read(in);
            }
        }
        in.endObject();
        Object[] args = new Object[components.length];
        for (int i = 0; i < args.length; i++) {
            BoundField b = fields[components[i]];
            Object v = values[b.position];
            args[i] = v != null ? v : JsonTypes.primitiveDefault(b.declared);
        }
        try {
            return ctor.newInstance(args);
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
            throw new JsonSyntaxException("cannot create " + raw.getName() + ": " + cause, cause);
        }
    }

    /**
     * An int, long or boolean field, read as Gson's adapters for them read it (a number that does not fit fails the
     * same way, a string is a boolean if it says "true"), without boxing; null is the type's default.
     */
    private static void readPrimitive(JsonReader in, Object obj, BoundField b)
            throws IOException, IllegalAccessException {
        JsonToken t = in.peek();
        if (t == JsonToken.NULL) {
            in.nextNull();
            b.field.set(obj, JsonTypes.primitiveDefault(b.declared));
            return;
        }
        try {
            switch (b.primitive) {
                case BoundField.INT:
                    b.field.setInt(obj, in.nextInt());
                    return;
                case BoundField.LONG:
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
            // the constructor's own failure, not the reflection's wrapper around it
            Throwable cause = e instanceof InvocationTargetException ? e.getCause() : e;
            throw new JsonSyntaxException("cannot create " + raw.getName() + ": " + cause, cause);
        }
    }
}
