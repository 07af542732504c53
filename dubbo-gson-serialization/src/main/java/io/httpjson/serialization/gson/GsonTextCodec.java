package io.httpjson.serialization.gson;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import io.httpjson.codec.AbstractJsonCodec;
import io.httpjson.codec.JsonCodec;
import io.httpjson.serialization.gson.internal.GsonConfig;

/**
 * {@link JsonCodec} on Gson (extension name {@code gson-text}): one configured Gson, TypeAdapters cached per Type,
 * UTF-8 streamed to/from bytes, as the primitives of {@link AbstractJsonCodec}.
 */
public final class GsonTextCodec extends AbstractJsonCodec {

    public static final String NAME = "gson-text";

    public GsonTextCodec() {}

    @Override
    protected void writeOne(Object value, OutputStream out) throws IOException {
        JsonWriter w = GsonConfig.writer(out);
        GsonConfig.writeValue(w, value);
        w.close(); // flushes and gives the writer's buffers back; the stream stays open
    }

    @Override
    protected void writeAll(Object[] values, OutputStream out) throws IOException {
        JsonWriter w = GsonConfig.writer(out);
        w.beginArray();
        for (Object v : values) {
            GsonConfig.writeValue(w, v);
        }
        w.endArray();
        w.close();
    }

    @Override
    protected Reader reader(byte[] json, int offset, int length) {
        return new GsonReader(GsonConfig.reader(json, offset, length));
    }

    /** Gson's message of the innermost cause that says the same, without its troubleshooting link. */
    @Override
    protected String engineMessage(Throwable e) {
        Throwable c = e;
        while (c.getCause() != null
                && c.getCause() != c
                && c.getMessage() != null
                && c.getCause().getMessage() != null
                && c.getMessage().contains(c.getCause().getMessage())) {
            c = c.getCause();
        }
        String m = c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
        if (m.startsWith("Nesting limit")) {
            m = "JSON nested too deeply (" + m + ")";
        }
        int see = m.indexOf("\nSee https://github.com/google/gson");
        return see > 0 ? m.substring(0, see) : m;
    }

    private static final class GsonReader implements Reader {
        private final JsonReader r;

        GsonReader(JsonReader r) {
            this.r = r;
        }

        @Override
        public boolean beginArray() throws IOException {
            if (r.peek() != JsonToken.BEGIN_ARRAY) {
                return false;
            }
            r.beginArray();
            return true;
        }

        @Override
        public boolean endArray() throws IOException {
            if (r.peek() != JsonToken.END_ARRAY) {
                return false;
            }
            r.endArray();
            return true;
        }

        @Override
        public boolean beginObject() throws IOException {
            if (r.peek() != JsonToken.BEGIN_OBJECT) {
                return false;
            }
            r.beginObject();
            return true;
        }

        @Override
        public boolean endObject() throws IOException {
            if (r.peek() != JsonToken.END_OBJECT) {
                return false;
            }
            r.endObject();
            return true;
        }

        @Override
        public String name() throws IOException {
            return r.nextName();
        }

        @Override
        public Object value(Type type) throws IOException {
            if (r.peek() == JsonToken.NULL) {
                r.nextNull();
                return null;
            }
            return GsonConfig.adapter(type).read(r);
        }

        @Override
        public void skipValue() throws IOException {
            r.skipValue();
        }

        @Override
        public boolean atEnd() throws IOException {
            return r.peek() == JsonToken.END_DOCUMENT;
        }

        @Override
        public void close() {
            // reads a byte array: nothing to release
        }
    }
}
