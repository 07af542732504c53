package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

import com.google.gson.Gson;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.JsonCodecException;

/**
 * {@code Optional} (and OptionalInt, OptionalLong, OptionalDouble): read only as null, as the contract says (the
 * strict input check refuses anything else first); an empty one is written as null (left out as a field), a
 * present one is refused, since it could not be read back. Gson would reflect on Optional's private field. Not API.
 */
final class OptionalAdapterFactory implements TypeAdapterFactory {

    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        if (raw == Optional.class
                || raw == OptionalInt.class
                || raw == OptionalLong.class
                || raw == OptionalDouble.class) {
            return (TypeAdapter<T>) new NullOnly(raw);
        }
        return null;
    }

    private static final class NullOnly extends TypeAdapter<Object> {
        private final Class<?> raw;

        NullOnly(Class<?> raw) {
            this.raw = raw;
        }

        @Override
        public void write(JsonWriter out, Object value) throws IOException {
            if (value == null || !present(value)) {
                out.nullValue();
                return;
            }
            throw new JsonCodecException("cannot write a present " + raw.getName() + " as JSON: " + raw.getSimpleName()
                    + " is read only as null; declare the value's type");
        }

        private static boolean present(Object v) {
            if (v instanceof Optional) return ((Optional<?>) v).isPresent();
            if (v instanceof OptionalInt) return ((OptionalInt) v).isPresent();
            if (v instanceof OptionalLong) return ((OptionalLong) v).isPresent();
            return ((OptionalDouble) v).isPresent();
        }

        @Override
        public Object read(JsonReader in) throws IOException {
            if (in.peek() == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            throw new JsonSyntaxException("expected null (" + raw.getSimpleName() + " is not read from JSON: declare"
                    + " the value's own type, which may be null) but found " + in.peek() + " at " + in.getPath());
        }
    }
}
