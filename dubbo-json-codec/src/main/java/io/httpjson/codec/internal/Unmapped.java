package io.httpjson.codec.internal;

import java.lang.reflect.Modifier;

/**
 * The JDK classes outside the JSON mapping, which JSON reads back only as null ({@code Pattern}, {@code TimeZone},
 * {@code Class}, {@code File}...), and inner classes: the strict check refuses to read them as declared types, saying
 * what to declare instead. Not API.
 */
public final class Unmapped {

    private Unmapped() {}

    /**
     * Why a declared type or a value of class {@code c} cannot be JSON, or null for any class but a JDK class outside
     * the mapping (Optional has its own words). The strict check refuses such a declared type when reading; the Gson
     * engine says this where Gson itself cannot write the value. A value in an {@code Object} position is not
     * refused for it: fastjson2-text writes it as before, read back by the {@code Object} row.
     */
    public static String why(Class<?> c) {
        if (c.isInterface()
                || c.isArray()
                || c.isPrimitive()
                || !JsonTypes.isJdkClass(c.getName())
                || c.getName().startsWith("java.util.Optional")
                || Shape.of(c).kind != Shape.Kind.NONE) {
            return null;
        }
        String name = publicName(c);
        return "cannot write a " + name + " as JSON: " + outsideTheMapping(c, name);
    }

    /**
     * The class of the enclosing instance a POJO class keeps (a non-static inner class's {@code this$0}), which JSON
     * cannot carry: hessian2 sends it, JSON would leave it null; null for any other class.
     */
    static Class<?> enclosingInstance(Class<?> c) {
        // a member class only: an anonymous one (double-brace initialisation) is read as the class it extends; a
        // Collection or Map subclass is read as a list or map, whose elements JSON carries
        if (!c.isMemberClass()
                || Modifier.isStatic(c.getModifiers())
                || !Shape.isPojo(c)
                || java.util.Collection.class.isAssignableFrom(c)
                || java.util.Map.class.isAssignableFrom(c)) {
            return null;
        }
        for (java.lang.reflect.Field f : c.getDeclaredFields()) {
            if (f.isSynthetic() && f.getName().startsWith("this$")) {
                return f.getType();
            }
        }
        return null;
    }

    /** "Inner is an inner class of Outer (not static): ..." */
    static String innerClass(Class<?> c, Class<?> outer) {
        return c.getSimpleName() + " is an inner class of " + outer.getSimpleName() + " (not static), whose "
                + outer.getSimpleName() + " instance JSON cannot carry: declare it static";
    }

    /** "Pattern is a JDK class outside httpjson's JSON mapping, read only as null: " and what to declare instead. */
    static String outsideTheMapping(Class<?> c, String name) {
        String instead;
        if (java.util.TimeZone.class.isAssignableFrom(c)) {
            instead = "declare a java.time.ZoneId";
        } else if (java.util.Calendar.class.isAssignableFrom(c)) {
            instead = "declare a java.time type (ZonedDateTime, Instant...)";
        } else if (c == Class.class) {
            instead = "send the class name as a String";
        } else if (c == java.util.regex.Pattern.class) {
            instead = "send the pattern as a String";
        } else {
            instead = "declare a type of the mapping, see docs/serialization.md";
        }
        return name + " is a JDK class outside httpjson's JSON mapping, read only as null: " + instead;
    }

    /**
     * The simple name of {@code c}, or of its first superclass an application can name ({@code TimeZone} for the
     * JDK's {@code sun.util.calendar.ZoneInfo}).
     */
    private static String publicName(Class<?> c) {
        Class<?> p = c;
        while (!(Modifier.isPublic(p.getModifiers()) && p.getModule().isExported(p.getPackageName()))
                && p.getSuperclass() != null
                && p.getSuperclass() != Object.class) {
            p = p.getSuperclass();
        }
        return p.getSimpleName();
    }
}
