package io.httpjson.protocol.internal;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeSet;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.stream.StreamObserver;
import org.apache.dubbo.rpc.RpcException;

/**
 * What one HTTP/1.1 request and response cannot carry: parameter callbacks and streaming methods. A service with
 * either is refused when it is exported or referred, naming what it has, rather than exported half-working (each call
 * of such a method failing later with a JSON error, or an HTTP caller's running with a {@code null} stream).
 */
public final class Uncarried {

    /** Triple also streams through gRPC's own interface ({@code ReflectionPackableMethod}). */
    private static final String GRPC_STREAM_OBSERVER = "io.grpc.stub.StreamObserver";

    private static final String SEE = " (docs/protocol.md, \"What HTTP/1.1 request and response cannot carry\")";

    private Uncarried() {}

    /**
     * Refuses {@code url}'s service (of interface {@code type}) if it has what HTTP/1.1 cannot carry.
     *
     * @param what {@code "export"} or {@code "refer"}
     * @throws RpcException naming the parameter callback or the streaming methods of {@code type}
     */
    public static void refuse(URL url, Class<?> type, String what) {
        for (Map.Entry<String, String> e : url.getParameters().entrySet()) {
            if (e.getKey().endsWith(".callback") && "true".equalsIgnoreCase(e.getValue())) {
                throw new RpcException("httpjson: cannot " + what + " " + url.getServiceKey() + ": its argument "
                        + e.getKey().substring(0, e.getKey().length() - ".callback".length())
                        + " is a parameter callback (" + e.getKey() + "=true), and one HTTP/1.1 request and response"
                        + " cannot carry the provider's calls back to the consumer; set protocol=\"dubbo\" on this"
                        + " service, the others can stay on httpjson" + SEE);
            }
        }
        TreeSet<String> streaming = streamingMethods(type);
        if (!streaming.isEmpty()) {
            throw new RpcException("httpjson: cannot " + what + " " + url.getServiceKey() + ": its method"
                    + (streaming.size() == 1 ? " " : "s ") + String.join(", ", streaming)
                    + (streaming.size() == 1 ? " streams" : " stream")
                    + " (a StreamObserver parameter or result), and one HTTP/1.1 request and response cannot carry a"
                    + " stream; set protocol=\"tri\" on this service, the others can stay on httpjson" + SEE);
        }
    }

    /** The methods of {@code type} that take or return a stream, as {@code name(ParameterType, ...)}, sorted. */
    static TreeSet<String> streamingMethods(Class<?> type) {
        TreeSet<String> out = new TreeSet<>();
        if (type == null) {
            return out;
        }
        for (Method m : type.getMethods()) {
            if (m.getDeclaringClass() == Object.class || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            boolean streams = isStream(m.getReturnType());
            StringBuilder sig = new StringBuilder(m.getName()).append('(');
            Class<?>[] params = m.getParameterTypes();
            for (int i = 0; i < params.length; i++) {
                streams |= isStream(params[i]);
                sig.append(i == 0 ? "" : ", ").append(params[i].getSimpleName());
            }
            if (streams) {
                out.add(sig.append(')').toString());
            }
        }
        return out;
    }

    private static boolean isStream(Class<?> c) {
        return StreamObserver.class.isAssignableFrom(c) || GRPC_STREAM_OBSERVER.equals(c.getName());
    }
}
