package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.Optional;

import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.writer.ObjectWriter;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;

/**
 * The writers that replace fastjson2's where its output is not the JSON mapping: NaN and infinities (which it
 * writes as {@code null}), BigDecimal (plain where the mapping says {@code toString()}), char[] (one string),
 * a present Optional (its content, which nothing reads back). Each is public with a public constructor for
 * fastjson2's {@code writeUsing}. Not API.
 */
public final class ValueWriters {

    private ValueWriters() {}

    /** Double, Float, double[], float[], Double[], Float[]: refused if a value is NaN or infinite. */
    public static final class Finite implements ObjectWriter<Object> {
        public static final Finite INSTANCE = new Finite();

        public Finite() {}

        @Override
        public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
            if (value == null) {
                w.writeNull();
            } else if (value instanceof Double) {
                double d = (Double) value;
                check(d, fieldName);
                w.writeDouble(d);
            } else if (value instanceof Float) {
                float f = (Float) value;
                check(f, fieldName);
                w.writeFloat(f);
            } else if (value instanceof double[]) {
                double[] a = (double[]) value;
                for (double d : a) {
                    check(d, fieldName);
                }
                w.writeDouble(a);
            } else if (value instanceof float[]) {
                float[] a = (float[]) value;
                for (float f : a) {
                    check(f, fieldName);
                }
                w.writeFloat(a);
            } else if (value instanceof Object[]) {
                Object[] a = (Object[]) value;
                w.startArray();
                for (int i = 0; i < a.length; i++) {
                    if (i != 0) {
                        w.writeComma();
                    }
                    write(w, a[i], fieldName, null, features);
                }
                w.endArray();
            } else {
                w.writeAny(value);
            }
        }

        private static void check(double d, Object fieldName) {
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new JsonCodecException("cannot write " + d + (fieldName == null ? "" : " (" + fieldName + ")")
                        + " as JSON: JSON has no NaN or Infinity");
            }
        }
    }

    /** BigDecimal as {@link BigDecimal#toString()}: {@code 1E-8}, {@code 1E+3}, {@code 0E-10}. */
    public static final class Decimal implements ObjectWriter<Object> {
        public static final Decimal INSTANCE = new Decimal();

        public Decimal() {}

        @Override
        public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
            if (value == null) {
                w.writeNull();
                return;
            }
            BigDecimal d = (BigDecimal) value;
            int scale = d.scale();
            if (scale >= 0 && scale - d.precision() <= 5 && scale <= 1000 && d.precision() <= 1000) {
                // toString() has no exponent here, and fastjson2's own (allocation-free) text is the same
                w.writeDecimal(d, 0, null);
            } else {
                // refused if no reader would take it back (an exponent beyond +-2047...)
                w.writeRaw(JsonTypes.writableNumber(d));
            }
        }
    }

    /** char[] as an array of one-character strings, as the Gson engine writes and both read it. */
    public static final class Chars implements ObjectWriter<Object> {
        public static final Chars INSTANCE = new Chars();

        public Chars() {}

        @Override
        public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
            if (value == null) {
                w.writeNull();
                return;
            }
            char[] a = (char[]) value;
            w.startArray();
            for (int i = 0; i < a.length; i++) {
                if (i != 0) {
                    w.writeComma();
                }
                w.writeString(String.valueOf(a[i]));
            }
            w.endArray();
        }
    }

    /**
     * A char as a string of it, as a String is written: half of a surrogate pair, which UTF-8 has no form for, as
     * {@code ?} (fastjson2's own char writer refuses it, where the Gson engine writes {@code ?}).
     */
    public static final class OneChar implements ObjectWriter<Object> {
        public static final OneChar INSTANCE = new OneChar();

        public OneChar() {}

        @Override
        public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
            if (value == null) {
                w.writeNull();
            } else {
                w.writeString(String.valueOf((char) (Character) value));
            }
        }
    }

    /** Optional: empty as null; present refused, since JSON reads an Optional only as null. */
    public static final class Optionals implements ObjectWriter<Object> {
        public static final Optionals INSTANCE = new Optionals();

        public Optionals() {}

        @Override
        public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
            if (value == null || !((Optional<?>) value).isPresent()) {
                w.writeNull();
                return;
            }
            throw new JsonCodecException("cannot write a present Optional"
                    + (fieldName == null ? "" : " (" + fieldName + ")")
                    + " as JSON: Optional is read only as null; declare the value's type");
        }
    }

    /**
     * An enum field's constant by name, as fastjson2 writes it; for the fields written as null when null
     * ({@code NullDefaults}), whose null fastjson2's own enum field writer leaves out whatever the field's features.
     */
    public static final class EnumName implements ObjectWriter<Object> {
        public EnumName() {}

        @Override
        public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
            if (value == null) {
                w.writeNull();
            } else {
                w.writeString(((Enum<?>) value).name());
            }
        }
    }

    /**
     * A field declared {@code Object} (or a type variable): by the value's class, through the provider, so that
     * a Map in it is written by {@link MapWriter} (fastjson2 would pick its own map writer there).
     */
    public static final class Any implements ObjectWriter<Object> {
        public Any() {}

        @Override
        public void write(JSONWriter w, Object value, Object fieldName, Type fieldType, long features) {
            if (value == null) {
                w.writeNull();
            } else {
                w.getObjectWriter(value.getClass()).write(w, value, fieldName, null, 0);
            }
        }
    }
}
