package io.httpjson.protocol.parity;

import java.util.concurrent.TimeUnit;

import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Methods that answer through {@code RpcContext.startAsync()}, called one after another so that the provider's
 * threads run many of them in turn: each call gets its own answer, as over dubbo. A provider thread that kept the
 * AsyncContext of a call it had run answered the next call there with that call's result (within 2,000 calls,
 * often in the first few).
 */
class ProviderAsyncContextTest {

    private static final int CALLS = 2000;

    @ParameterizedTest
    @ValueSource(strings = {Transports.HESSIAN2, Transports.HTTPJSON_FASTJSON})
    void eachAsyncAnswerReachesItsOwnCall(String transport) throws Exception {
        DubboFeaturesParityTest.server(transport, new FeatureServiceImpl(), s -> {})
                .run(server -> {
                    FeatureService s = DubboFeaturesParityTest.ref(server, transport, FeatureService.class, r -> {});
                    FeatureService async =
                            DubboFeaturesParityTest.ref(server, transport, FeatureService.class, r -> r.setAsync(true));
                    for (int i = 0; i < CALLS; i++) {
                        assertThat(s.startAsync("y" + i)).as("call %d", i).isEqualTo("started y" + i + " startAsync");
                        assertThat(async.get("a" + i)).isNull();
                        assertThat(RpcContext.getServiceContext()
                                        .getCompletableFuture()
                                        .get(5, TimeUnit.SECONDS))
                                .as("async call %d", i)
                                .isEqualTo("got a" + i);
                    }
                });
    }
}
