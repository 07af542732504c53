package io.httpjson.serialization.gson;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.util.Arrays;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.codec.internal.StrictJson;
import io.httpjson.serialization.gson.internal.GsonConfig;

/**
 * {@link JsonCodec} on Gson (extension name {@code gson-text}): one configured Gson, TypeAdapters cached per Type,
 * UTF-8 streamed to/from bytes.
 */
public final class GsonTextCodec implements JsonCodec {

    public static final String NAME = "gson-text";

    public GsonTextCodec() {}

    @Override
    public void write(Object value, Type type, OutputStream out) throws IOException {
        try {
            JsonWriter w = GsonConfig.writer(out);
            GsonConfig.writeValue(w, value);
            w.flush();
        } catch (StackOverflowError e) {
            throw new JsonCodecException("cannot write " + value.getClass().getName() + ": nested too deeply", e);
        } catch (RuntimeException e) {
            throw writeError(value, e);
        }
    }

    @Override
    public void writeArray(Object[] values, Type[] types, OutputStream out) throws IOException {
        try {
            JsonWriter w = GsonConfig.writer(out);
            w.beginArray();
            for (Object v : values) {
                GsonConfig.writeValue(w, v);
            }
            w.endArray();
            w.flush();
        } catch (StackOverflowError e) {
            throw new JsonCodecException("cannot write arguments: nested too deeply", e);
        } catch (RuntimeException e) {
            throw writeError(values, e);
        }
    }

    @Override
    public Object read(byte[] json, int offset, int length, Type type) {
        try {
            StrictJson.check(json, offset, length, type);
            JsonReader r = GsonConfig.reader(json, offset, length);
            Object v = readValue(r, type);
            if (r.peek() != JsonToken.END_DOCUMENT) {
                throw new JsonCodecException("expected the end of the JSON input after one " + JsonTypes.typeName(type)
                        + " but found more: " + JsonTypes.excerpt(json, offset, length));
            }
            return v;
        } catch (JsonCodecException e) {
            throw e;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw readError("cannot read " + JsonTypes.typeName(type), e);
        }
    }

    @Override
    public Object[] readArray(byte[] json, int offset, int length, Type[] types) {
        Object[] values = new Object[types.length];
        int i = 0;
        try {
            StrictJson.checkArray(json, offset, length, types);
            JsonReader r = GsonConfig.reader(json, offset, length);
            if (r.peek() != JsonToken.BEGIN_ARRAY) {
                throw new JsonCodecException("expected a JSON array of " + types.length + " argument(s) but found "
                        + JsonTypes.excerpt(json, offset, length));
            }
            r.beginArray();
            for (; i < types.length; i++) {
                if (!r.hasNext()) {
                    throw new JsonCodecException("expected " + types.length + " argument(s) but found " + i);
                }
                values[i] = readValue(r, types[i]);
            }
            if (r.hasNext()) {
                int found = types.length;
                while (r.hasNext()) {
                    r.skipValue();
                    found++;
                }
                throw new JsonCodecException("expected " + types.length + " argument(s) but found " + found);
            }
            r.endArray();
            if (r.peek() != JsonToken.END_DOCUMENT) {
                throw new JsonCodecException("expected the end of the JSON input after the arguments array but found more");
            }
            return values;
        } catch (JsonCodecException e) {
            throw e;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw readError("cannot read argument " + i + (i < types.length ? " (" + JsonTypes.typeName(types[i]) + ")" : ""), e);
        }
    }

    @Override
    public Object[] readNamed(byte[] json, int offset, int length, String[] names, Type[] types) {
        Object[] values = new Object[types.length];
        boolean[] seen = new boolean[types.length];
        String name = null;
        try {
            StrictJson.checkNamed(json, offset, length, names, types);
            JsonReader r = GsonConfig.reader(json, offset, length);
            if (r.peek() != JsonToken.BEGIN_OBJECT) {
                throw new JsonCodecException("expected a JSON object of named arguments " + Arrays.toString(names)
                        + " but found " + JsonTypes.excerpt(json, offset, length));
            }
            r.beginObject();
            while (r.hasNext()) {
                name = r.nextName();
                int idx = JsonTypes.argumentIndex(names, name);
                values[idx] = readValue(r, types[idx]);
                seen[idx] = true;
            }
            r.endObject();
            if (r.peek() != JsonToken.END_DOCUMENT) {
                throw new JsonCodecException("expected the end of the JSON input after the named arguments but found more");
            }
            JsonTypes.fillMissing(values, seen, types);
            return values;
        } catch (JsonCodecException e) {
            throw e;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw readError(JsonTypes.namedArgumentContext(names, types, name), e);
        }
    }

    private static Object readValue(JsonReader r, Type type) throws IOException {
        JsonToken t = r.peek();
        if (t == JsonToken.NULL) {
            r.nextNull();
            return JsonTypes.primitiveDefault(type);
        }
        if (t == JsonToken.END_DOCUMENT) {
            throw new JsonCodecException("expected " + JsonTypes.typeName(type) + " but found the end of the input");
        }
        Object v = GsonConfig.adapter(type).read(r);
        return v == null ? JsonTypes.primitiveDefault(type) : v;
    }


    private static JsonCodecException readError(String what, Throwable e) {
        if (e instanceof StackOverflowError) {
            return new JsonCodecException(what + ": JSON nested too deeply", e);
        }
        Throwable c = e;
        while (c.getCause() != null && c.getCause() != c && c.getMessage() != null
                && c.getCause().getMessage() != null && c.getMessage().contains(c.getCause().getMessage())) {
            c = c.getCause();
        }
        if (e.getCause() instanceof JsonCodecException) {
            c = e.getCause();
        }
        String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
        if (m.startsWith("Nesting limit")) {
            m = "JSON nested too deeply (" + m + ")";
        }
        m = m.replace("\nSee https://github.com/google/gson/blob/main/Troubleshooting.md#malformed-json", "")
                .replace("\nSee https://github.com/google/gson/blob/main/Troubleshooting.md#unexpected-json-structure", "");
        int see = m.indexOf("\nSee https://github.com/google/gson");
        if (see > 0) {
            m = m.substring(0, see);
        }
        return new JsonCodecException(what + ": " + m, e);
    }

    private static JsonCodecException writeError(Object value, RuntimeException e) {
        if (e instanceof JsonCodecException) {
            return (JsonCodecException) e;
        }
        return new JsonCodecException("cannot write " + (value == null ? "null" : value.getClass().getName())
                + " as JSON: " + e.getMessage(), e);
    }
}
