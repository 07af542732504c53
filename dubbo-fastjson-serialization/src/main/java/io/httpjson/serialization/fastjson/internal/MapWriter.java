package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Date;
import java.util.Map;

import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.writer.ObjectWriter;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;

/**
 * Writes every {@link Map} (in place of fastjson2's map writer, which writes {@code Long} and {@code Integer} keys
 * unquoted, {@code {12:"a"}}, and enum keys by {@code toString()} when told to quote them): a key that is not a
 * String is written as the text its value would be in JSON, quoted ({@code "12"}, {@code "true"}, {@code "1E+3"},
 * an enum constant's {@code name()}, a date's ISO-8601 text); a key of any other type is refused, as the reader
 * refuses it. {@code null} values are left out. Not API.
 */
public final class MapWriter implements ObjectWriter<Object> {

    public static final MapWriter INSTANCE = new MapWriter();

    /** Why a null map key is refused: JSON object keys are strings; "null" would come back as that string. */
    static final String NULL_KEY = "a map with a null key cannot be written as JSON: object keys are strings, and"
            + " \"null\" would arrive as that text (hessian2 carries null keys; remove the entry or use a key)";

    /** Public for fastjson2's {@code writeUsing}, which instantiates it per field. */
    public MapWriter() {}

    @Override
    public void write(JSONWriter w, Object object, Object fieldName, Type fieldType, long features) {
        if (object == null) {
            w.writeNull();
            return;
        }
        w.startObject();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) object).entrySet()) {
            Object value = e.getValue();
            if (value == null) {
                continue;
            }
            Object key = e.getKey();
            w.writeName(key instanceof String ? (String) key : keyText(key));
            w.writeColon();
            Class<?> c = value.getClass();
            if (c == String.class) {
                w.writeString((String) value);
            } else if (c == Integer.class) {
                w.writeInt32((Integer) value);
            } else if (c == Long.class) {
                w.writeInt64((Long) value);
            } else if (c == Boolean.class) {
                w.writeBool((Boolean) value);
            } else {
                w.getObjectWriter(c).write(w, value, key, null, 0);
            }
        }
        w.endObject();
    }

    /** The JSON text of a key that is not a String, as its value would be written, without the quotes. */
    static String keyText(Object key) {
        if (key == null) {
            throw new JsonCodecException(MapWriter.NULL_KEY);
        }
        if (key instanceof Enum) {
            return ((Enum<?>) key).name();
        }
        if (key instanceof Integer
                || key instanceof Long
                || key instanceof Short
                || key instanceof Byte
                || key instanceof BigInteger
                || key instanceof BigDecimal
                || key instanceof Boolean
                || key instanceof Character
                || JsonTypes.isTextType(key.getClass())) {
            return key.toString(); // BigDecimal.toString and a UUID's text, as their values are written
        }
        if (key instanceof Double || key instanceof Float) {
            double d = ((Number) key).doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new JsonCodecException("cannot write the map key " + key + ": JSON has no NaN or Infinity");
            }
            return key.toString();
        }
        if (key instanceof Date || JsonTypes.isTimeType(key.getClass())) {
            return TimeWriter.format(key);
        }
        throw new JsonCodecException(
                "cannot write a map key of type " + key.getClass().getName()
                        + ": JSON map keys are strings, numbers, booleans, enum constants, dates or the JDK's text types (UUID...)");
    }
}
