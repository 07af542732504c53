package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Type;

import com.alibaba.fastjson2.JSONException;
import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.reader.ObjectReader;

/**
 * A value declared {@code Object} (or a type variable read as one), as the JSON it is: an object as a LinkedHashMap
 * and an array as an ArrayList (the read context's suppliers), a string, a number ({@code Integer}, {@code Long} or
 * {@code BigInteger}, else {@code BigDecimal}), a boolean or null. An {@code "@type"} key is data: fastjson2's own
 * reader for Object asks its global autoType accept list ({@code fastjson2.autoTypeAccept}, a
 * {@code fastjson2.properties}) about it, and httpjson never selects a class from JSON input. Not API.
 */
final class AnyReader implements ObjectReader<Object> {

    static final AnyReader INSTANCE = new AnyReader();

    private AnyReader() {}

    @Override
    public Object readObject(JSONReader r, Type fieldType, Object fieldName, long features) {
        if (r.nextIfNull()) {
            return null;
        }
        if (r.isObject()) {
            return r.readObject(); // its values, nested objects and arrays are read the same way, not by a provider
        }
        if (r.isArray()) {
            return r.readArray();
        }
        if (r.isString()) {
            return r.readString();
        }
        if (r.isNumber()) {
            return r.readNumber();
        }
        char c = r.current();
        if (c == 't' || c == 'f') {
            return r.readBoolValue();
        }
        throw new JSONException(r.info("illegal input"));
    }
}
