package io.httpjson.serialization.gson.internal;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.TypeAdapter;
import com.google.gson.TypeAdapterFactory;
import com.google.gson.reflect.TypeToken;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.codec.internal.TypeResolution;

/**
 * POJOs as JSON objects of their non-static, non-transient fields (superclasses included), in alphabetical order
 * of field name, nulls left out; the same shape fastjson2 writes with {@code FieldBased}. Unknown keys are
 * skipped, {@code "@type"} is refused. Not API.
 */
final class PojoAdapterFactory implements TypeAdapterFactory {

    @Override
    public <T> TypeAdapter<T> create(Gson gson, TypeToken<T> type) {
        Class<?> raw = type.getRawType();
        if (!isPojo(raw)) {
            return null;
        }
        Map<TypeVariable<?>, Type> bindings = TypeResolution.bindings(type.getType());
        TreeMap<String, Field> byName = new TreeMap<>();
        for (Class<?> c = raw; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) || Modifier.isTransient(m) || f.isSynthetic()) {
                    continue;
                }
                byName.putIfAbsent(f.getName(), f);
            }
        }
        List<BoundField> bound = new ArrayList<>(byName.size());
        Map<String, BoundField> index = new HashMap<>();
        for (Map.Entry<String, Field> e : byName.entrySet()) {
            Field f = e.getValue();
            f.setAccessible(true);
            Type ft = TypeResolution.resolve(f.getGenericType(), bindings);
            TypeAdapter<?> a = ft == Object.class ? new AnyAdapter(gson) : gson.getAdapter(TypeToken.get(ft));
            BoundField b = new BoundField(bound.size(), e.getKey(), f, raw, JsonTypes.rawClass(ft), a);
            bound.add(b);
            index.put(b.name, b);
        }
        @SuppressWarnings("unchecked")
        TypeAdapter<T> result = (TypeAdapter<T>) new PojoAdapter(gson, raw, bound.toArray(new BoundField[0]), index);
        return result;
    }

    static boolean isPojo(Class<?> raw) {
        if (raw.isPrimitive()
                || raw.isArray()
                || raw.isEnum()
                || Enum.class.isAssignableFrom(raw) // a constant with a body: Gson's enum adapter, by name()
                || raw.isInterface()
                || raw.isAnnotation()
                || Modifier.isAbstract(raw.getModifiers())
                || Collection.class.isAssignableFrom(raw)
                || Map.class.isAssignableFrom(raw)
                || JsonElement.class.isAssignableFrom(raw)) {
            return false;
        }
        String n = raw.getName();
        return !(n.startsWith("java.")
                || n.startsWith("javax.")
                || n.startsWith("jdk.")
                || n.startsWith("sun.")
                || n.startsWith("com.sun.")
                || n.startsWith("com.google.gson."));
    }

    static Map<String, Object> newMap() {
        return new LinkedHashMap<>();
    }
}
