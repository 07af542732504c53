package io.httpjson.serialization.gson.internal;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;

/** A class and its adapter; immutable, so a cache of one that threads overwrite racily stays consistent. */
final class RuntimeAdapter {
    final Class<?> type;
    final TypeAdapter<Object> adapter;

    @SuppressWarnings("unchecked")
    RuntimeAdapter(Class<?> type, TypeAdapter<?> adapter) {
        this.type = type;
        this.adapter = (TypeAdapter<Object>) adapter;
    }

    /** The adapters of runtime classes, for values of many classes (a map's values of declared type Object). */
    private static final ClassValue<TypeAdapter<Object>> BY_CLASS = new ClassValue<>() {
        @Override
        @SuppressWarnings("unchecked")
        protected TypeAdapter<Object> computeValue(Class<?> c) {
            return (TypeAdapter<Object>) GsonConfig.GSON.getAdapter(c);
        }
    };

    /** The adapter of {@code type} in the one Gson of httpjson, without a lookup by TypeToken. */
    static TypeAdapter<Object> of(Class<?> type) {
        return BY_CLASS.get(type);
    }

    /** {@code cached} if it is for {@code type}, else a new one to cache in its place. */
    static RuntimeAdapter of(RuntimeAdapter cached, Gson gson, Class<?> type) {
        return cached != null && cached.type == type ? cached : new RuntimeAdapter(type, gson.getAdapter(type));
    }
}
