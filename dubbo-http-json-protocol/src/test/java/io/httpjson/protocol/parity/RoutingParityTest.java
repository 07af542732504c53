package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.google.gson.Gson;
import io.httpjson.protocol.internal.ServiceMeta;
import io.httpjson.protocol.internal.Wire;
import io.httpjson.protocol.internal.openapi.OpenApiDocument;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.service.GenericService;
import org.junit.jupiter.api.Test;
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

    /** Two classes of one simple name, as parameters of two overloads. */
    public static class Left {
        public static class Item {
            public String name;
        }
    }

    public static class Right {
        public static class Item {
            public int n;
        }
    }

    public interface Items {
        String save(Left.Item item);

        String save(Right.Item item);
    }

    /**
     * {@code Dubbo-Parameter-Types} may name an overload by simple class names, but only one that no other overload
     * shares: {@code Item} ran the first {@code save} whichever the caller meant (its JSON read as the other class,
     * unknown keys dropped), where a 404 listing both is the answer. The document lists only names that pick one.
     */
    @Test
    void aSimpleNameTwoOverloadsShareIsNotGuessed() throws Exception {
        DubboServer.builder()
                .service(Items.class, new Items() {
                    @Override
                    public String save(Left.Item item) {
                        return "left " + item.name;
                    }

                    @Override
                    public String save(Right.Item item) {
                        return "right " + item.n;
                    }
                })
                .build()
                .run(server -> {
                    String url = server.baseUrl() + "/" + Items.class.getName() + "/save";
                    String body = "[{\"n\":3,\"name\":\"x\"}]";
                    HttpResponse<String> r = Http.post(url, body, Wire.PARAMETER_TYPES, "Item");
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(404);
                    assertThat(r.body())
                            .contains("METHOD_NOT_FOUND", Left.Item.class.getName(), Right.Item.class.getName());
                    assertThat(Http.post(url, body, Wire.PARAMETER_TYPES, Right.Item.class.getName())
                                    .body())
                            .isEqualTo("\"right 3\"");
                    assertThat(Http.post(url, body, Wire.PARAMETER_TYPES, Left.Item.class.getName())
                                    .body())
                            .isEqualTo("\"left x\"");
                });
        Map<String, Object> doc = OpenApiDocument.build(
                List.of(new OpenApiDocument.Export("x.Items", null, null, ServiceMeta.of(Items.class), Set.of())),
                "/health");
        String parameters = new Gson()
                .toJsonTree(doc)
                .getAsJsonObject()
                .getAsJsonObject("paths")
                .getAsJsonObject("/x.Items/save")
                .getAsJsonObject("post")
                .getAsJsonArray("parameters")
                .toString();
        assertThat(parameters)
                .contains("\"" + Right.Item.class.getName() + "\"")
                .doesNotContain("\"Item\"");
    }
}
