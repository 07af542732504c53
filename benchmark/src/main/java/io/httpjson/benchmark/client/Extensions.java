package io.httpjson.benchmark.client;

import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;

/** Which Dubbo protocols and serializations this classpath has, and what to say when one is missing. */
public final class Extensions {
    private Extensions() {}

    public static boolean hasProtocol(String name) {
        return loader(Protocol.class).hasExtension(name);
    }

    public static boolean hasSerialization(String name) {
        return loader(Serialization.class).hasExtension(name);
    }

    /** null when both are present, else a sentence saying what is missing and what there is. */
    public static String missing(String protocol, String serialization) {
        if ("grpc".equals(protocol)) {
            return null; // gRPC-java itself, not a Dubbo extension
        }
        if (!hasProtocol(protocol)) {
            return absent("protocol", protocol, Protocol.class, ", and grpc for gRPC-java");
        }
        if (!hasSerialization(serialization)) {
            return absent("serialization", serialization, Serialization.class, "");
        }
        return null;
    }

    private static String absent(String kind, String name, Class<?> type, String more) {
        return kind + " '" + name + "' is not on the classpath (these are: "
                + String.join(", ", loader(type).getSupportedExtensions()) + more + ")";
    }

    private static <T> ExtensionLoader<T> loader(Class<T> type) {
        return FrameworkModel.defaultModel().getExtensionLoader(type);
    }
}
