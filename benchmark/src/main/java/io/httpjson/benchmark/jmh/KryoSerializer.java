package io.httpjson.benchmark.jmh;

import java.lang.reflect.Type;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Kryo 5 as it is commonly set up for RPC: classes not registered in advance (their names travel with the data),
 * references off, one instance per thread (a JMH state is used by one thread).
 */
final class KryoSerializer implements Serializer {

    private final Kryo kryo = new Kryo();
    private final Output output = new Output(1024, -1);

    KryoSerializer() {
        kryo.setRegistrationRequired(false);
        kryo.setReferences(false);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
    }

    @Override
    public byte[] serialize(Object o) {
        output.reset();
        kryo.writeObject(output, o);
        return output.toBytes();
    }

    @Override
    public <T> T deserialize(byte[] data, Class<T> type, Type genericType) {
        return kryo.readObject(new Input(data), type);
    }
}
