package io.httpjson.serialization.gson.internal;

import java.io.IOException;

import com.google.gson.Gson;
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
 * The JDK classes outside the JSON mapping ({@code Pattern}, {@code TimeZone}, {@code Class}...): null is written as
 * null, a value is refused in fastjson2-text's words ({@link Unmapped}); Gson would reflect on their private fields
 * and fail with advice to write a TypeAdapter. Not API.
 */
final class UnmappedAdapterFactory implements TypeAdapterFactory {

    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        String why = Unmapped.why(type.getRawType());
        return why == null ? null : (TypeAdapter<T>) new NullOnly(why);
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
