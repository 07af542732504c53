package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.internal.client.Ledger;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import org.apache.dubbo.config.MethodConfig;
import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every way a call can end gives back what it took: after many calls that end one way (answer, error status,
 * out-of-step or malformed answer, close before or while answering, timeout while written or while the answer is
 * read, one-way calls, a caller that cancels), the pool counts no call, no timeout is left on the shared timer,
 * no request buffer leaks (Netty's leak detector at paranoid), and the next call succeeds. The leak check needs this
 * class to be the first in its JVM to make a Netty buffer (as when run alone); the counts are checked either way.
 */
class CallEndingsLedgerTest {

    /** Leaks Netty's detector reported, in this JVM (it must be set before any buffer class is loaded). */
    static final List<String> LEAKS = new CopyOnWriteArrayList<>();
    /** Whether buffers report to {@link #LEAKS}: not if an earlier test class in this JVM made the first buffer. */
    static volatile boolean detecting;

    static final ResourceLeakDetector.Level LEVEL = ResourceLeakDetector.getLevel();

    static {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new ResourceLeakDetectorFactory() {
            @Override
            @SuppressWarnings("deprecation")
            public <T> ResourceLeakDetector<T> newResourceLeakDetector(
                    Class<T> resource, int samplingInterval, long maxActive) {
                detecting |= resource == ByteBuf.class;
                return new ResourceLeakDetector<T>(resource, samplingInterval) {
                    @Override
                    protected void reportTracedLeak(String type, String records) {
                        LEAKS.add(type + records);
                    }

                    @Override
                    protected void reportUntracedLeak(String type) {
                        LEAKS.add(type);
                    }
                };
            }
        });
    }

    static {
        ByteBufAllocator.DEFAULT.buffer(1).release(); // the buffer classes take their detector now
    }

    static final int TIMEOUT = 300;
    static final int ROUNDS = 3;
    static final int CONCURRENT = 6;

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    /** Turned off before the call that shows the pool recovered: every request is answered well then. */
    static volatile boolean broken;

    static void write(OutputStream out, String s) throws IOException {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    static void answer(String id, String body, OutputStream out) throws IOException {
        if (!body.contains(",")) { // fire(value): the provider's 202 to a one-way call
            write(out, "HTTP/1.1 202 Accepted\r\nDubbo-Request-Id: " + id + "\r\nContent-Length: 0\r\n\r\n");
            return;
        }
        out.write(FakeProvider.response(200, id, "\"" + HostileProviderTest.value(body) + "\""));
    }

    static Stream<Arguments> endings() {
        Map<String, FakeProvider.Script> scripts = new LinkedHashMap<>();
        scripts.put("answer", (n, id, body, out) -> answer(id, body, out));
        scripts.put("error status", (n, id, body, out) -> out.write(FakeProvider.response(500, id, "oops")));
        scripts.put(
                "refusal",
                (n, id, body, out) ->
                        out.write(FakeProvider.response(503, id, "{\"code\":\"OVERLOADED\",\"message\":\"busy\"}")));
        scripts.put("garbage", (n, id, body, out) -> write(out, "nonsense\r\n\r\n"));
        scripts.put("out of step", (n, id, body, out) -> out.write(FakeProvider.response(200, "1", "\"x\"")));
        scripts.put("connection close", (n, id, body, out) -> {
            out.write(
                    FakeProvider.response(200, id, "\"" + HostileProviderTest.value(body) + "\"", "Connection: close"));
            out.close();
        });
        scripts.put("read-only close", (n, id, body, out) -> {
            out.write(FakeProvider.response(
                    503,
                    id,
                    "{\"code\":\"SHUTTING_DOWN\",\"message\":\"bye\"}",
                    "Connection: close",
                    "Dubbo-Read-Only: true"));
            out.close();
        });
        scripts.put(
                "bad gzip",
                (n, id, body, out) ->
                        out.write(FakeProvider.response(200, id, "\"not gzip\"", "Content-Encoding: gzip")));
        scripts.put("hang up", (n, id, body, out) -> out.close());
        scripts.put("cut body", (n, id, body, out) -> {
            write(out, "HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + id + "\r\nContent-Length: 100\r\n\r\n\"abc");
            out.close();
        });
        scripts.put("silent", (n, id, body, out) -> {});
        scripts.put(
                "stalled body",
                (n, id, body, out) -> write(
                        out, "HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + id + "\r\nContent-Length: 100\r\n\r\n\"abc"));
        List<Arguments> out = new ArrayList<>();
        for (int depth : new int[] {1, 32}) {
            scripts.forEach((name, script) -> out.add(Arguments.of(name, depth, script)));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}, pipelining {1}")
    @MethodSource("endings")
    void everyEndingGivesBackWhatItTook(String name, int depth, FakeProvider.Script script) throws Exception {
        broken = true;
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {
            if (broken) {
                script.answer(n, id, body, out);
            } else {
                answer(id, body, out);
            }
        })) {
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1&httpjson.pipelining=" + depth
                            + "&availablecheck=false",
                    r -> {
                        r.setTimeout(TIMEOUT);
                        MethodConfig fire = new MethodConfig();
                        fire.setName("fire");
                        fire.setReturn(false);
                        fire.setSent(name.hashCode() % 2 == 0);
                        r.setMethods(List.of(fire));
                    });
            for (int round = 0; round < ROUNDS; round++) {
                List<Future<?>> calls = new ArrayList<>();
                for (int i = 0; i < CONCURRENT; i++) {
                    String v = name + "-" + round + "-" + i;
                    int kind = i;
                    calls.add(CompletableFuture.runAsync(() -> {
                        if (kind == 0) {
                            s.fire(v);
                        } else {
                            s.echo(v, 0);
                        }
                    }));
                }
                for (Future<?> f : calls) {
                    try {
                        f.get(TIMEOUT + 10_000, TimeUnit.MILLISECONDS);
                    } catch (ExecutionException expected) {
                        // any failure the ending makes: this test is about what it leaves behind
                    }
                }
            }
            HttpJsonClient client = clientOf(fake.port());
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(Ledger.of(client))
                    .as("nothing counted for calls that ended")
                    .matches(l -> Ledger.settled(client), "settled"));
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(Ledger.pendingTimeouts(client))
                    .as("no timeout left on the timer")
                    .isZero());
            broken = false;
            await().atMost(Duration.ofSeconds(5)).ignoreExceptions().until(() -> "next".equals(s.echo("next", 0)));
            assertThat(Ledger.settled(client)).as(Ledger.of(client)).isTrue();
        }
        assertThat(leaks()).as("request buffers leaked").isEmpty();
    }

    /** An async caller that cancels its future: the call still ends, and gives back what it took. */
    @Test
    void aCancelledCallGivesBackWhatItTook() throws Exception {
        try (FakeProvider fake = new FakeProvider((n, id, body, out) -> {})) {
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + fake.port() + "?httpjson.max-connections=1&availablecheck=false",
                    r -> {
                        r.setTimeout(TIMEOUT);
                        r.setAsync(true);
                    });
            for (int i = 0; i < 5; i++) {
                s.echo("c" + i, 0);
                CompletableFuture<Object> f = RpcContext.getServiceContext().getCompletableFuture();
                f.cancel(true);
            }
            HttpJsonClient client = clientOf(fake.port());
            await().atMost(Duration.ofSeconds(10)).until(() -> Ledger.settled(client));
            await().atMost(Duration.ofSeconds(10)).until(() -> Ledger.pendingTimeouts(client) == 0);
        }
        assertThat(leaks()).isEmpty();
    }

    /** The detector this test relies on sees a buffer that is dropped unreleased. */
    @Test
    void theLeakDetectorSeesALeak() {
        assumeTrue(detecting, "an earlier test class in this JVM made the first buffer");
        dropUnreleased();
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            churn();
            return LEAKS.stream().anyMatch(l -> l.contains("ledger-self-check"));
        });
        LEAKS.removeIf(l -> l.contains("ledger-self-check"));
    }

    private static void dropUnreleased() {
        ByteBuf b = ByteBufAllocator.DEFAULT.buffer(16);
        b.touch("ledger-self-check");
        b.writeByte(1);
    }

    /** Collects garbage and allocates, so that the detector reports what was collected unreleased. */
    private static void churn() {
        System.gc();
        for (int i = 0; i < 50; i++) {
            ByteBufAllocator.DEFAULT.buffer(16).release();
        }
    }

    private static List<String> leaks() {
        for (int i = 0; i < 5; i++) {
            churn();
        }
        List<String> found = new ArrayList<>(LEAKS);
        found.removeIf(l -> l.contains("ledger-self-check"));
        return found;
    }

    private static HttpJsonClient clientOf(int port) {
        return consumer.clients().stream()
                .filter(c -> c.remote().getPort() == port)
                .findFirst()
                .orElseThrow();
    }

    @AfterAll
    static void noLeaks() {
        assertThat(leaks()).isEmpty();
        ResourceLeakDetector.setLevel(LEVEL);
    }
}
