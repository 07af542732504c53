package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.internal.JsonTypes;

/** Values of declared type {@code Object}: LinkedHashMap, ArrayList, String, Boolean, numbers per the contract. Not API. */
final class AnyAdapter extends TypeAdapter<Object> {

    private final Gson gson;

    AnyAdapter(Gson gson) {
        this.gson = gson;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void write(JsonWriter out, Object value) throws IOException {
        if (value == null) {
            out.nullValue();
            return;
        }
        TypeAdapter a = gson.getAdapter(value.getClass());
        a.write(out, value);
    }

    @Override
    public Object read(JsonReader in) throws IOException {
        switch (in.peek()) {
            case BEGIN_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                in.beginObject();
                while (in.hasNext()) {
                    m.put(in.nextName(), read(in));
                }
                in.endObject();
                return m;
            }
            case BEGIN_ARRAY: {
                List<Object> l = new ArrayList<>();
                in.beginArray();
                while (in.hasNext()) {
                    l.add(read(in));
                }
                in.endArray();
                return l;
            }
            case STRING:
                return in.nextString();
            case NUMBER:
                return JsonTypes.objectNumber(in.nextString());
            case BOOLEAN:
                return in.nextBoolean();
            case NULL:
                in.nextNull();
                return null;
            default:
                throw new IllegalStateException("expected a JSON value but found " + in.peek() + " at " + in.getPath());
        }
    }
}
