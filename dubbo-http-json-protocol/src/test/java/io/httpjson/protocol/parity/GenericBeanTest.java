package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;

import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.common.beanutil.JavaBeanDescriptor;
import org.apache.dubbo.common.beanutil.JavaBeanSerializeUtil;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.service.GenericService;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Dubbo's {@code generic=bean} passes {@link JavaBeanDescriptor}s, which only a binary serialization carries: the
 * text-JSON serializations and httpjson refuse it with a message that says to use {@code generic=true}, instead of
 * the provider's "only support message type JavaBeanDescriptor and your message type is ...LinkedHashMap".
 */
class GenericBeanTest {

    static final String DUBBO_TEXT =
            "generic=bean is not supported by the text-JSON serializations (fastjson2-text, gson-text): use"
                    + " generic=true";
    static final String HTTPJSON =
            "generic=bean is not supported over httpjson (JSON carries no JavaBeanDescriptor): use generic=true";

    @ParameterizedTest
    @ValueSource(
            strings = {
                Transports.DUBBO_FASTJSON,
                Transports.DUBBO_GSON,
                Transports.HTTPJSON_FASTJSON,
                Transports.HTTPJSON_GSON
            })
    void theTextSerializationsRefuseGenericBeanClearly(String transport) throws Exception {
        ParityServiceImpl impl = new ParityServiceImpl();
        Transports.server(transport, impl).run(server -> {
            Throwable e = catchThrowable(() -> call(bean(server, transport, "bean")));
            assertThat(e).isInstanceOf(RpcException.class);
            assertThat(e).hasMessageContaining(transport.startsWith("httpjson") ? HTTPJSON : DUBBO_TEXT);
            assertThat(impl.twiceCalls).as("the provider did not run it").hasValue(0);

            // generic=true works on the same provider
            Object out = bean(server, transport, "true")
                    .$invoke("twice", new String[] {Point.class.getName()}, new Object[] {
                        java.util.Map.of("name", "p", "amount", 3)
                    });
            assertThat(out).isInstanceOf(java.util.Map.class);
            assertThat(((java.util.Map<?, ?>) out).get("amount")).isEqualTo(6);
        });
    }

    /** An HTTP caller naming generic=bean hears the same, with 400 BAD_REQUEST, before GenericFilter runs. */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void anHttpCallerNamingGenericBeanIsRefusedClearly(String transport) throws Exception {
        ParityServiceImpl impl = new ParityServiceImpl();
        Transports.server(transport, impl).run(server -> {
            HttpResponse<String> r = Http.post(
                    server.baseUrl() + "/" + ParityService.class.getName() + "/$invoke",
                    "[\"twice\",[\"" + Point.class.getName() + "\"],[{\"name\":\"p\",\"amount\":3}]]",
                    "Dubbo-Attachments",
                    "generic=bean");
            assertThat(r.statusCode()).isEqualTo(400);
            assertThat(r.body()).contains("\"code\":\"BAD_REQUEST\"").contains(HTTPJSON);
            assertThat(impl.twiceCalls).hasValue(0);
        });
    }

    private static GenericService bean(
            io.httpjson.protocol.testing.DubboServer server, String transport, String generic) {
        return Transports.reference(server, transport, GenericService.class, r -> {
            r.setInterface(ParityService.class.getName());
            r.setGeneric(generic);
        });
    }

    private static Object call(GenericService g) {
        return g.$invoke("twice", new String[] {Point.class.getName()}, new Object[] {
            JavaBeanSerializeUtil.serialize(new Point("p", 3))
        });
    }
}
