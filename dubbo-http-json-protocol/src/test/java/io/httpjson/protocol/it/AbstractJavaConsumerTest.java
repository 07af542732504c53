package io.httpjson.protocol.it;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.api.Types.BizException;
import io.httpjson.protocol.api.Types.Result;
import io.httpjson.protocol.api.Types.Status;
import io.httpjson.protocol.api.Types.User;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.service.EchoService;
import org.apache.dubbo.rpc.service.GenericService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A Java consumer calling a provider over httpjson, real sockets both ways; one subclass per JSON engine. */
abstract class AbstractJavaConsumerTest {

    abstract DubboServer server();

    TestService service() {
        return server().reference(TestService.class);
    }

    @Test
    void stringsAndNulls() {
        assertThat(service().hello("world")).isEqualTo("Hello, world");
        assertThat(service().hello("引号\"\\\n✓")).isEqualTo("Hello, 引号\"\\\n✓");
        assertThat(service().nullable(null)).isNull();
        assertThat(service().concat(null, "x")).isEqualTo("nullx");
    }

    @Test
    void genericReturnTypesArriveTyped() {
        Result<User> r = service().getUser(7);
        assertThat(r.code).isZero();
        assertThat(r.data).isInstanceOf(User.class).isEqualTo(TestServiceImpl.sampleUser(7));
        List<User> users = service().users(List.of(1L, 2L, 3L));
        assertThat(users).hasSize(3).allSatisfy(u -> assertThat(u).isInstanceOf(User.class));
        assertThat(users.get(2)).isEqualTo(TestServiceImpl.sampleUser(3));
    }

    @Test
    void genericArgumentsArriveTyped() {
        Map<String, User> in = new LinkedHashMap<>();
        in.put("ann", TestServiceImpl.sampleUser(1));
        in.put("bob", TestServiceImpl.sampleUser(2));
        Map<String, User> out = service().byName(in);
        assertThat(out).containsOnlyKeys("ANN", "BOB");
        assertThat(out.get("BOB")).isInstanceOf(User.class).isEqualTo(TestServiceImpl.sampleUser(2));
        User[] arr = service().userArray(new User[] {TestServiceImpl.sampleUser(5), null});
        assertThat(arr).containsExactly(TestServiceImpl.sampleUser(5), null);
        assertThat(service().doubled(new int[] {1, -2, Integer.MAX_VALUE / 2}))
                .containsExactly(2, -4, Integer.MAX_VALUE / 2 * 2);
    }

    @Test
    void exactNumbersBytesTimesEnums() {
        assertThat(service().big(9_007_199_254_740_993L)).isEqualTo(9_007_199_254_740_994L);
        assertThat(service().big(Long.MAX_VALUE - 1)).isEqualTo(Long.MAX_VALUE);
        assertThat(service().add(new BigDecimal("0.1"), new BigDecimal("0.2"))).isEqualByComparingTo("0.3");
        byte[] all = new byte[1000];
        for (int i = 0; i < all.length; i++) {
            all[i] = (byte) i;
        }
        assertThat(service().echoBytes(all)).isEqualTo(all);
        assertThat(service().echoBytes(new byte[0])).isEmpty();
        LocalDateTime t = LocalDateTime.of(2024, 12, 31, 23, 59, 59, 999_000_000);
        assertThat(service().plusDays(t, 1)).isEqualTo(t.plusDays(1));
        Instant i = Instant.parse("2024-06-01T12:00:00.123456789Z");
        assertThat(service().instant(i)).isEqualTo(i);
        assertThat(service().flip(Status.ACTIVE)).isEqualTo(Status.LOCKED);
    }

    @Test
    void voidMethod() {
        TestService s = service();
        s.ping();
        s.ping();
        assertThat(s.count()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void overloadedMethodsPickTheRightOne() {
        assertThat(service().overloaded("x")).isEqualTo("string:x");
        assertThat(service().overloaded(4)).isEqualTo("int:4");
        assertThat(service().overloaded("y", 5)).isEqualTo("both:y5");
    }

    @Test
    void businessExceptionKeepsClassMessageAndFields() {
        assertThatThrownBy(() -> service().fail("user 7 not found", 404))
                .isInstanceOf(BizException.class)
                .hasMessage("user 7 not found")
                .satisfies(e -> assertThat(((BizException) e).getCode()).isEqualTo(404));
    }

    @Test
    void asyncProviderAndAsyncConsumer() throws Exception {
        CompletableFuture<String> f = service().helloAsync("you");
        assertThat(f.get(5, TimeUnit.SECONDS)).isEqualTo("Hello async, you");
        TestService async = server().reference(TestService.class, r -> r.setAsync(true));
        assertThat(async.hello("later")).isNull();
        CompletableFuture<String> later = RpcContext.getServiceContext().getCompletableFuture();
        assertThat(later.get(5, TimeUnit.SECONDS)).isEqualTo("Hello, later");
    }

    @Test
    void attachmentsTravelBothWays() {
        TestService s = service();
        RpcContext.getClientAttachment().setAttachment("trace-id", "abc 123,=%✓");
        assertThat(s.echoAttachment("trace-id")).isEqualTo("abc 123,=%✓");
        assertThat(RpcContext.getServerContext().getAttachment("reply-trace-id"))
                .isEqualTo("seen:abc 123,=%✓");
    }

    @Test
    void timeoutFailsWithDubboTimeoutCodeAndConnectionIsNotReused() {
        TestService s = server().reference(TestService.class, r -> r.setTimeout(300));
        assertThatThrownBy(() -> s.slow(3000))
                .isInstanceOf(RpcException.class)
                .satisfies(e -> assertThat(((RpcException) e).isTimeout()).isTrue());
        // the next call (on the same connection pool, with the default timeout) gets a healthy connection
        assertThat(service().hello("after timeout")).isEqualTo("Hello, after timeout");
    }

    @Test
    void genericInvokeAndEcho() {
        GenericService g = server().reference(GenericService.class, r -> {
            r.setInterface(TestService.class.getName());
            r.setGeneric("true");
        });
        assertThat(g.$invoke("hello", new String[] {"java.lang.String"}, new Object[] {"generic"}))
                .isEqualTo("Hello, generic");
        Object user = g.$invoke("getUser", new String[] {"long"}, new Object[] {9L});
        assertThat(user).isInstanceOf(Map.class);
        assertThat(((Map<?, ?>) ((Map<?, ?>) user).get("data")).get("name")).isEqualTo("user-9");
        assertThat(((EchoService) service()).$echo("ping")).isEqualTo("ping");
    }
}
