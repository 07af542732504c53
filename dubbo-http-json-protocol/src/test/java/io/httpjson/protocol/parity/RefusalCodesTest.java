package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A provider's refusal (Dubbo's token, a service not exported, the {@code executes} limit, a filter's
 * FORBIDDEN_EXCEPTION) reaches a Java consumer as a non-business RpcException with the code httpjson maps it to
 * ({@code ErrorCode}), whether the call is synchronous or asynchronous.
 */
class RefusalCodesTest {

    @Test
    void syncCallersGetTheRefusalsCodeAsAsyncCallersDo() throws Exception {
        ParityServiceImpl held = new ParityServiceImpl();
        DubboServer.builder()
                .service(ParityService.class, held, s -> s.setExecutes(1))
                .service(TestService.class, new TestServiceImpl(), s -> {
                    s.setToken("s3cret");
                    s.setFilter("admission-refusal");
                })
                .build()
                .run(server -> {
                    String base = "httpjson://127.0.0.1:" + server.port();
                    TestService wrongToken = server.reference(TestService.class, r -> r.setUrl(base + "?token=wrong"));
                    expect(
                            RpcException.FORBIDDEN_EXCEPTION,
                            () -> wrongToken.hello("x"),
                            server,
                            base + "?token=wrong");

                    TestService notExported = server.reference(TestService.class, r -> r.setGroup("none"));
                    assertThat(syncCode(() -> notExported.hello("x"))).isEqualTo(RpcException.FORBIDDEN_EXCEPTION);

                    TestService refused = server.reference(TestService.class, r -> r.setUrl(base + "?token=s3cret"));
                    RpcContext.getClientAttachment().setAttachment("refuse", "forbidden");
                    assertThat(syncCode(() -> refused.hello("x"))).isEqualTo(RpcException.FORBIDDEN_EXCEPTION);

                    ParityService async = server.reference(ParityService.class, r -> r.setAsync(true));
                    async.hold("first");
                    CompletableFuture<String> first =
                            RpcContext.getServiceContext().getCompletableFuture();
                    assertThat(held.entered.await(5, TimeUnit.SECONDS)).isTrue();
                    ParityService sync = server.reference(ParityService.class);
                    assertThat(syncCode(() -> sync.hold("second"))).isEqualTo(RpcException.LIMIT_EXCEEDED_EXCEPTION);
                    held.release.countDown();
                    assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("first");
                });
    }

    /**
     * An HTTP caller gets Dubbo's rate limits as 429: {@code tps} (whose refusal has no code of its own) and
     * {@code executes} (whose message names the provider's URL: its query, pid and every key, stays in the log).
     */
    @Test
    void anHttpCallerGetsRateLimitsAs429WithoutTheProvidersUrl() throws Exception {
        ParityServiceImpl held = new ParityServiceImpl();
        DubboServer.builder()
                .service(ParityService.class, held, s -> s.setExecutes(1))
                .service(TestService.class, new TestServiceImpl(), s -> s.setParameters(Map.of("tps", "1")))
                .build()
                .run(server -> {
                    String hello = server.baseUrl() + "/" + TestService.class.getName() + "/hello";
                    assertThat(Http.post(hello, "[\"a\"]").statusCode()).isEqualTo(200);
                    HttpResponse<String> tps = Http.post(hello, "[\"b\"]");
                    assertThat(tps.statusCode()).as(tps.body()).isEqualTo(429);
                    assertThat(tps.body())
                            .contains("\"code\":\"TOO_MANY_REQUESTS\"")
                            .contains("tps");

                    ParityService async = server.reference(ParityService.class, r -> r.setAsync(true));
                    async.hold("first");
                    CompletableFuture<String> first =
                            RpcContext.getServiceContext().getCompletableFuture();
                    assertThat(held.entered.await(5, TimeUnit.SECONDS)).isTrue();
                    HttpResponse<String> executes =
                            Http.post(server.baseUrl() + "/" + ParityService.class.getName() + "/hold", "[\"b\"]");
                    assertThat(executes.statusCode()).as(executes.body()).isEqualTo(429);
                    assertThat(executes.body())
                            .contains("executes")
                            .contains("httpjson://127.0.0.1:" + server.port() + "/" + ParityService.class.getName())
                            .doesNotContain("pid=")
                            .doesNotContain("application=");
                    held.release.countDown();
                    assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("first");
                });
    }

    /** The sync call's code is the expected one, and the same as an async call's. */
    private static void expect(int code, Runnable syncCall, DubboServer server, String url) throws Exception {
        assertThat(syncCode(syncCall)).isEqualTo(code);
        TestService async = server.reference(TestService.class, r -> {
            r.setUrl(url);
            r.setAsync(true);
        });
        async.hello("x");
        CompletableFuture<String> f = RpcContext.getServiceContext().getCompletableFuture();
        ExecutionException e = catchThrowableOfType(() -> f.get(5, TimeUnit.SECONDS), ExecutionException.class);
        assertThat(e.getCause()).isInstanceOf(RpcException.class);
        assertThat(((RpcException) e.getCause()).getCode()).isEqualTo(code);
    }

    private static int syncCode(Runnable call) {
        RpcException e = catchThrowableOfType(call::run, RpcException.class);
        assertThat(e).as("the call must fail").isNotNull();
        assertThat(e.isBiz()).isFalse();
        return e.getCode();
    }
}
