package io.httpjson.codec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Type;

import io.httpjson.codec.internal.JsonTypes;
import org.apache.dubbo.common.extension.ExtensionScope;
import org.apache.dubbo.common.extension.SPI;

/**
 * One JSON engine, seen by the httpjson protocol and by the text-JSON serializations.
 *
 * <p>Implementations are immutable, thread-safe singletons that hold exactly one configured engine
 * (one {@code Gson}, one set of fastjson2 features). The extension name equals the Dubbo serialization
 * name of the module that ships it ({@code fastjson2-text}, {@code gson-text}), so a URL's
 * {@code serialization} parameter picks the codec.
 *
 * <p>Every implementation writes the same JSON for the same value and reads what the others write
 * (see {@code docs/protocol.md}, "JSON mapping"):
 * <ul>
 *   <li>POJOs as objects of their fields; {@code null} fields are left out, {@code null} array elements
 *       and arguments are written as {@code null};</li>
 *   <li>{@code long}/{@code Long}/{@code BigInteger}/{@code BigDecimal} as exact JSON numbers;</li>
 *   <li>{@code byte[]} as a base64 string (RFC 4648, with padding);</li>
 *   <li>enums by {@code name()};</li>
 *   <li>{@code java.time} types as ISO-8601 strings ({@code LocalDate} 2024-01-31,
 *       {@code LocalDateTime} 2024-01-31T10:15:30, {@code Instant} 2024-01-31T10:15:30Z, ...), and
 *       {@code java.util.Date} as an ISO-8601 UTC instant string (numbers of epoch milliseconds are
 *       accepted when reading);</li>
 *   <li>a value read with declared type {@code Object} becomes {@code Map}/{@code List}/{@code String}/
 *       {@code Boolean}/{@code null}, integers the smallest of {@code Integer}, {@code Long},
 *       {@code BigInteger} that holds them, other numbers {@code BigDecimal};</li>
 *   <li>no {@code @type} or other class name in the input ever selects or loads a class.</li>
 * </ul>
 *
 * <p>Every implementation accepts exactly the same input, checked over the bytes before its engine binds them
 * (one check shared by all engines):
 * <ul>
 *   <li>strict RFC 8259 JSON: no comments, single quotes, unquoted keys, trailing commas, {@code NaN}/{@code Infinity},
 *       leading zeros, raw control characters in strings, or anything after the value (the bytes must be UTF-8:
 *       the httpjson protocol and the dubbo serializations check that first);</li>
 *   <li>values the declared type holds without loss: integer types ({@code byte} to {@code long}, their boxes,
 *       {@code BigInteger}) take integer literals within their range (not {@code 1.5}, {@code 1e2} or
 *       {@code "12"}); {@code double}/{@code float} finite numbers; {@code String} strings; {@code boolean}
 *       {@code true}/{@code false}; enums a constant's name; dates and times ISO-8601 strings; lists and arrays
 *       JSON arrays; maps and POJOs JSON objects;</li>
 *   <li>numbers of at most 10 000 characters, with an exponent within &plusmn;2047 and, for {@code BigDecimal} and
 *       {@code Object}, a scale within &plusmn;9999, so that none costs more than constant time to convert;</li>
 *   <li>{@code "$ref"} (like any unknown key) is plain data: ignored in a POJO, a key of a map; nesting at most
 *       2048 levels.</li>
 * </ul>
 *
 * <p>Reading methods throw {@link JsonCodecException} with a message that names the problem (what was
 * expected, what was found, where: {@code argument 1 (User).tags[2]: expected a string but found 7}). They never
 * throw anything else for bad input.
 */
@SPI(value = "fastjson2-text", scope = ExtensionScope.FRAMEWORK)
public interface JsonCodec {

    /** Writes one value. {@code type} is its declared (possibly generic) type, or {@code null} for its runtime class. */
    void write(Object value, Type type, OutputStream out) throws IOException;

    /** Writes {@code values} as one JSON array, element {@code i} with declared type {@code types[i]}. */
    void writeArray(Object[] values, Type[] types, OutputStream out) throws IOException;

    /** Reads the whole of {@code json[offset, offset+length)} as one value of {@code type}. */
    Object read(byte[] json, int offset, int length, Type type);

    /**
     * Reads a JSON array whose element {@code i} has type {@code types[i]}; the array must have exactly
     * {@code types.length} elements (otherwise the message says how many were expected and found).
     */
    Object[] readArray(byte[] json, int offset, int length, Type[] types);

    /**
     * Reads a JSON object keyed by parameter name: the result's element {@code i} is the value of key
     * {@code names[i]} read as {@code types[i]}, or {@code null} (primitive default for primitive types) when
     * the key is absent. An unknown key is an error that lists the known names.
     */
    Object[] readNamed(byte[] json, int offset, int length, String[] names, Type[] types);

    /**
     * Converts a value as {@link #read} produces it for type {@code Object} (maps, lists, strings, numbers,
     * booleans, null) to {@code type}, with the same rules as reading it from JSON.
     */
    default Object convert(Object tree, Type type) {
        if (tree == null) {
            return JsonTypes.primitiveDefault(type);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            write(tree, null, bytes);
        } catch (IOException e) {
            throw new JsonCodecException("cannot convert " + tree.getClass().getName(), e);
        }
        byte[] b = bytes.toByteArray();
        return read(b, 0, b.length, type);
    }
}
