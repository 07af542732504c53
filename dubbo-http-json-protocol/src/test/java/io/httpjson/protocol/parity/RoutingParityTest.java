package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;
import java.util.Map;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.service.GenericService;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** How a call finds its service and method, over the dubbo protocol with hessian2 and over httpjson. */
class RoutingParityTest {

    /**
     * A sub-interface that re-declares inherited methods with the bound types has bridge methods beside them: they
     * are the same methods, not overloads, as is a method inherited from two interfaces with two return types. The consumer read the result as the bridge's {@code Object} (a map, and a
     * ClassCastException in the caller) and an HTTP caller got 404 "overloaded" for a method it could not tell apart.
     */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void methodsReDeclaredWithNarrowerTypesAreOneMethod(String transport) throws Exception {
        Transports.server(transport, NarrowedService.class, new NarrowedService.Impl())
                .run(server -> {
                    NarrowedService s = Transports.reference(server, transport, NarrowedService.class, r -> {});
                    for (int i = 0; i < 2; i++) {
                        assertThat(s.first().name).isEqualTo("seven");
                        assertThat(s.findById(7L).name).isEqualTo("seven");
                        CrudService<Point, Long> base = s;
                        assertThat(base.first().name).isEqualTo("seven");
                        assertThat(base.findById(7L).name).isEqualTo("seven");
                        assertThat(s.named("n").name).isEqualTo("n");
                        assertThat(((Named.Any) s).named("a")).isInstanceOf(Point.class);
                    }
                    GenericService g = Transports.reference(server, transport, GenericService.class, r -> {
                        r.setInterface(NarrowedService.class.getName());
                        r.setGeneric("true");
                    });
                    for (String type : new String[] {"java.lang.Long", "java.lang.Object"}) {
                        Object found = g.$invoke("findById", new String[] {type}, new Object[] {7L});
                        assertThat(((Map<?, ?>) found).get("name")).as(type).isEqualTo("seven");
                    }
                    if (Transports.isHessian2(transport)) {
                        return;
                    }
                    String base = server.baseUrl() + "/" + NarrowedService.class.getName() + "/";
                    for (String[] call :
                            new String[][] {{"first", ""}, {"findById", "[7]"}, {"named", "[\"seven\"]"}}) {
                        HttpResponse<String> r = Http.post(base + call[0], call[1]);
                        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                        assertThat(r.body()).contains("\"seven\"");
                    }
                });
    }

    /**
     * Dubbo takes version {@code 0.0.0} (its default) as no version, both for a reference and for an export: a
     * consumer with {@code version="0.0.0"} calls an export without one, and one without calls an export of 0.0.0.
     * Over httpjson both were 404 SERVICE_NOT_FOUND, and so was an HTTP caller that named version 0.0.0.
     */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void versionZeroIsNoVersion(String transport) throws Exception {
        String[] p = transport.split(":");
        DubboServer.Builder b = DubboServer.builder()
                .protocol(p[0])
                .service(FeatureService.class, new FeatureServiceImpl())
                .service(FeatureService.class, new FeatureServiceImpl(), s -> {
                    s.setGroup("g");
                    s.setVersion("0.0.0");
                });
        if (p.length > 1) {
            b.param("serialization", p[1]).param("prefer.serialization", p[1]);
        }
        b.build().run(server -> {
            FeatureService zero =
                    Transports.reference(server, transport, FeatureService.class, r -> r.setVersion("0.0.0"));
            assertThat(zero.context("z").get("urlGroup")).isNull();
            FeatureService none = Transports.reference(server, transport, FeatureService.class, r -> r.setGroup("g"));
            assertThat(none.context("n").get("urlGroup")).isEqualTo("g");
            if (Transports.isHessian2(transport)) {
                return;
            }
            String url = server.baseUrl() + "/" + FeatureService.class.getName() + "/get";
            assertThat(Http.post(url, "[\"v\"]", "Dubbo-Service-Version", "0.0.0")
                            .body())
                    .isEqualTo("\"got v\"");
            assertThat(Http.post(url, "[\"g\"]", "Dubbo-Service-Group", "g").body())
                    .isEqualTo("\"got g\"");
        });
    }
}
