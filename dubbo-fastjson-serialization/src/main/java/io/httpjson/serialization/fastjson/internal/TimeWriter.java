package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Type;

import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.writer.ObjectWriter;
import io.httpjson.codec.internal.JsonTypes;

/**
 * Writes java.time values and Dates (its subclasses too: {@code java.sql.Timestamp}, {@code java.sql.Date}) as the
 * ISO-8601 strings of {@link JsonTypes#formatTime}. Not API.
 */
public final class TimeWriter implements ObjectWriter<Object> {

    public static final TimeWriter INSTANCE = new TimeWriter();

    /** Public for fastjson2's {@code writeUsing}, which instantiates it per field. */
    public TimeWriter() {}

    @Override
    public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
        if (value == null) {
            w.writeNull();
        } else {
            w.writeString(JsonTypes.formatTime(value));
        }
    }
}
