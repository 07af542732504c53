package io.httpjson.protocol.parity;

import java.util.function.Consumer;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ReferenceConfig;

/**
 * The transports the parity tests compare, each written {@code protocol} or {@code protocol:serialization}: the
 * dubbo protocol with hessian2 (the reference), and with each text-JSON serialization; httpjson with each engine.
 */
final class Transports {

    static final String HESSIAN2 = "dubbo";
    static final String DUBBO_FASTJSON = "dubbo:fastjson2-text";
    static final String DUBBO_GSON = "dubbo:gson-text";
    static final String HTTPJSON_FASTJSON = "httpjson:fastjson2-text";
    static final String HTTPJSON_GSON = "httpjson:gson-text";

    private Transports() {}

    static boolean isHessian2(String transport) {
        return !transport.contains(":");
    }

    /** A provider of ParityService over {@code transport}, its serialization (if named) the only one it takes. */
    static DubboServer server(String transport, ParityService impl) {
        return server(transport, ParityService.class, impl);
    }

    /** A provider of {@code type} over {@code transport}, its serialization (if named) the only one it takes. */
    static <T> DubboServer server(String transport, Class<T> type, T impl) {
        String[] p = transport.split(":");
        DubboServer.Builder b = DubboServer.builder().protocol(p[0]).service(type, impl);
        if (p.length > 1) {
            b.param("serialization", p[1]).param("prefer.serialization", p[1]);
        }
        return b.build();
    }

    /** A consumer of {@code type} over {@code transport}: its serialization named on the direct URL. */
    static <T> T reference(DubboServer server, String transport, Class<T> type, Consumer<ReferenceConfig<T>> custom) {
        String[] p = transport.split(":");
        String url = p[0] + "://127.0.0.1:" + server.port();
        String query = p.length > 1 ? "?serialization=" + p[1] + "&prefer.serialization=" + p[1] : "";
        return server.reference(type, r -> {
            r.setUrl(url + query);
            custom.accept(r);
        });
    }

    static ParityService reference(DubboServer server, String transport) {
        return reference(server, transport, ParityService.class, r -> {});
    }
}
