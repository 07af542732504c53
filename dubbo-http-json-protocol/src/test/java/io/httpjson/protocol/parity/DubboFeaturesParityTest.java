package io.httpjson.protocol.parity;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.config.MethodConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.remoting.TimeoutException;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.service.EchoService;
import org.apache.dubbo.rpc.service.GenericService;
import org.awaitility.Awaitility;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Dubbo features a user relies on, over the dubbo protocol with hessian2 and over httpjson with each engine,
 * through a real provider and consumer: where they differ, only as docs/protocol.md says (JSON carries no classes).
 */
class DubboFeaturesParityTest {

    static DubboServer server(String transport, FeatureService impl, Consumer<ServiceConfig<FeatureService>> c) {
        String[] p = transport.split(":");
        DubboServer.Builder b = DubboServer.builder().protocol(p[0]).service(FeatureService.class, impl, c);
        if (p.length > 1) {
            b.param("serialization", p[1]).param("prefer.serialization", p[1]);
        }
        return b.build();
    }

    static <T> T ref(DubboServer server, String transport, Class<T> type, Consumer<ReferenceConfig<T>> c) {
        return Transports.reference(server, transport, type, c);
    }

    static MethodConfig method(String name, Consumer<MethodConfig> c) {
        MethodConfig m = new MethodConfig();
        m.setName(name);
        c.accept(m);
        return m;
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void theProviderSeesTheCallInItsRpcContext(String transport) throws Exception {
        server(transport, new FeatureServiceImpl(), s -> {
                    s.setGroup("g1");
                    s.setVersion("1.2");
                    s.setTimeout(4321);
                })
                .run(server -> {
                    FeatureService s = ref(server, transport, FeatureService.class, r -> {
                        r.setGroup("g1");
                        r.setVersion("1.2");
                    });
                    Map<String, String> c = s.context("a1");
                    assertThat(c)
                            .containsEntry("providerSide", "true")
                            .containsEntry("method", "context")
                            .containsEntry("arguments", "[a1]")
                            .containsEntry("remoteHost", "127.0.0.1")
                            .containsEntry("remotePortSet", "true")
                            .containsEntry("localPort", String.valueOf(server.port()))
                            .containsEntry("urlProtocol", transport.split(":")[0])
                            .containsEntry("urlGroup", "g1")
                            .containsEntry("urlVersion", "1.2")
                            .containsEntry("urlTimeout", "4321")
                            .containsEntry("remoteApplication", "httpjson-test-consumer")
                            // Dubbo's own provider filters name the service by it (ProfilerServerFilter's warning)
                            .containsEntry("serviceKey", "g1/" + FeatureService.class.getName() + ":1.2");
                    assertThat(RpcContext.getServerContext().getAttachment("server-ctx"))
                            .isEqualTo("set by a1");
                    // an attachment travels as text over HTTP headers (docs/protocol.md, "Attachments")
                    assertThat(RpcContext.getServerContext().getObjectAttachment("server-num"))
                            .isEqualTo(Transports.isHessian2(transport) ? (Object) 7 : "7");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void asyncCallsEndAsOverDubbo(String transport) throws Exception {
        server(transport, new FeatureServiceImpl(), s -> {}).run(server -> {
            FeatureService s = ref(
                    server,
                    transport,
                    FeatureService.class,
                    r -> r.setMethods(List.of(method("future", m -> m.setTimeout(300)))));
            assertThat(s.future("x").get(5, TimeUnit.SECONDS)).isEqualTo("ok:x");
            assertThat(cause(s.future("biz")))
                    .isExactlyInstanceOf(DiffException.class)
                    .hasMessage("async biz");
            assertThat(cause(s.future("runtime")))
                    .isExactlyInstanceOf(IllegalStateException.class)
                    .hasMessage("async runtime");
            assertThat(cause(s.future("throw"))).isExactlyInstanceOf(DiffException.class);
            assertThat(cause(s.future("never"))).isInstanceOf(TimeoutException.class);
            assertThat(s.startAsync("y")).isEqualTo("started y startAsync");
            // a future of a generic type is one answer, read as the type it holds
            assertThat(s.futurePoints(2).get(5, TimeUnit.SECONDS))
                    .hasOnlyElementsOfType(Point.class)
                    .extracting(p -> p.name)
                    .containsExactly("p0", "p1");

            FeatureService async = ref(server, transport, FeatureService.class, r -> r.setAsync(true));
            assertThat(async.get("as")).isNull();
            CompletableFuture<Object> f = RpcContext.getServiceContext().getCompletableFuture();
            assertThat(f.get(5, TimeUnit.SECONDS)).isEqualTo("got as");
            GenericService g = ref(server, transport, GenericService.class, r -> {
                r.setInterface(FeatureService.class.getName());
                r.setGeneric("true");
            });
            assertThat(g.$invokeAsync("get", new String[] {"java.lang.String"}, new Object[] {"ga"})
                            .get(5, TimeUnit.SECONDS))
                    .isEqualTo("got ga");
        });
    }

    private static Throwable cause(CompletableFuture<String> f) {
        return catchThrowableOfType(() -> f.get(5, TimeUnit.SECONDS), ExecutionException.class)
                .getCause();
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void eventNotificationAndOneWayCallsAsOverDubbo(String transport) throws Exception {
        FeatureServiceImpl impl = new FeatureServiceImpl();
        server(transport, impl, s -> {}).run(server -> {
            Notify n = new Notify();
            FeatureService s = ref(
                    server,
                    transport,
                    FeatureService.class,
                    r -> r.setMethods(List.of(
                            method("counted", m -> {
                                m.setOninvoke(n);
                                m.setOninvokeMethod("oninvoke");
                                m.setOnreturn(n);
                                m.setOnreturnMethod("onreturn");
                                m.setOnthrow(n);
                                m.setOnthrowMethod("onthrow");
                            }),
                            method("held", m -> m.setReturn(false)))));
            assertThat(s.counted("e")).isEqualTo("call 1");
            assertThat(catchThrowable(() -> s.counted("biz"))).isExactlyInstanceOf(DiffException.class);
            assertThat(catchThrowable(() -> s.counted("runtime"))).isExactlyInstanceOf(IllegalStateException.class);
            Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> n.events.size() == 6);
            assertThat(n.events)
                    .containsExactly(
                            "invoke e",
                            "return call 1 for e",
                            "invoke biz",
                            "throw DiffException counted biz",
                            "invoke runtime",
                            "throw IllegalStateException counted runtime 3");

            assertThat(s.held("one-way")).isNull(); // return=false: the caller does not wait for the provider
            assertThat(impl.entered.await(5, TimeUnit.SECONDS)).isTrue();
            impl.release.countDown();
            assertThat(impl.helds).hasValue(1);
        });
    }

    public static class Notify {
        final List<String> events = new java.util.concurrent.CopyOnWriteArrayList<>();

        public void oninvoke(String mode) {
            events.add("invoke " + mode);
        }

        public void onreturn(String value, String mode) {
            events.add("return " + value + " for " + mode);
        }

        public void onthrow(Throwable e, String mode) {
            events.add("throw " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void genericCallsInEachModeAsOverDubbo(String transport) throws Exception {
        boolean hessian2 = Transports.isHessian2(transport);
        server(transport, new FeatureServiceImpl(), s -> {}).run(server -> {
            // over dubbo, Dubbo's GenericFilter makes the arguments' classes by the default framework's allow-list,
            // not the provider's. An application has one framework, whose list has its services' classes; here each
            // provider has a framework of its own, and which one is the default depends on the tests before in this
            // JVM, so the default one is told of Point as an application's would be
            FrameworkModel.defaultModel()
                    .getBeanFactory()
                    .getOrRegisterBean(SerializeSecurityManager.class)
                    .addToAllowed(Point.class.getName());
            GenericService gson = generic(server, transport, "gson");
            assertThat(gson.$invoke(
                            "grouped", new String[] {"java.util.List"}, new Object[] {"[{\"name\":\"n\",\"amount\":2}]"
                            }))
                    .isEqualTo("{\"n\":[{\"name\":\"n\",\"amount\":2}]}");
            assertThat(catchThrowable(() -> generic(server, transport, "nativejava")
                            .$invoke("get", new String[] {"java.lang.String"}, new Object[] {"x"})))
                    .isInstanceOf(RpcException.class)
                    .hasMessageContaining("Generic serialization [nativejava] only support message type [B");

            GenericService g = generic(server, transport, "true");
            Map<String, Object> point = Map.of("class", Point.class.getName(), "name", "n", "amount", 2);
            Object grouped = g.$invoke("grouped", new String[] {"java.util.List"}, new Object[] {List.of(point)});
            assertThat(grouped).isEqualTo(Map.of("n", List.of(point)));

            // raw.return: hessian2 returns the class itself, JSON a map (docs/protocol.md, "JSON mapping")
            Object raw = generic(server, transport, "raw.return")
                    .$invoke("grouped", new String[] {"java.util.List"}, new Object[] {List.of(point)});
            assertThat(((List<?>) ((Map<?, ?>) raw).get("n")).get(0)).isInstanceOf(hessian2 ? Point.class : Map.class);

            // null for the arguments array: every argument null, as Dubbo's GenericFilter takes it
            assertThat(g.$invoke("get", new String[] {"java.lang.String"}, null))
                    .isEqualTo(new FeatureServiceImpl().get(null));

            EchoService echo = (EchoService) ref(server, transport, FeatureService.class, r -> {});
            assertThat(echo.$echo("s")).isEqualTo("s");
            assertThat(echo.$echo(true)).isEqualTo(true);
            assertThat(echo.$echo(null)).isNull();
            assertThat(echo.$echo(5L)).isEqualTo(hessian2 ? (Object) 5L : 5);
            assertThat(echo.$echo(new Point("e", 1))).isInstanceOf(hessian2 ? Point.class : Map.class);
        });
    }

    private static GenericService generic(DubboServer server, String transport, String mode) {
        return ref(server, transport, GenericService.class, r -> {
            r.setInterface(FeatureService.class.getName());
            r.setGeneric(mode);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void interfaceShapesAsOverDubbo(String transport) throws Exception {
        boolean hessian2 = Transports.isHessian2(transport);
        server(transport, new FeatureServiceImpl(), s -> {}).run(server -> {
            FeatureService s = ref(server, transport, FeatureService.class, r -> {});
            assertThat(s.greet("z")).isEqualTo("provider's z"); // a default method runs at the provider
            assertThat(s.inherited("i")).isEqualTo("inherited i");
            assertThat(s.points(2)).extracting(p -> p.name).containsExactly("p0", "p1");
            Map<String, List<Point>> grouped =
                    s.grouped(List.of(new Point("a", 1), new Point("a", 2), new Point("b", 3)));
            assertThat(grouped.get("a")).extracting(p -> p.amount).containsExactly(1, 2);
            assertThat(s.joined("-", "a", "b", "c")).isEqualTo("a-b-c");
            assertThat(s.joined("-")).isEmpty();
            assertThat(s.delete("1") + s.get("2") + s.options("3")).isEqualTo("deleted 1got 2options 3");
            assertThat(s.anything("list")).isEqualTo(List.of(1, "two"));
            assertThat(s.anything("point")).isInstanceOf(hessian2 ? Point.class : Map.class);
            FeatureService stubbed = ref(server, transport, FeatureService.class, r -> r.setStub("true"));
            assertThat(stubbed.get("s")).isEqualTo("stub(got s)"); // the consumer's local stub wraps the call
            // Optional is not Serializable (hessian2 refuses it); JSON refuses a present one
            assertThat(catchThrowable(() -> s.maybe("m"))).isInstanceOf(RpcException.class);
        });
    }
}
