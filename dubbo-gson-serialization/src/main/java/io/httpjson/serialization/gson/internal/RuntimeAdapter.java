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

    /** {@code cached} if it is for {@code type}, else a new one to cache in its place. */
    static RuntimeAdapter of(RuntimeAdapter cached, Gson gson, Class<?> type) {
        return cached != null && cached.type == type ? cached : new RuntimeAdapter(type, gson.getAdapter(type));
    }
}
