package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.util.Base64;
import java.util.Date;

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
 * java.time and Date as ISO-8601 strings (Date also from epoch millis), byte[] as base64. Subclasses of Date
 * (java.sql.Timestamp, java.sql.Date, java.sql.Time) are written and read as the ISO instant a Date is, a
 * Timestamp with its nanoseconds. Not API.
 */
final class TimeAdapterFactory implements TypeAdapterFactory {

    @Override
    @SuppressWarnings("unchecked")
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        if (raw == byte[].class) {
            return (TypeAdapter<T>) new Base64Adapter().nullSafe();
        }
        if (JsonTypes.isTimeType(raw) || Date.class.isAssignableFrom(raw)) {
            return (TypeAdapter<T>) new TimeAdapter(raw).nullSafe();
        }
        return null;
    }

    private static final class TimeAdapter extends TypeAdapter<Object> {
        private final Class<?> type;

        TimeAdapter(Class<?> type) {
            this.type = type;
        }

        @Override
        public void write(JsonWriter out, Object value) throws IOException {
            out.value(JsonTypes.formatTime(value));
        }

        @Override
        public Object read(JsonReader in) throws IOException {
            if (type == Date.class && in.peek() == JsonToken.NUMBER) {
                return new Date(in.nextLong());
            }
            if (in.peek() != JsonToken.STRING) {
                throw new JsonSyntaxException("expected an ISO-8601 " + type.getSimpleName() + " string but found "
                        + in.peek() + " at " + in.getPath());
            }
            return JsonTypes.parseTime(type, in.nextString());
        }
    }

    private static final class Base64Adapter extends TypeAdapter<byte[]> {
        @Override
        public void write(JsonWriter out, byte[] value) throws IOException {
            out.value(Base64.getEncoder().encodeToString(value));
        }

        @Override
        public byte[] read(JsonReader in) throws IOException {
            if (in.peek() != JsonToken.STRING) {
                throw new JsonSyntaxException(
                        "expected a base64 string for byte[] but found " + in.peek() + " at " + in.getPath());
            }
            String s = in.nextString();
            try {
                return Base64.getDecoder().decode(s);
            } catch (IllegalArgumentException e) {
                throw new JsonSyntaxException(
                        "expected a base64 string for byte[] but found \"" + JsonTypes.abbreviate(s) + "\" ("
                                + e.getMessage() + ") at " + in.getPath(),
                        e);
            }
        }
    }
}
