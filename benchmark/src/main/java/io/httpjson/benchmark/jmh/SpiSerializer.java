package io.httpjson.benchmark.jmh;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

import io.httpjson.benchmark.service.AllowedTypes;
import io.httpjson.benchmark.service.BenchmarkMessage;
import io.httpjson.benchmark.service.BenchmarkMessages;
import io.httpjson.benchmark.service.BenchmarkService;
import io.httpjson.benchmark.service.Users;
import io.httpjson.demo.api.Page;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * A Dubbo {@link Serialization} extension used the way Dubbo uses it: ObjectOutput/ObjectInput over byte arrays,
 * looked up by name through {@code FrameworkModel.defaultModel()}'s extension loader.
 */
public final class SpiSerializer implements Serializer {
    public enum Payload {
        /** the rpcx-benchmark message (581 bytes as protobuf) */
        message,
        /** a Page of 15 users */
        userPage
    }

    private final String name;
    private final Serialization serialization;
    private final URL url;

    private SpiSerializer(String name, Serialization serialization, URL url) {
        this.name = name;
        this.serialization = serialization;
        this.url = url;
    }

    /** @throws IllegalStateException with a clear message when the extension is not on the classpath yet */
    public static SpiSerializer of(String name) {
        FrameworkModel fm = FrameworkModel.defaultModel();
        if (!fm.getExtensionLoader(Serialization.class).hasExtension(name)) {
            throw new IllegalStateException("serialization '" + name + "' is not on the classpath yet - skipped");
        }
        // Dubbo allows a service's own types when it exports/refers it; here there is no service, so allow them here.
        AllowedTypes.allow(fm);
        URL url = URL.valueOf("dubbo://127.0.0.1:0/" + BenchmarkService.class.getName() + "?serialization=" + name)
                .setScopeModel(fm.defaultApplication().getDefaultModule());
        return new SpiSerializer(
                name, fm.getExtensionLoader(Serialization.class).getExtension(name), url);
    }

    public String name() {
        return name;
    }

    public static Object payload(Payload p) {
        return p == Payload.message ? BenchmarkMessages.prepare() : Users.page(1, Users.PAGE_SIZE);
    }

    public static Class<?> type(Payload p) {
        return p == Payload.message ? BenchmarkMessage.class : Page.class;
    }

    /** The generic type a JSON serialization needs to bring back User objects rather than maps. */
    public static Type genericType(Payload p) {
        try {
            return p == Payload.message
                    ? BenchmarkMessage.class
                    : BenchmarkService.class
                                            .getMethod("listUser", int.class, int.class)
                                            .getGenericReturnType()
                                    instanceof ParameterizedType pt
                            ? pt.getActualTypeArguments()[0]
                            : Page.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        ObjectOutput out = serialization.serialize(url, bytes);
        out.writeObject(o);
        out.flushBuffer();
        return bytes.toByteArray();
    }

    @Override
    public <T> T deserialize(byte[] data, Class<T> type, Type genericType) throws IOException, ClassNotFoundException {
        ObjectInput in = serialization.deserialize(url, new ByteArrayInputStream(data));
        return in.readObject(type, genericType);
    }
}
