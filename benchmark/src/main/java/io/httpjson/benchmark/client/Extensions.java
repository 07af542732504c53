package io.httpjson.benchmark.client;

import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.model.FrameworkModel;

/** Which protocols/serializations this classpath has (httpjson & co. arrive from other modules over time). */
public final class Extensions {
    private Extensions() {}

    public static boolean hasProtocol(String name) {
        return FrameworkModel.defaultModel().getExtensionLoader(Protocol.class).hasExtension(name);
    }

    public static boolean hasSerialization(String name) {
        return FrameworkModel.defaultModel()
                .getExtensionLoader(Serialization.class)
                .hasExtension(name);
    }

    /** null when both are present, else a sentence saying what is missing. */
    public static String missing(String protocol, String serialization) {
        if ("grpc".equals(protocol)) {
            return null; // gRPC-java itself, not a Dubbo extension
        }
        if (!hasProtocol(protocol)) {
            return "protocol '" + protocol + "' is not on the classpath yet";
        }
        if (!hasSerialization(serialization)) {
            return "serialization '" + serialization + "' is not on the classpath yet";
        }
        return null;
    }
}
