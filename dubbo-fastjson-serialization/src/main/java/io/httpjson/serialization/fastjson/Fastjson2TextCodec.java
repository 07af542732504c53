package io.httpjson.serialization.fastjson;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.JSONWriter;
import io.httpjson.codec.AbstractJsonCodec;
import io.httpjson.codec.JsonCodec;
import io.httpjson.serialization.fastjson.internal.Fastjson2Config;

/**
 * {@link JsonCodec} on fastjson2 text JSON (extension name {@code fastjson2-text}): fastjson2's UTF-8
 * {@link JSONReader}/{@link JSONWriter} as the primitives of {@link AbstractJsonCodec}; autoType is never enabled.
 */
public final class Fastjson2TextCodec extends AbstractJsonCodec {

    public static final String NAME = "fastjson2-text";

    public Fastjson2TextCodec() {}

    @Override
    protected void writeOne(Object value, OutputStream out) throws IOException {
        try (JSONWriter w = JSONWriter.ofUTF8(Fastjson2Config.WRITE_CONTEXT)) {
            writeValue(w, value);
            w.flushTo(out);
        }
    }

    @Override
    protected void writeAll(Object[] values, OutputStream out) throws IOException {
        try (JSONWriter w = JSONWriter.ofUTF8(Fastjson2Config.WRITE_CONTEXT)) {
            w.startArray();
            for (int i = 0; i < values.length; i++) {
                if (i != 0) {
                    w.writeComma();
                }
                writeValue(w, values[i]);
            }
            w.endArray();
            w.flushTo(out);
        }
    }

    private static void writeValue(JSONWriter w, Object value) {
        if (value == null) {
            w.writeNull();
        } else {
            w.writeAny(value);
        }
    }

    /**
     * A number that ends the input is read from a copy with a space after it: fastjson2 (2.0.64) reads a number with
     * more digits than a long holds and an exponent wrongly when nothing follows it ({@code 1222...2E-40} as 1.2E36).
     * Only a bare number ends in a digit, so this copies a few bytes at most once per call.
     */
    @Override
    protected Reader reader(byte[] json, int offset, int length) {
        if (length > 0 && json[offset + length - 1] >= '0' && json[offset + length - 1] <= '9') {
            byte[] spaced = Arrays.copyOfRange(json, offset, offset + length + 1);
            spaced[length] = ' ';
            json = spaced;
            offset = 0;
            length++;
        }
        return new FastReader(
                json,
                offset + length,
                JSONReader.of(json, offset, length, StandardCharsets.UTF_8, Fastjson2Config.READ_CONTEXT));
    }

    @Override
    protected String engineMessage(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int cut = m.indexOf(", fastjson-version");
        if (cut > 0) {
            m = m.substring(0, cut);
        }
        return m.startsWith("level too large") ? "JSON nested too deeply (" + m + ")" : m;
    }

    private static final class FastReader implements Reader {
        private final byte[] json;
        private final int end;
        private final JSONReader r;

        FastReader(byte[] json, int end, JSONReader r) {
            this.json = json;
            this.end = end;
            this.r = r;
        }

        @Override
        public boolean beginArray() {
            return r.nextIfArrayStart();
        }

        @Override
        public boolean endArray() {
            return r.nextIfArrayEnd();
        }

        @Override
        public boolean beginObject() {
            return r.nextIfObjectStart();
        }

        @Override
        public boolean endObject() {
            return r.nextIfObjectEnd();
        }

        @Override
        public String name() {
            return r.readFieldName();
        }

        @Override
        public Object value(Type type) {
            return r.nextIfNull() ? null : r.read(type == null ? Object.class : type);
        }

        @Override
        public void skipValue() {
            r.skipValue();
        }

        /**
         * Nothing but whitespace left. fastjson2 also reports the end when it meets a 0x1A byte (its end-of-input
         * marker); that is not the end here, and no JSON value ends with one.
         */
        @Override
        public boolean atEnd() {
            return r.isEnd() && r.getOffset() >= end && (end == 0 || json[end - 1] != 0x1A);
        }

        @Override
        public void close() {
            r.close();
        }
    }
}
