package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Type;
import java.util.Map;

import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.writer.ObjectWriter;
import io.httpjson.codec.internal.MapKeys;

/**
 * Writes every {@link Map} (in place of fastjson2's map writer, which writes {@code Long} and {@code Integer} keys
 * unquoted, {@code {12:"a"}}, and enum keys by {@code toString()} when told to quote them): a key that is not a
 * String is written as {@link MapKeys#text}, quoted, as the reader reads it back. {@code null} values are left out. Not API.
 */
public final class MapWriter implements ObjectWriter<Object> {

    public static final MapWriter INSTANCE = new MapWriter();

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
            w.writeName(key instanceof String ? (String) key : MapKeys.text(key));
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
}
