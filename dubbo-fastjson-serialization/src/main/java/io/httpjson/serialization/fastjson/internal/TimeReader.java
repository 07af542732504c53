package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Type;
import java.util.Date;

import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.reader.ObjectReader;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;

/**
 * Reads java.time values and Dates from the ISO-8601 text {@link TimeWriter} writes, by
 * {@link JsonTypes#parseTime} (fastjson2's own parsers move zone ids to other offsets and refuse valid ISO text);
 * a Date also from epoch milliseconds. Not API.
 */
public final class TimeReader implements ObjectReader<Object> {

    private final Class<?> type;

    /** Public for fastjson2's {@code readUsing}, which instantiates it per field: the field's type is used. */
    public TimeReader() {
        this(null);
    }

    TimeReader(Class<?> type) {
        this.type = type;
    }

    @Override
    public Class<Object> getObjectClass() {
        @SuppressWarnings("unchecked")
        Class<Object> c = (Class<Object>) (type == null ? Object.class : type);
        return c;
    }

    @Override
    public Object readObject(JSONReader r, Type fieldType, Object fieldName, long features) {
        if (r.nextIfNull()) {
            return null;
        }
        Class<?> t = type != null ? type : JsonTypes.rawClass(fieldType);
        if (t == Date.class && r.isNumber()) {
            return new Date(r.readInt64Value());
        }
        if (!r.isString()) {
            throw new JsonCodecException("expected an ISO-8601 " + t.getSimpleName() + " string but found "
                    + r.current() + " at offset " + r.getOffset());
        }
        return JsonTypes.parseTime(t, r.readString());
    }
}
