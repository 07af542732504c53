package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.Queue;
import java.util.function.Supplier;

import com.google.gson.Gson;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.internal.JsonTypes;

/**
 * Reads the collections Gson's adapter reads otherwise than the contract says, and leaves the rest (and all
 * writing) to Gson: elements of declared type {@code Object} (and {@code Object[]}) by {@link AnyAdapter}, so an
 * object is a {@code LinkedHashMap}, not Gson's {@code LinkedTreeMap}; {@code Queue}/{@code Deque} as a
 * {@code LinkedList}, as fastjson2 reads them; a null element of a collection that takes none (a {@code SortedSet},
 * {@code ArrayDeque}, {@code EnumSet}) refused with its path, not a bare NullPointerException. Not API.
 */
final class CollectionAdapterFactory implements TypeAdapterFactory {

    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        TypeAdapter<?> a;
        if (raw == Object[].class) {
            a = new CollectionAdapter(
                    gson.getDelegateAdapter(this, type), new AnyAdapter(gson), ArrayList::new, true, raw);
        } else if (Collection.class.isAssignableFrom(raw)) {
            Type element = TypeArguments.of(type.getType(), Collection.class)[0];
            boolean takesNull = Containers.takesNullElements(raw);
            if (element != Object.class && takesNull && raw != Queue.class && raw != Deque.class) {
                return null; // List<String>, List<Foo>, Set<Long>: Gson's adapter
            }
            Supplier<Collection<Object>> make = Containers.collection(raw, JsonTypes.rawClass(element));
            if (make == null) {
                return null;
            }
            TypeAdapter<?> elements =
                    element == Object.class ? new AnyAdapter(gson) : gson.getAdapter(TypeToken.get(element));
            a = new CollectionAdapter(gson.getDelegateAdapter(this, type), elements, make, takesNull, raw);
        } else {
            return null;
        }
        @SuppressWarnings("unchecked")
        TypeAdapter<T> result = (TypeAdapter<T>) a;
        return result;
    }

    private static final class CollectionAdapter extends TypeAdapter<Object> {
        private final TypeAdapter<Object> gsons;
        private final TypeAdapter<Object> elements;
        private final Supplier<Collection<Object>> make;
        private final boolean takesNull;
        private final Class<?> raw;

        @SuppressWarnings("unchecked")
        CollectionAdapter(
                TypeAdapter<?> gsons,
                TypeAdapter<?> elements,
                Supplier<Collection<Object>> make,
                boolean takesNull,
                Class<?> raw) {
            this.gsons = (TypeAdapter<Object>) gsons;
            this.elements = (TypeAdapter<Object>) elements;
            this.make = make;
            this.takesNull = takesNull;
            this.raw = raw;
        }

        @Override
        public void write(JsonWriter out, Object value) throws IOException {
            gsons.write(out, value);
        }

        @Override
        public Object read(JsonReader in) throws IOException {
            if (in.peek() == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            Collection<Object> c = make.get();
            in.beginArray();
            while (in.hasNext()) {
                Object e = elements.read(in);
                if (e == null && !takesNull) {
                    throw new JsonSyntaxException("expected an element but found null (" + raw.getSimpleName()
                            + " does not take null) at " + in.getPreviousPath());
                }
                c.add(e);
            }
            in.endArray();
            return raw == Object[].class ? c.toArray() : c;
        }
    }
}
