package io.httpjson.protocol.parity;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static io.httpjson.protocol.parity.DubboFeaturesParityTest.ref;
import static io.httpjson.protocol.parity.DubboFeaturesParityTest.server;
import static io.httpjson.protocol.testing.RegistryApps.app;
import static io.httpjson.protocol.testing.RegistryApps.registry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * What Dubbo's cluster does with a call's outcome (retry, fail safe, fork, broadcast, balance) and with a provider's
 * refusal, over the dubbo protocol with hessian2 and over httpjson with each engine, through real providers.
 */
class ClusterParityTest {

    /**
     * A method that fails with an RpcException (a nested Dubbo call's timeout, say) has run: its failure is its
     * result, which failover does not send again, whichever code it has.
     */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void aMethodsOwnRpcExceptionIsNotRetried(String transport) throws Exception {
        FeatureServiceImpl impl = new FeatureServiceImpl();
        server(transport, impl, s -> {}).run(server -> {
            FeatureService s = ref(server, transport, FeatureService.class, r -> r.setRetries(2));
            for (int code : new int[] {RpcException.TIMEOUT_EXCEPTION, RpcException.NETWORK_EXCEPTION, 0}) {
                impl.calls.set(0);
                RpcException e = catchThrowableOfType(() -> s.nestedFailure(code), RpcException.class);
                assertThat(e).hasMessageContaining("downstream failed, call 1");
                assertThat(e.isBiz()).isFalse();
                assertThat(impl.calls)
                        .as("calls of a method that failed with code " + code)
                        .hasValue(1);
            }
        });
    }

