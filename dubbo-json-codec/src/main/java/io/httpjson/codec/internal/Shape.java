package io.httpjson.codec.internal;

import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What JSON a declared Java type accepts, as {@link StrictJson} checks it: the kind of value, the range of an
 * integer type, the constants of an enum, the fields of a POJO (the fields both engines bind: non-static,
 * non-transient, superclasses included). One per Type ({@link Shapes}). Not API.
 */
final class Shape {

    enum Kind {
        ANY,
        STRING,
        CHAR,
        BOOLEAN,
        INTEGER,
        BIG_INTEGER,
        DECIMAL,
        FLOATING,
        ENUM,
        TIME,
        DATE,
        BYTES,
        LIST,
        MAP,
        POJO,
        /** An interface or abstract class (but Collection, Map, Number), a JDK class outside the mapping: null. */
        NONE
    }

    static final Shape ANY = new Shape(Kind.ANY, "Object", Object.class);

    final Kind kind;
    /** Short name for messages: {@code int}, {@code List<String>}, {@code User}. */
    final String name;

    final Class<?> raw;
    /** INTEGER: the range; FLOATING: the largest decimal exponent of a finite value (38 or 308). */
    long min;

    long max;
    /** ENUM: the constants' names, UTF-8. */
    byte[][] constants;
    /** LIST: the element; MAP: the value. */
    Shape element;
    /** LIST: a null element is refused (a primitive array; a collection that takes no null, as a TreeSet). */
    boolean noNull;

    private Type elementType;
    /** MAP: the key, as its text must read ({@link MapKeys}). */
    private Shape key;

    private Type keyType;
    /** POJO: fields by name, UTF-8 (built on first use, so that recursive types work). */
    private volatile Member[] members;

    private Type pojoType;

    static final class Member {
        final byte[] name;
        /** The first eight bytes of the name, as {@link JsonStrings#head} reads them. */
        final long head;

        final String text;
        final Type type;
        private Shape shape;

        Member(String name, Type type) {
            this.text = name;
            this.name = name.getBytes(StandardCharsets.UTF_8);
            this.head = JsonStrings.head(this.name, 0, this.name.length);
            this.type = type;
        }

        Shape shape() {
            Shape s = shape;
            if (s == null) {
                s = of(type);
                shape = s;
            }
            return s;
        }
    }

    private Shape(Kind kind, String name, Class<?> raw) {
        this.kind = kind;
        this.name = name;
        this.raw = raw;
    }

    /** The shape of {@code type}, made once ({@link Shapes}). */
    static Shape of(Type type) {
        return Shapes.of(type);
    }

    Shape element() {
        Shape e = element;
        if (e == null) {
            e = of(elementType);
            element = e;
        }
        return e;
    }

    Shape key() {
        Shape k = key;
        if (k == null) {
            k = of(keyType);
            key = k;
        }
        return k;
    }

    Member[] members() {
        Member[] m = members;
        if (m == null) {
            m = fields(pojoType, raw);
            members = m;
        }
        return m;
    }

    static Shape create(Type type) {
        if (type instanceof WildcardType) {
            Type[] upper = ((WildcardType) type).getUpperBounds();
            return of(upper.length == 0 ? Object.class : upper[0]);
        }
        if (type instanceof TypeVariable) {
            return ANY;
        }
        Class<?> c = JsonTypes.rawClass(type);
        String name = shortName(type);
        if (type instanceof GenericArrayType) {
            return container(Kind.LIST, name, c, ((GenericArrayType) type).getGenericComponentType());
        }
        if (c == String.class) return new Shape(Kind.STRING, name, c);
        if (c == boolean.class || c == Boolean.class) return new Shape(Kind.BOOLEAN, name, c);
        if (c == int.class || c == Integer.class) return integer(name, c, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (c == long.class || c == Long.class) return integer(name, c, Long.MIN_VALUE, Long.MAX_VALUE);
        if (c == short.class || c == Short.class) return integer(name, c, Short.MIN_VALUE, Short.MAX_VALUE);
        if (c == byte.class || c == Byte.class) return integer(name, c, Byte.MIN_VALUE, Byte.MAX_VALUE);
        if (c == double.class || c == Double.class) return floating(name, c, 308);
        if (c == float.class || c == Float.class) return floating(name, c, 38);
        if (c == char.class || c == Character.class) return new Shape(Kind.CHAR, name, c);
        if (c == BigInteger.class) return new Shape(Kind.BIG_INTEGER, name, c);
        if (c == BigDecimal.class) return new Shape(Kind.DECIMAL, name, c);
        if (c == byte[].class) return new Shape(Kind.BYTES, name, c);
        if (c == Date.class) return new Shape(Kind.DATE, name, c);
        if (JsonTypes.isTimeType(c)) return new Shape(Kind.TIME, name, c);
        if (c.isEnum()) return enumeration(name, c);
        if (c.isArray() || Collection.class.isAssignableFrom(c)) {
            Shape s = container(Kind.LIST, name, c, c.isArray() ? c.getComponentType() : typeArgument(type, 0, 1));
            s.noNull = c.isArray() ? c.getComponentType().isPrimitive() : JsonTypes.takesNoNull(c);
            return s;
        }
        if (Map.class.isAssignableFrom(c)) {
            Shape s = container(Kind.MAP, name, c, typeArgument(type, 1, 2));
            s.keyType = typeArgument(type, 0, 2);
            return s;
        }
        if (isPojo(c) && Unmapped.enclosingInstance(c) != null) {
            return new Shape(Kind.NONE, name, c); // its enclosing instance would be left null
        }
        if (isPojo(c)) {
            Shape s = new Shape(Kind.POJO, name, c);
            s.pojoType = type;
            return s;
        }
        if (c == Number.class) return new Shape(Kind.DECIMAL, name, c);
        if (c == AtomicInteger.class) return integer(name, c, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (c == AtomicLong.class) return integer(name, c, Long.MIN_VALUE, Long.MAX_VALUE);
        if (c == AtomicBoolean.class) return new Shape(Kind.BOOLEAN, name, c);
        if (JsonTypes.TEXT_TYPES.contains(c)) return new Shape(Kind.STRING, name, c);
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers()) || JsonTypes.isJdkClass(c.getName())) {
            // the engines invent a class (a proxy, a default), or bind a JDK class (Optional, File, java.sql dates)
            // each its own way
            return new Shape(Kind.NONE, name, c);
        }
        return new Shape(Kind.ANY, name, c);
    }

