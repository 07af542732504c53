package io.httpjson.serialization.gson.internal;

import java.io.IOException;

import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;

/**
 * A {@code float} read from the number's text in one rounding ({@link Float#parseFloat}), as fastjson2 reads it.
 * Gson's own adapter reads a double and narrows it, rounding twice: {@code 1.0000000596046448} became 1.0, not the
 * nearest float 1.0000001. Written as Gson writes it. Not API.
 */
final class FloatAdapter extends TypeAdapter<Float> {

    static final FloatAdapter INSTANCE = new FloatAdapter();

    private FloatAdapter() {}

    @Override
    public void write(JsonWriter out, Float value) throws IOException {
        if (value == null) {
            out.nullValue();
        } else {
            out.value(value);
        }
    }

    @Override
    public Float read(JsonReader in) throws IOException {
        if (in.peek() == JsonToken.NULL) {
            in.nextNull();
            return null;
        }
        return Float.parseFloat(in.nextString());
    }
}
