package io.httpjson.benchmark.jmh;

import java.lang.reflect.Type;

import io.protostuff.LinkedBuffer;
import io.protostuff.ProtostuffIOUtil;
import io.protostuff.Schema;
import io.protostuff.runtime.DefaultIdStrategy;
import io.protostuff.runtime.RuntimeSchema;

/**
 * protostuff-runtime: schemas made by reflection from the classes, the protobuf wire format. The three java.time
 * types of a user go as delegates ({@link TimeDelegates}: epoch day, ISO text, seconds and nanos), as a
 * protostuff user would register them; protostuff would otherwise reflect into the JDK's private fields.
 */
final class ProtostuffSerializer implements Serializer {

    private static final DefaultIdStrategy STRATEGY = new DefaultIdStrategy();

    static {
        STRATEGY.registerDelegate(new TimeDelegates.OfLocalDate());
        STRATEGY.registerDelegate(new TimeDelegates.OfLocalDateTime());
        STRATEGY.registerDelegate(new TimeDelegates.OfInstant());
    }

    private final LinkedBuffer buffer = LinkedBuffer.allocate(1024);

    @Override
    @SuppressWarnings("unchecked")
    public byte[] serialize(Object o) {
        Schema<Object> schema = (Schema<Object>) RuntimeSchema.getSchema(o.getClass(), STRATEGY);
        try {
            return ProtostuffIOUtil.toByteArray(o, schema, buffer);
        } finally {
            buffer.clear();
        }
    }

    @Override
    public <T> T deserialize(byte[] data, Class<T> type, Type genericType) {
        Schema<T> schema = RuntimeSchema.getSchema(type, STRATEGY);
        T value = schema.newMessage();
        ProtostuffIOUtil.mergeFrom(data, value, schema);
        return value;
    }
}