    private static Shape integer(String name, Class<?> c, long min, long max) {
        Shape s = new Shape(Kind.INTEGER, name, c);
        s.min = min;
        s.max = max;
        return s;
    }

    private static Shape floating(String name, Class<?> c, int maxExponent) {
        Shape s = new Shape(Kind.FLOATING, name, c);
        s.max = maxExponent;
        return s;
    }

    private static Shape enumeration(String name, Class<?> c) {
        Shape s = new Shape(Kind.ENUM, name, c);
        Object[] values = c.getEnumConstants();
        s.constants = new byte[values.length][];
        for (int i = 0; i < values.length; i++) {
            s.constants[i] = ((Enum<?>) values[i]).name().getBytes(StandardCharsets.UTF_8);
        }
        return s;
    }

    private static Shape container(Kind kind, String name, Class<?> c, Type element) {
        Shape s = new Shape(kind, name, c);
        s.elementType = element;
        return s;
    }

    /** Argument {@code index} of a parameterized collection or map type; Object for a raw or derived one. */
    private static Type typeArgument(Type type, int index, int count) {
        if (type instanceof ParameterizedType) {
            Type[] args = ((ParameterizedType) type).getActualTypeArguments();
            if (args.length == count) {
                return args[index];
            }
        }
        return Object.class;
    }

    /**
     * The classes both engines bind field by field (the rule of the Gson engine's POJO adapter, records too): an
     * application's own {@code Number} subclass too, as both engines write and read it.
     */
    static boolean isPojo(Class<?> c) {
        if (c.isPrimitive() || c.isInterface() || c.isAnnotation() || Modifier.isAbstract(c.getModifiers())) {
            return false;
        }
        String n = c.getName();
        return !(JsonTypes.isJdkClass(n) || n.startsWith("com.google.gson.") || n.startsWith("com.alibaba.fastjson"));
    }

    private static Member[] fields(Type type, Class<?> raw) {
        Map<TypeVariable<?>, Type> bindings = TypeResolution.bindings(type);
        TreeMap<String, Field> byName = new TreeMap<>();
        for (Class<?> c = raw; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int m = f.getModifiers();
                if (!Modifier.isStatic(m) && !Modifier.isTransient(m) && !f.isSynthetic()) {
                    byName.putIfAbsent(f.getName(), f);
                }
            }
        }
        List<Member> list = new ArrayList<>(byName.size());
        for (Map.Entry<String, Field> e : byName.entrySet()) {
            list.add(new Member(e.getKey(), TypeResolution.resolve(e.getValue().getGenericType(), bindings)));
        }
        return list.toArray(new Member[0]);
    }

    /** {@code int}, {@code User}, {@code List<String>}, {@code User[]}: readable in a message. */
    static String shortName(Type type) {
        if (type instanceof Class) {
            Class<?> c = (Class<?>) type;
            return c.isArray() ? shortName(c.getComponentType()) + "[]" : c.getSimpleName();
        }
        if (type instanceof ParameterizedType) {
            ParameterizedType p = (ParameterizedType) type;
            StringBuilder sb = new StringBuilder(shortName(p.getRawType())).append('<');
            Type[] args = p.getActualTypeArguments();
            for (int i = 0; i < args.length; i++) {
                sb.append(i == 0 ? "" : ", ").append(shortName(args[i]));
            }
            return sb.append('>').toString();
        }
        if (type instanceof GenericArrayType) {
            return shortName(((GenericArrayType) type).getGenericComponentType()) + "[]";
        }
        return type == null ? "Object" : type.getTypeName();
    }
}
