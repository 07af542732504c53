package io.httpjson.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;
import java.util.Arrays;

import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.codec.internal.StrictJson;

/**
 * What every {@link JsonCodec} does the same way, so that a JSON engine supplies only its primitives: the read flow
 * (the one strict input check, {@link StrictJson}, then the engine binds a value, an argument array or named
 * arguments, then nothing may follow) and the error wrapping (every failure a {@link JsonCodecException} that says
 * what was being read or written). An engine implements {@link #reader}, {@link #writeOne}, {@link #writeAll}, and
 * {@link #engineMessage} for its own exceptions.
 */
public abstract class AbstractJsonCodec implements JsonCodec {

    /** One engine's reader over one input: the moves the read flow makes. The input is already strict JSON. */
    protected interface Reader extends AutoCloseable {

        /** Consumes {@code [} if it comes next. */
        boolean beginArray() throws IOException;

        /** Consumes {@code ]} if it comes next. */
        boolean endArray() throws IOException;

        /** Consumes <code>{</code> if it comes next. */
        boolean beginObject() throws IOException;

        /** Consumes <code>}</code> if it comes next. */
        boolean endObject() throws IOException;

        /** The next member's name. */
        String name() throws IOException;

        /** The next value as {@code type} ({@code null} for its runtime shape); null for JSON {@code null}. */
        Object value(Type type) throws IOException;

        void skipValue() throws IOException;

        /** Only whitespace is left. */
        boolean atEnd() throws IOException;

        @Override
        void close();
    }

    protected AbstractJsonCodec() {}

    /** A reader over {@code json[offset, offset + length)}. */
    protected abstract Reader reader(byte[] json, int offset, int length);

    /** Writes one value with the engine. */
    protected abstract void writeOne(Object value, OutputStream out) throws IOException;

    /** Writes the values as one JSON array with the engine. */
    protected abstract void writeAll(Object[] values, OutputStream out) throws IOException;

    /** The engine's message for one of its failures, without its boilerplate (versions, links). */
    protected abstract String engineMessage(Throwable e);

    @Override
    public final void write(Object value, Type type, OutputStream out) throws IOException {
        try {
            writeOne(value, out);
        } catch (StackOverflowError e) {
            throw new JsonCodecException("cannot write " + value.getClass().getName() + ": nested too deeply", e);
        } catch (RuntimeException e) {
            throw writeError(value, e);
        }
    }

    @Override
    public final void writeArray(Object[] values, Type[] types, OutputStream out) throws IOException {
        try {
            writeAll(values, out);
        } catch (StackOverflowError e) {
            throw new JsonCodecException("cannot write arguments: nested too deeply", e);
        } catch (RuntimeException e) {
            throw writeError(values, e);
        }
    }

    @Override
    public final Object read(byte[] json, int offset, int length, Type type) {
        StrictJson.check(json, offset, length, type);
        try (Reader r = reader(json, offset, length)) {
            Object v = valueOf(r, type);
            if (!r.atEnd()) {
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
    public final Object[] readArray(byte[] json, int offset, int length, Type[] types) {
        StrictJson.checkArray(json, offset, length, types);
        Object[] values = new Object[types.length];
        int i = 0;
        try (Reader r = reader(json, offset, length)) {
            if (!r.beginArray()) {
                throw new JsonCodecException("expected a JSON array of " + types.length + " argument(s) but found "
                        + JsonTypes.excerpt(json, offset, length));
            }
            for (; i < types.length; i++) {
                if (r.endArray()) {
                    throw new JsonCodecException("expected " + types.length + " argument(s) but found " + i);
                }
                values[i] = valueOf(r, types[i]);
            }
            if (!r.endArray()) {
                int found = types.length;
                while (!r.endArray()) {
                    r.skipValue();
                    found++;
                }
                throw new JsonCodecException("expected " + types.length + " argument(s) but found " + found);
            }
            if (!r.atEnd()) {
                throw new JsonCodecException(
                        "expected the end of the JSON input after the arguments array but found" + " more");
            }
            return values;
        } catch (JsonCodecException e) {
            throw e;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw readError(
                    "cannot read argument " + i + (i < types.length ? " (" + JsonTypes.typeName(types[i]) + ")" : ""),
                    e);
        }
    }

    @Override
    public final Object[] readNamed(byte[] json, int offset, int length, String[] names, Type[] types) {
        StrictJson.checkNamed(json, offset, length, names, types);
        Object[] values = new Object[types.length];
        boolean[] seen = new boolean[types.length];
        String name = null;
        try (Reader r = reader(json, offset, length)) {
            if (!r.beginObject()) {
                throw new JsonCodecException("expected a JSON object of named arguments " + Arrays.toString(names)
                        + " but found " + JsonTypes.excerpt(json, offset, length));
            }
            while (!r.endObject()) {
                name = r.name();
                int idx = JsonTypes.argumentIndex(names, name);
                values[idx] = valueOf(r, types[idx]);
                seen[idx] = true;
            }
            if (!r.atEnd()) {
                throw new JsonCodecException(
                        "expected the end of the JSON input after the named arguments but found" + " more");
            }
            JsonTypes.fillMissing(values, seen, types);
            return values;
        } catch (JsonCodecException e) {
            throw e;
        } catch (IOException | RuntimeException | StackOverflowError e) {
            throw readError(JsonTypes.namedArgumentContext(names, types, name), e);
        }
    }

    /** One value; JSON null (or an engine's null) for a primitive type is that type's default. */
    private static Object valueOf(Reader r, Type type) throws IOException {
        Object v = r.value(type);
        return v == null ? JsonTypes.primitiveDefault(type) : v;
    }

    private JsonCodecException readError(String what, Throwable e) {
        if (e instanceof StackOverflowError) {
            return new JsonCodecException(what + ": JSON nested too deeply", e);
        }
        Throwable c = e.getCause();
        String m = c instanceof JsonCodecException ? c.getMessage() : engineMessage(e);
        return new JsonCodecException(what + ": " + m, e);
    }

    private static JsonCodecException writeError(Object value, RuntimeException e) {
        if (e instanceof JsonCodecException) {
            return (JsonCodecException) e;
        }
        return new JsonCodecException(
                "cannot write " + (value == null ? "null" : value.getClass().getName()) + " as JSON: " + e.getMessage(),
                e);
    }
}