    /**
     * A refusal Dubbo's filter throws ({@code executes}) is sent again by failover; one it returns as the result
     * ({@code tps}) is not. The dubbo protocol carries the first as a network error, httpjson with its own code.
     */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void providerRefusalsAreRetriedAsOverDubbo(String transport) throws Exception {
        FeatureServiceImpl tpsImpl = new FeatureServiceImpl();
        server(transport, tpsImpl, s -> s.setParameters(new HashMap<>(Map.of("tps", "1"))))
                .run(server -> {
                    FeatureService s = ref(server, transport, FeatureService.class, r -> r.setRetries(2));
                    assertThat(s.counted("first")).isEqualTo("call 1");
                    RpcException tps = catchThrowableOfType(() -> s.counted("second"), RpcException.class);
                    assertThat(tps).hasMessageContaining("exceed max service tps");
                    assertThat(tps).hasMessageNotContaining("Tried 3 times");
                    assertThat(tps.isBiz()).isFalse();
                });

        FeatureServiceImpl impl = new FeatureServiceImpl();
        server(transport, impl, s -> s.setExecutes(1)).run(server -> {
            FeatureService async = ref(server, transport, FeatureService.class, r -> r.setAsync(true));
            async.held("first");
            CompletableFuture<Object> first = RpcContext.getServiceContext().getCompletableFuture();
            assertThat(impl.entered.await(5, TimeUnit.SECONDS)).isTrue();
            FeatureService s = ref(server, transport, FeatureService.class, r -> r.setRetries(2));
            RpcException executes = catchThrowableOfType(() -> s.held("second"), RpcException.class);
            assertThat(executes).hasMessageContaining("Tried 3 times").hasMessageContaining("executes");
            assertThat(executes.isBiz()).isFalse();
            assertThat(executes.getCode())
                    .isEqualTo(
                            Transports.isHessian2(transport)
                                    ? RpcException.NETWORK_EXCEPTION
                                    : RpcException.LIMIT_EXCEEDED_EXCEPTION);
            impl.release.countDown();
            assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("held first");
            assertThat(impl.helds).hasValue(1);
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void clustersAndLoadBalancingAsOverDubbo(String transport) throws Exception {
        FeatureServiceImpl a = new FeatureServiceImpl();
        FeatureServiceImpl b = new FeatureServiceImpl();
        DubboServer second = server(transport, b, s -> {});
        second.start();
        try {
            server(transport, a, s -> {}).run(first -> {
                String both = url(transport, first.port()) + ";" + url(transport, second.port());
                FeatureService roundRobin = first.reference(FeatureService.class, r -> {
                    r.setUrl(both);
                    r.setLoadbalance("roundrobin");
                });
                for (int i = 0; i < 20; i++) {
                    roundRobin.counted("rr");
                }
                assertThat(a.calls.get() + "/" + b.calls.get()).isEqualTo("10/10");

                cluster(first, both, "broadcast", 1).counted("all");
                assertThat(a.calls.get() + "/" + b.calls.get()).isEqualTo("11/11");
                cluster(first, both, "forking", 2).counted("forked");
                // Dubbo's forking cluster skips a fork that has not started by the time another has answered (on
                // busy cores it may not have): the call ran once or twice, never more
                assertThat(runs(a, b, "forked")).isBetween(1, 2);

                // a business exception is an outcome: failover does not try the other provider
                FeatureService failover = cluster(first, both, "failover", 1);
                assertThat(catchThrowableOfType(() -> failover.counted("biz"), DiffException.class))
                        .isNotNull();
                assertThat(runs(a, b, "biz")).isEqualTo(1);

                // failsafe: a timeout reads as null
                FeatureService failsafe = first.reference(FeatureService.class, r -> {
                    r.setUrl(both);
                    r.setCluster("failsafe");
                    r.setTimeout(300);
                });
                assertThat(failsafe.held("failsafe")).isNull();
                a.release.countDown();
            });
        } finally {
            b.release.countDown();
            second.stop();
        }
    }

    /** How often the two providers ran {@code counted(mode)}. */
    private static int runs(FeatureServiceImpl a, FeatureServiceImpl b, String mode) {
        return a.countedBy.getOrDefault(mode, new AtomicInteger()).get()
                + b.countedBy.getOrDefault(mode, new AtomicInteger()).get();
    }

    private static FeatureService cluster(DubboServer server, String url, String cluster, int forks) {
        return server.reference(FeatureService.class, r -> {
            r.setUrl(url);
            r.setCluster(cluster);
            r.setForks(forks);
            r.setRetries(1);
        });
    }

    private static String url(String transport, int port) {
        String[] p = transport.split(":");
        return p[0] + "://127.0.0.1:" + port
                + (p.length > 1 ? "?serialization=" + p[1] + "&prefer.serialization=" + p[1] : "");
    }

    /** The provider's {@code timeout} reaches a consumer that found it in a registry, and holds its calls to it. */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void theProvidersTimeoutReachesTheConsumerThroughTheRegistry(String transport) {
        String[] p = transport.split(":");
        FrameworkModel providerModel = new FrameworkModel();
        FrameworkModel consumerModel = new FrameworkModel();
        FeatureServiceImpl impl = new FeatureServiceImpl();
        try {
            ProtocolConfig pc = new ProtocolConfig(p[0], DubboServer.freePort());
            pc.setHost("127.0.0.1");
            if (p.length > 1) {
                pc.setParameters(new HashMap<>(Map.of("serialization", p[1], "prefer.serialization", p[1])));
            }
            ServiceConfig<FeatureService> svc = new ServiceConfig<>();
            svc.setInterface(FeatureService.class);
            svc.setRef(impl);
            svc.setGroup("provider-timeout-" + transport.replace(':', '-'));
            svc.setTimeout(300);
            DubboBootstrap.newInstance(providerModel)
                    .application(app("parity-provider"))
                    .registry(registry())
                    .protocol(pc)
                    .service(svc)
                    .start();
            DubboBootstrap consumer = DubboBootstrap.newInstance(consumerModel)
                    .application(app("parity-consumer"))
                    .registry(registry())
                    .start();
            ReferenceConfig<FeatureService> ref =
                    new ReferenceConfig<>(consumer.getApplicationModel().getDefaultModule());
            ref.setInterface(FeatureService.class);
            ref.setGroup(svc.getGroup());
            ref.setProtocol(p[0]);
            ref.setCheck(false);
            ref.setRetries(0);
            ref.setScope("remote");
            ref.setParameters(new HashMap<>(Map.of("migration.step", "FORCE_INTERFACE")));
            FeatureService s = ref.get();
            assertThat(s.get("r")).isEqualTo("got r");
            RpcException e = catchThrowableOfType(() -> s.held("r"), RpcException.class);
            assertThat(e.isTimeout()).isTrue();
            assertThat(e).hasMessageContaining("300");
        } finally {
            impl.release.countDown();
            consumerModel.destroy();
            providerModel.destroy();
        }
    }
}
