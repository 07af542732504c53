package io.httpjson.serialization.fastjson.internal;

import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.reader.ObjectReader;
import com.alibaba.fastjson2.reader.ObjectReaderProvider;
import com.alibaba.fastjson2.writer.ObjectWriter;
import com.alibaba.fastjson2.writer.ObjectWriterProvider;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;

/**
 * The one fastjson2 configuration of httpjson: private providers (nothing registered globally), field-based
 * POJOs, no autoType, base64 byte[], the JSON mapping where fastjson2's own differs ({@link Mapping}: ISO-8601
 * dates, quoted map keys, ordered maps and sets, ...), and each type's reader and writer made once.
 * Not API.
 */
public final class Fastjson2Config {

    public static final JSONWriter.Context WRITE_CONTEXT;
    public static final JSONReader.Context READ_CONTEXT;

    static {
        ObjectWriterProvider writers = new OnceWriters();
        writers.register(Mapping.writerModule());
        // fastjson2's map, list and POJO writers write BigDecimal values themselves unless one is registered
        writers.register(BigDecimal.class, ValueWriters.Decimal.INSTANCE, true);
        writers.register(BigDecimal.class, ValueWriters.Decimal.INSTANCE, false);
        ObjectReaderProvider readers = new OnceReaders();
        readers.register(Mapping.readerModule());
        NoAnnotations.install(readers, writers);
        WRITE_CONTEXT = new JSONWriter.Context(
                writers, JSONWriter.Feature.FieldBased, JSONWriter.Feature.WriteByteArrayAsBase64);

        JSONReader.Context rc = new JSONReader.Context(
                readers,
                JSONReader.Feature.FieldBased,
                JSONReader.Feature.Base64StringAsByteArray,
                JSONReader.Feature.UseBigDecimalForDoubles,
                // "$ref" is data, never a reference to another part of the input
                JSONReader.Feature.DisableReferenceDetect);
        rc.setObjectSupplier(LinkedHashMap::new);
        rc.setArraySupplier(ArrayList::new);
        // autoType is never enabled. In a value read as Object or a map, "@type" is an ordinary key, as in the
        // Gson engine (no class is looked up: fastjson2 keeps it as data when this returns null); anywhere else
        // the strict input check has refused it before fastjson2 reads, and this refuses any class fastjson2 would
        // look up for it. The handler is the provider's, not the context's: with one in the context, fastjson2
        // (2.0.64) reads a component of a generic class in a record of three or more components without its
        // fields, as an empty object.
        readers.setAutoTypeBeforeHandler((typeName, expectClass, features) -> {
            if (expectClass == null || expectClass == Object.class || Map.class.isAssignableFrom(expectClass)) {
                return null;
            }
            throw new JsonCodecException("\"@type\": \"" + JsonTypes.abbreviate(String.valueOf(typeName))
                    + "\" is not accepted: httpjson never selects classes from JSON input (expected "
                    + (expectClass == null ? "a value" : JsonTypes.typeName(expectClass)) + ")");
        });
        READ_CONTEXT = rc;
    }

    private Fastjson2Config() {}

    /*
     * fastjson2 makes a type's reader or writer when its cache misses, generating and loading a class, and keeps
     * the first one put in the cache. Callers that miss at the same time each make one: 100 callers' first calls
     * loaded 100 writer classes for one message type, kept for good by fastjson2's class loader. Here a miss makes
     * it under one lock (nested types on the same thread re-enter it); a hit takes no lock.
     */

    /** Writers: a hit is a lookup in fastjson2's own cache. */
    private static final class OnceWriters extends ObjectWriterProvider {
        @Override
        public ObjectWriter getObjectWriter(Type objectType, Class objectClass, boolean fieldBased) {
            ObjectWriter writer = getObjectWriterFromCache(objectType, objectClass, fieldBased);
            if (writer != null) {
                return writer;
            }
            synchronized (this) {
                return super.getObjectWriter(objectType, objectClass, fieldBased);
            }
        }
    }

    /** Readers: fastjson2 has no cache-only lookup for them, so the readers made are remembered here too. */
    private static final class OnceReaders extends ObjectReaderProvider {
        private final ConcurrentMap<Type, ObjectReader> byField = new ConcurrentHashMap<>();
        private final ConcurrentMap<Type, ObjectReader> byBean = new ConcurrentHashMap<>();

        @Override
        public ObjectReader getObjectReader(Type objectType, boolean fieldBased) {
            if (objectType == null) {
                return super.getObjectReader(null, fieldBased);
            }
            ConcurrentMap<Type, ObjectReader> made = fieldBased ? byField : byBean;
            ObjectReader reader = made.get(objectType);
            if (reader != null) {
                return reader;
            }
            synchronized (this) {
                reader = super.getObjectReader(objectType, fieldBased);
            }
            made.putIfAbsent(objectType, reader);
            return reader;
        }
    }
}
