package io.httpjson.serialization.gson.internal;

import java.io.IOException;

import com.google.gson.Gson;
import com.google.gson.JsonIOException;
import com.google.gson.JsonSyntaxException;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.Unmapped;

/**
 * The JDK classes outside the JSON mapping ({@code Pattern}, {@code TimeZone}, {@code Class}...) where Gson itself
 * cannot write them: Gson would fail with advice to write a TypeAdapter (reflecting on a JDK class's private fields),
 * or that it forgot one ({@code Class}); the value is refused in {@link Unmapped}'s words instead, null written as
 * null. A JDK class Gson has an adapter for ({@code InetAddress}, {@code Calendar}...) is written by it, as before.
 * Not API.
 */
final class UnmappedAdapterFactory implements TypeAdapterFactory {

    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        String why = Unmapped.why(type.getRawType());
        if (why == null) {
            return null;
        }
        TypeAdapter<T> gsons;
        try {
            gsons = gson.getDelegateAdapter(this, type);
        } catch (JsonIOException e) {
            return (TypeAdapter<T>) new NullOnly(why);
        }
        return (TypeAdapter<T>) new Refusing((TypeAdapter<Object>) gsons, why);
    }

    /** Gson's adapter, whose refusal to write a value is said in {@link Unmapped}'s words. */
    private static final class Refusing extends TypeAdapter<Object> {
        private final TypeAdapter<Object> gsons;
        private final String why;

        Refusing(TypeAdapter<Object> gsons, String why) {
            this.gsons = gsons;
            this.why = why;
        }

        @Override
        public void write(JsonWriter out, Object value) throws IOException {
            try {
                gsons.write(out, value);
            } catch (UnsupportedOperationException | JsonIOException e) {
                throw new JsonCodecException(why);
            }
        }

        @Override
        public Object read(JsonReader in) throws IOException {
            return gsons.read(in);
        }
    }

    private static final class NullOnly extends TypeAdapter<Object> {
        private final String why;

        NullOnly(String why) {
            this.why = why;
        }

        @Override
        public void write(JsonWriter out, Object value) throws IOException {
            if (value != null) {
                throw new JsonCodecException(why);
            }
            out.nullValue();
        }

        @Override
        public Object read(JsonReader in) throws IOException {
            if (in.peek() == JsonToken.NULL) {
                in.nextNull();
                return null;
            }
            throw new JsonSyntaxException("expected null but found " + in.peek() + " at " + in.getPath());
        }
    }
}
