package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Map;
import java.util.function.Supplier;

import com.google.gson.Gson;
import com.google.gson.JsonPrimitive;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.codec.internal.MapKeys;

/**
 * Maps as JSON objects, in place of Gson's map adapter: a key that is not a String is written as the text its
 * value would be in JSON ({@link MapKeys#text}), not as its {@code toString()}; of duplicate keys the last wins (Gson
 * refuses them); values of declared type {@code Object} are read by {@link AnyAdapter} (a {@code LinkedHashMap}
 * for an object, where Gson makes its own {@code LinkedTreeMap}); null values are left out. Not API.
 */
final class MapAdapterFactory implements TypeAdapterFactory {

    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        if (!Map.class.isAssignableFrom(raw)) {
            return null;
        }
        Type[] kv = TypeArguments.of(type.getType(), Map.class);
        Class<?> keyClass = JsonTypes.rawClass(kv[0]);
        TypeAdapter<?> values = kv[1] == Object.class ? new AnyAdapter(gson) : gson.getAdapter(TypeToken.get(kv[1]));
        Supplier<Map<Object, Object>> make = Containers.map(raw, keyClass);
        TypeAdapter<?> gsons = make == null ? gson.getDelegateAdapter(this, type) : null;
        TypeAdapter<?> keys = MapKeyText.kind(keyClass) == MapKeyText.TEXT ? gson.getAdapter(keyClass) : null;
        @SuppressWarnings("unchecked")
        TypeAdapter<T> a = (TypeAdapter<T>) new MapAdapter(raw, keyClass, kv[1], values, make, gsons, keys);
        return a;
    }

    private static final class MapAdapter extends TypeAdapter<Object> {
        private final Class<?> raw;
        private final Class<?> keyClass;
        private final int keyKind;
        /** The declared value class if the value type is a class (values of other classes: by runtime class). */
        private final Class<?> valueClass;

        private final TypeAdapter<Object> values;
        private final Supplier<Map<Object, Object>> make;
        private final boolean takesNull;
        /** Gson's adapter, to read a map class this one cannot make. */
        private final TypeAdapter<Object> gsons;
        /** Gson's adapter of a {@link MapKeyText#TEXT} key class, reading the key from its text. */
        private final TypeAdapter<Object> keys;

        @SuppressWarnings("unchecked")
        MapAdapter(
                Class<?> raw,
                Class<?> keyClass,
                Type valueType,
                TypeAdapter<?> values,
                Supplier<Map<Object, Object>> make,
                TypeAdapter<?> gsons,
                TypeAdapter<?> keys) {
            this.raw = raw;
            this.keyClass = keyClass;
            this.keyKind = MapKeyText.kind(keyClass);
            this.valueClass = valueType instanceof Class ? (Class<?>) valueType : null;
            this.values = (TypeAdapter<Object>) values;
            this.make = make;
            this.takesNull = Containers.takesNullValues(raw);
            this.gsons = (TypeAdapter<Object>) gsons;
            this.keys = (TypeAdapter<Object>) keys;
        }

        @Override
        public void write(JsonWriter out, Object value) throws IOException {
            if (value == null) {
                out.nullValue();
                return;
            }
            out.beginObject();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                Object v = e.getValue();
                if (v == null) {
                    continue; // null values are left out
                }
                Object k = e.getKey();
                out.name(k instanceof String ? (String) k : MapKeys.text(k));
                Class<?> vc = v.getClass();
                if (vc == valueClass || valueClass == null) {
                    values.write(out, v);
                } else {
                    RuntimeAdapter.of(vc).write(out, v); // by its runtime class, as Gson's map adapter writes it
                }
            }
            out.endObject();
        }

        @Override
        public Object read(JsonReader in) throws IOException {
            if (in.peek() == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            if (make == null) {
                return gsons.read(in);
            }
            Map<Object, Object> m = make.get();
            in.beginObject();
            while (in.hasNext()) {
                String name = in.nextName();
                Object k = keyKind == MapKeyText.STRING
                        ? name
                        : keys != null
                                ? keys.fromJsonTree(new JsonPrimitive(name))
                                : MapKeyText.parse(keyKind, keyClass, name, in);
                Object v = values.read(in);
                if (v == null && !takesNull) {
                    throw new JsonSyntaxException("expected a value but found null (" + raw.getSimpleName()
                            + " does not take null) at " + in.getPreviousPath());
                }
                m.put(k, v); // of duplicate keys the last wins
            }
            in.endObject();
            return m;
        }
    }
}
