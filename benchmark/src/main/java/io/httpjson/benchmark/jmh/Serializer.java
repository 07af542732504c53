package io.httpjson.benchmark.jmh;

import java.io.IOException;
import java.lang.reflect.Type;

/**
 * One serialization as the serializer benchmark drives it: an object to bytes and back. Dubbo's serializations
 * go through Dubbo's SPI ({@link SpiSerializer}); kryo and protostuff, which the published serializer comparison
 * includes but no Dubbo extension on this classpath provides, through their own libraries.
 */
public interface Serializer {

    byte[] serialize(Object o) throws IOException;

    <T> T deserialize(byte[] data, Class<T> type, Type genericType) throws IOException, ClassNotFoundException;

    /** {@code kryo}, {@code protostuff}, or the name of a Dubbo serialization extension. */
    static Serializer of(String name) {
        switch (name) {
            case "kryo":
                return new KryoSerializer();
            case "protostuff":
                return new ProtostuffSerializer();
            default:
                return SpiSerializer.of(name);
        }
    }
}
