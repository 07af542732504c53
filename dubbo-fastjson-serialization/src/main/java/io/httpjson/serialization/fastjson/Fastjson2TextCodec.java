package io.httpjson.serialization.fastjson;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.JSONWriter;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.codec.internal.StrictJson;
import io.httpjson.serialization.fastjson.internal.Fastjson2Config;

/**
 * {@link JsonCodec} on fastjson2 text JSON (extension name {@code fastjson2-text}). Reads and writes UTF-8 bytes
 * directly with fastjson2's {@link JSONReader}/{@link JSONWriter}; autoType is never enabled.
 */
public final class Fastjson2TextCodec implements JsonCodec {

    public static final String NAME = "fastjson2-text";

    public Fastjson2TextCodec() {}

    @Override
    public void write(Object value, Type type, OutputStream out) throws IOException {
        try (JSONWriter w = JSONWriter.ofUTF8(Fastjson2Config.WRITE_CONTEXT)) {
            writeValue(w, value);
            w.flushTo(out);
        } catch (StackOverflowError e) {
            throw new JsonCodecException("cannot write " + value.getClass().getName() + ": nested too deeply", e);
        } catch (RuntimeException e) {
            throw writeError(value, e);
        }
    }

    @Override
    public void writeArray(Object[] values, Type[] types, OutputStream out) throws IOException {
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
        } catch (StackOverflowError e) {
            throw new JsonCodecException("cannot write arguments: nested too deeply", e);
        } catch (RuntimeException e) {
            throw writeError(values, e);
        }
    }

    private static void writeValue(JSONWriter w, Object value) {
        if (value == null) {
            w.writeNull();
        } else {
            w.writeAny(value);
        }
    }

    @Override
    public Object read(byte[] json, int offset, int length, Type type) {
        StrictJson.check(json, offset, length, type);
        try (JSONReader r = reader(json, offset, length)) {
            Object v = readValue(r, type);
            if (!atEnd(r, json, offset + length)) {
                throw new JsonCodecException("expected the end of the JSON input after one " + JsonTypes.typeName(type)
                        + " but found more: " + JsonTypes.excerpt(json, offset, length));
            }
            return v;
        } catch (JsonCodecException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw readError("cannot read " + JsonTypes.typeName(type), e);
        }
    }

    /**
     * Nothing but whitespace left in {@code json[.., end)}. fastjson2 also reports the end when it meets a 0x1A
     * byte (its end-of-input marker); that is not the end here, and no JSON value ends with one.
     */
    private static boolean atEnd(JSONReader r, byte[] json, int end) {
        return r.isEnd() && r.getOffset() >= end && (end == 0 || json[end - 1] != 0x1A);
    }

    @Override
    public Object[] readArray(byte[] json, int offset, int length, Type[] types) {
        Object[] values = new Object[types.length];
        int i = 0;
        StrictJson.checkArray(json, offset, length, types);
        try (JSONReader r = reader(json, offset, length)) {
            if (!r.nextIfArrayStart()) {
                throw new JsonCodecException("expected a JSON array of " + types.length + " argument(s) but found "
                        + JsonTypes.excerpt(json, offset, length));
            }
            for (; i < types.length; i++) {
                if (r.nextIfArrayEnd()) {
                    throw new JsonCodecException("expected " + types.length + " argument(s) but found " + i);
                }
                values[i] = readValue(r, types[i]);
            }
            if (!r.nextIfArrayEnd()) {
                int found = types.length;
                while (!r.nextIfArrayEnd()) {
                    if (r.isEnd()) {
                        throw new JsonCodecException("unterminated JSON array of arguments");
                    }
                    r.skipValue();
                    found++;
                }
                throw new JsonCodecException("expected " + types.length + " argument(s) but found " + found);
            }
            if (!atEnd(r, json, offset + length)) {
                throw new JsonCodecException("expected the end of the JSON input after the arguments array but found more");
            }
            return values;
        } catch (JsonCodecException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw readError("cannot read argument " + i + (i < types.length ? " (" + JsonTypes.typeName(types[i]) + ")" : ""), e);
        }
    }

    @Override
    public Object[] readNamed(byte[] json, int offset, int length, String[] names, Type[] types) {
        Object[] values = new Object[types.length];
        boolean[] seen = new boolean[types.length];
        String name = null;
        StrictJson.checkNamed(json, offset, length, names, types);
        try (JSONReader r = reader(json, offset, length)) {
            if (!r.nextIfObjectStart()) {
                throw new JsonCodecException("expected a JSON object of named arguments " + java.util.Arrays.toString(names)
                        + " but found " + JsonTypes.excerpt(json, offset, length));
            }
            while (!r.nextIfObjectEnd()) {
                if (r.isEnd()) {
                    throw new JsonCodecException("unterminated JSON object of named arguments");
                }
                name = r.readFieldName();
                int idx = JsonTypes.argumentIndex(names, name);
                values[idx] = readValue(r, types[idx]);
                seen[idx] = true;
            }
            if (!atEnd(r, json, offset + length)) {
                throw new JsonCodecException("expected the end of the JSON input after the named arguments but found more");
            }
            JsonTypes.fillMissing(values, seen, types);
            return values;
        } catch (JsonCodecException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            throw readError(JsonTypes.namedArgumentContext(names, types, name), e);
        }
    }



    private static JSONReader reader(byte[] json, int offset, int length) {
        return JSONReader.of(json, offset, length, StandardCharsets.UTF_8, Fastjson2Config.READ_CONTEXT);
    }

    private static Object readValue(JSONReader r, Type type) {
        if (r.nextIfNull()) {
            return JsonTypes.primitiveDefault(type);
        }
        if (r.isEnd()) {
            throw new JsonCodecException("expected " + JsonTypes.typeName(type) + " but found the end of the input");
        }
        Object v = r.read(type == null ? Object.class : type);
        return v == null ? JsonTypes.primitiveDefault(type) : v;
    }

    private static JsonCodecException readError(String what, Throwable e) {
        if (e instanceof JsonCodecException) {
            return new JsonCodecException(what + ": " + e.getMessage(), e);
        }
        if (e instanceof StackOverflowError) {
            return new JsonCodecException(what + ": JSON nested too deeply", e);
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int cut = m.indexOf(", fastjson-version");
        if (cut > 0) {
            m = m.substring(0, cut);
        }
        if (m.startsWith("level too large")) {
            m = "JSON nested too deeply (" + m + ")";
        }
        Throwable c = e.getCause();
        if (c instanceof JsonCodecException) {
            m = c.getMessage();
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
