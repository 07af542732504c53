package io.httpjson.serialization.fastjson.internal;

import java.io.Serializable;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.alibaba.fastjson2.modules.ObjectReaderModule;
import com.alibaba.fastjson2.modules.ObjectWriterModule;
import com.alibaba.fastjson2.reader.ObjectReader;
import com.alibaba.fastjson2.reader.ObjectReaderImplList;
import com.alibaba.fastjson2.reader.ObjectReaderImplMap;
import com.alibaba.fastjson2.reader.ObjectReaderProvider;
import com.alibaba.fastjson2.writer.ObjectWriter;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.serialization.fastjson.internal.ValueWriters.Any;
import io.httpjson.serialization.fastjson.internal.ValueWriters.Chars;
import io.httpjson.serialization.fastjson.internal.ValueWriters.Decimal;
import io.httpjson.serialization.fastjson.internal.ValueWriters.Finite;
import io.httpjson.serialization.fastjson.internal.ValueWriters.Optionals;

/**
 * Where fastjson2's own readers and writers are replaced to keep to the JSON mapping, by type: as the type of a
 * value (the modules, asked when a type's reader or writer is first made) and as the declared type of a POJO field
 * (for which fastjson2 picks specialised code of its own, unless told {@code writeUsing}/{@code readUsing}). The
 * choice is made when a type's reader or writer is made, not per value. Not API.
 */
final class Mapping {

    private Mapping() {}

    /** The writer of values of class {@code c}, or null for fastjson2's own. */
    static ObjectWriter<?> writer(Class<?> c) {
        if (c == null) {
            return null;
        }
        if (JsonTypes.isTimeType(c) || Date.class.isAssignableFrom(c)) {
            return TimeWriter.INSTANCE;
        }
        if (Map.class.isAssignableFrom(c)) {
            return MapWriter.INSTANCE;
        }
        if (c == Double.class
                || c == Float.class
                || c == double[].class
                || c == float[].class
                || c == Double[].class
                || c == Float[].class
                || c == BigDecimal[].class) {
            return Finite.INSTANCE;
        }
        if (c == BigDecimal.class) {
            return Decimal.INSTANCE;
        }
        if (c == char[].class) {
            return Chars.INSTANCE;
        }
        if (c == Character.class || c == char.class) {
            return ValueWriters.OneChar.INSTANCE;
        }
        if (c == Optional.class) {
            return Optionals.INSTANCE;
        }
        // a JDK class outside the mapping is written as fastjson2 writes it: in an Object position it is read back
        // as the Object row says; as a declared type the strict check refuses it when reading
        return null;
    }

    /**
     * The {@code writeUsing} of a field declared {@code c}, or null. Fields that may hold a Map are written through
     * the provider as well: fastjson2 would take its own map writer for them, keys unquoted.
     */
    static Class<? extends ObjectWriter<?>> fieldWriter(Class<?> c) {
        if (c == double.class || c == float.class) {
            return Finite.class;
        }
        if (c == Object.class || c == Serializable.class || c == Cloneable.class) {
            return Any.class;
        }
        ObjectWriter<?> w = writer(c);
        @SuppressWarnings("unchecked")
        Class<? extends ObjectWriter<?>> wc = w == null ? null : (Class<? extends ObjectWriter<?>>) w.getClass();
        return wc;
    }

    /** The {@code readUsing} of a field declared {@code c}, or null. */
    static Class<? extends ObjectReader<?>> fieldReader(Class<?> c) {
        if (JsonTypes.isTimeType(c)) {
            return TimeReader.class;
        }
        return c == Map.class || c == Set.class ? MapReaders.ByProvider.class : null;
    }

    static ObjectWriterModule writerModule() {
        return new ObjectWriterModule() {
            @Override
            public ObjectWriter getObjectWriter(Type objectType, Class objectClass) {
                return writer(objectClass);
            }
        };
    }

    /**
     * java.time and Date by {@link TimeReader}; {@code Map} and {@code Set} as LinkedHashMap and LinkedHashSet;
     * {@code Object} by {@link AnyReader}, which never selects a class.
     */
    static ObjectReaderModule readerModule() {
        return new ObjectReaderModule() {
            @Override
            public ObjectReader getObjectReader(ObjectReaderProvider provider, Type type) {
                if (type instanceof Class) {
                    Class<?> c = (Class<?>) type;
                    if (c == Object.class) {
                        return AnyReader.INSTANCE;
                    }
                    if (JsonTypes.isTimeType(c)) {
                        return new TimeReader(c);
                    }
                    if (c == Map.class) {
                        return ObjectReaderImplMap.of(null, LinkedHashMap.class, 0);
                    }
                    if (c == Set.class) {
                        return ObjectReaderImplList.of(c, LinkedHashSet.class, 0);
                    }
                } else if (type instanceof ParameterizedType) {
                    Type raw = ((ParameterizedType) type).getRawType();
                    ObjectReader<?> timeKeys = MapReaders.TimeKeys.of((ParameterizedType) type);
                    if (timeKeys != null) {
                        return timeKeys;
                    }
                    if (raw == Map.class) {
                        return ObjectReaderImplMap.of(type, LinkedHashMap.class, 0);
                    }
                    if (raw == Set.class) {
                        return ObjectReaderImplList.of(type, LinkedHashSet.class, 0);
                    }
                }
                return null;
            }
        };
    }
}
