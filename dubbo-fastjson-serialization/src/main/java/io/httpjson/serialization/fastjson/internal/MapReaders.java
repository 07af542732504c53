package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.reader.ObjectReader;
import io.httpjson.codec.internal.JsonTypes;

/** Readers of maps and sets where fastjson2's own differ from the JSON mapping. Not API. */
public final class MapReaders {

    private MapReaders() {}

    /**
     * A field declared {@code Map} or {@code Set}: read by the provider's reader of the field's type (a
     * LinkedHashMap or LinkedHashSet, see {@link Mapping#readerModule}), where fastjson2 would make a HashMap or
     * HashSet reader of its own. Public, with a public constructor, for fastjson2's {@code readUsing}.
     */
    public static final class ByProvider implements ObjectReader<Object> {
        private volatile Resolved resolved;

        public ByProvider() {}

        @Override
        public Object readObject(JSONReader r, Type fieldType, Object fieldName, long features) {
            Resolved x = resolved;
            if (x == null || x.type != fieldType) {
                resolved = x = new Resolved(fieldType, r.getObjectReader(fieldType));
            }
            return x.reader.readObject(r, fieldType, fieldName, features);
        }

        private static final class Resolved {
            final Type type;
            final ObjectReader<?> reader;

            Resolved(Type type, ObjectReader<?> reader) {
                this.type = type;
                this.reader = reader;
            }
        }
    }

    /**
     * A map whose keys are dates or java.time values, read by {@link JsonTypes#parseTime} as values are
     * ({@link TimeReader}); fastjson2 parses such keys itself.
     */
    static final class TimeKeys implements ObjectReader<Object> {
        private final Class<?> keyType;
        private final Type valueType;
        private final Supplier<Map<Object, Object>> instance;

        private TimeKeys(Class<?> keyType, Type valueType, Supplier<Map<Object, Object>> instance) {
            this.keyType = keyType;
            this.valueType = valueType;
            this.instance = instance;
        }

        /** The reader of {@code type} if it is a Map, LinkedHashMap or sorted map with time keys, else null. */
        static TimeKeys of(ParameterizedType type) {
            Type[] args = type.getActualTypeArguments();
            if (args.length != 2 || !(args[0] instanceof Class) || !JsonTypes.isTimeType((Class<?>) args[0])) {
                return null;
            }
            Type raw = type.getRawType();
            Supplier<Map<Object, Object>> instance;
            if (raw == Map.class || raw == LinkedHashMap.class) {
                instance = LinkedHashMap::new;
            } else if (raw == java.util.SortedMap.class
                    || raw == java.util.NavigableMap.class
                    || raw == TreeMap.class) {
                instance = TreeMap::new;
            } else if (raw == java.util.HashMap.class) {
                instance = java.util.HashMap::new;
            } else {
                return null;
            }
            return new TimeKeys((Class<?>) args[0], args[1], instance);
        }

        @Override
        public Object readObject(JSONReader r, Type fieldType, Object fieldName, long features) {
            if (r.nextIfNull()) {
                return null;
            }
            if (!r.nextIfObjectStart()) {
                throw new IllegalStateException("expected an object for a map at offset " + r.getOffset());
            }
            Map<Object, Object> map = instance.get();
            while (!r.nextIfObjectEnd()) {
                Object key = JsonTypes.parseTime(keyType, r.readFieldName());
                map.put(key, r.nextIfNull() ? null : r.read(valueType));
            }
            return map;
        }
    }
}
