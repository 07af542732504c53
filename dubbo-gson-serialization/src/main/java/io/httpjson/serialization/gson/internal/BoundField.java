package io.httpjson.serialization.gson.internal;

import java.lang.reflect.Field;

import com.google.gson.Gson;
import com.google.gson.TypeAdapter;
import io.httpjson.codec.internal.NullDefaults;

/** A field of a POJO as {@link PojoAdapter} writes and reads it: name, position, declared type and adapter. */
final class BoundField {
    /** Fields of these primitive types are written and read straight from and into the field, without boxing. */
    static final int OTHER = 0;

    static final int INT = 1;
    static final int LONG = 2;
    static final int BOOLEAN = 3;

    /** Index in the alphabetical order of the fields, the order they are written in. */
    final int position;

    final String name;
    final Field field;
    final Class<?> declared;
    final TypeAdapter<Object> adapter;
    final int primitive;
    /** Written as {@code null} when null: the no-arg constructor sets it ({@link NullDefaults}). */
    final boolean nullWritten;
    /** The adapter of the last runtime class met that is not the declared one (List field, ArrayList value). */
    RuntimeAdapter last;

    @SuppressWarnings("unchecked")
    BoundField(int position, String name, Field field, Class<?> owner, Class<?> declared, TypeAdapter<?> adapter) {
        this.position = position;
        this.name = name;
        this.field = field;
        this.declared = declared;
        this.adapter = (TypeAdapter<Object>) adapter;
        this.primitive = declared == int.class
                ? INT
                : declared == long.class ? LONG : declared == boolean.class ? BOOLEAN : OTHER;
        this.nullWritten = NullDefaults.writtenWhenNull(owner, field);
    }

    TypeAdapter<Object> runtimeAdapter(Gson gson, Class<?> type) {
        RuntimeAdapter r = RuntimeAdapter.of(last, gson, type);
        last = r;
        return r.adapter;
    }
}
