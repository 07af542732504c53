package io.httpjson.protocol.internal.codec;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.temporal.Temporal;
import java.util.Collection;
import java.util.Date;
import java.util.UUID;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.protocol.internal.MethodMeta;

/**
 * Reads a request body into the arguments of one method. The body may be (docs/protocol.md, "Arguments"):
 * <ul>
 *   <li>a JSON array of all arguments, in order (always accepted);</li>
 *   <li>for a method with one parameter, the bare value. When that parameter is itself an array or collection,
 *       a body {@code [[...]]} or {@code [null]} is read as the wrapped form and anything else as the bare
 *       value;</li>
 *   <li>a JSON object keyed by parameter name, when the method has two or more parameters, or one parameter of a
 *       simple type (string, number, boolean, enum, date/time). Needs the service compiled with
 *       {@code -parameters};</li>
 *   <li>empty, {@code []}, {@code {}} or {@code null} for a method without parameters.</li>
 * </ul>
 */
public final class Arguments {

    private static final Object[] NONE = new Object[0];

    private Arguments() {}

    public static Object[] read(JsonCodec codec, byte[] body, int len, MethodMeta method) {
        int arity = method.arity();
        int first = JsonScan.firstByte(body, 0, len);
        if (arity == 0) {
            if (first == -1) {
                return NONE;
            }
            if (first == 'n') {
                codec.read(body, 0, len, Object.class); // the literal null and nothing else
                return NONE;
            }
            if (first == '[' || first == '{') {
                return first == '['
                        ? codec.readArray(body, 0, len, new Type[0])
                        : codec.readNamed(body, 0, len, new String[0], new Type[0]);
            }
            throw new JsonCodecException(method + " takes no arguments; send an empty body or []");
        }
        if (first == -1) {
            throw new JsonCodecException(
                    "empty body; " + method + " takes " + arity + " argument(s): send them as a JSON array");
        }
        Type[] types = method.parameterTypes();
        if (arity == 1) {
            Class<?> c = method.argumentClass(0);
            boolean arrayLike = (c.isArray() && c != byte[].class) || Collection.class.isAssignableFrom(c);
            if (first == '[') {
                if (arrayLike && !wrapped(body, len)) {
                    return bare(codec, body, len, types[0]);
                }
                return codec.readArray(body, 0, len, types);
            }
            if (first == '{' && namedWhenAlone(c) && method.parameterNames() != null) {
                return codec.readNamed(body, 0, len, method.parameterNames(), types);
            }
            return bare(codec, body, len, types[0]);
        }
        if (first == '[') {
            return codec.readArray(body, 0, len, types);
        }
        if (first == '{') {
            String[] names = method.parameterNames();
            if (names == null) {
                throw new JsonCodecException("arguments by name need parameter names, which " + method
                        + " does not have (compile the service with javac -parameters); send a JSON array instead");
            }
            return codec.readNamed(body, 0, len, names, types);
        }
        throw new JsonCodecException(method + " takes " + arity + " arguments: send a JSON array of " + arity
                + " values (or an object keyed by parameter name)");
    }

    /** The only argument, sent bare: a failure names it as the array form would, "argument 0 (Type)...". */
    private static Object[] bare(JsonCodec codec, byte[] body, int len, Type type) {
        try {
            return new Object[] {codec.read(body, 0, len, type)};
        } catch (JsonCodecException e) {
            String m = e.getMessage();
            if (m != null && m.startsWith("value (")) {
                throw new JsonCodecException("argument 0" + m.substring("value".length()), e);
            }
            throw e;
        }
    }

    /** {@code [[...]]} or {@code [null]}: one wrapped array argument. */
    private static boolean wrapped(byte[] body, int len) {
        int inner = JsonScan.firstElementByte(body, 0, len);
        return (inner == '[' || inner == 'n') && JsonScan.countArrayElements(body, 0, len) == 1;
    }

    /**
     * Whether a method whose only parameter is of class {@code c} also takes it by name ({@code {"name": value}}):
     * a simple type, whose bare value is never an object. The OpenAPI document offers the named form by the same rule.
     */
    public static boolean namedWhenAlone(Class<?> c) {
        return c.isPrimitive()
                || c == String.class
                || Number.class.isAssignableFrom(c) && c.getName().startsWith("java.") // an application's is a POJO
                || c == Boolean.class
                || c == Character.class
                || c.isEnum()
                || Temporal.class.isAssignableFrom(c)
                || Date.class.isAssignableFrom(c)
                || c == BigDecimal.class
                || c == BigInteger.class
                || c == UUID.class;
    }

    /**
     * Whether a GET's query value for a parameter of class {@code c} is the text itself (a string-like type: string,
     * enum, date/time, UUID) rather than JSON. The OpenAPI document describes the query by the same rule.
     */
    public static boolean textInQuery(Class<?> c) {
        return c == String.class
                || c == Character.class
                || c == char.class
                || c.isEnum()
                || Temporal.class.isAssignableFrom(c)
                || Date.class.isAssignableFrom(c)
                || c == UUID.class;
    }
}
