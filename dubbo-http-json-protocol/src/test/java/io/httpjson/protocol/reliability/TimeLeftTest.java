package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A call that waited in line for a connection tells the provider the time it has left ({@code Dubbo-Timeout}), not
 * the whole timeout: the provider then gives up on it once its caller has, instead of running a call nobody waits
 * for (as Dubbo's timeout countdown does for the dubbo protocol).
 */
class TimeLeftTest {

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    /** The header lines of the next request, names in lower case, values as sent; null at the end. */
    private static Map<String, String> head(InputStream in) throws IOException {
        Map<String, String> h = new HashMap<>();
        String line = line(in);
        if (line == null) {
            return null;
        }
        while (!(line = line(in)).isEmpty()) {
            int colon = line.indexOf(':');
            h.put(line.substring(0, colon).toLowerCase(Locale.ROOT), line.substring(colon + 1));
        }
        return h;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1 && c != '\n') {
            if (c != '\r') {
                b.write(c);
            }
        }
        return c == -1 && b.size() == 0 ? null : b.toString(StandardCharsets.ISO_8859_1);
    }

    @Test
    void aCallThatWaitedForAConnectionSendsTheTimeItHasLeft() throws Exception {
        List<String> timeouts = new CopyOnWriteArrayList<>();
        CountDownLatch firstArrived = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (RawServer server = new RawServer((s, n) -> {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            Map<String, String> h;
            while ((h = head(in)) != null) {
                in.readNBytes(Integer.parseInt(h.get("content-length").trim()));
                timeouts.add(h.get("dubbo-timeout"));
                if (timeouts.size() == 1) {
                    firstArrived.countDown();
                    try {
                        release.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                out.write(FakeProvider.response(200, h.get("dubbo-request-id").trim(), "\"ok\""));
                out.flush();
            }
        })) {
            OnceService s = consumer.reference(
                    OnceService.class,
                    "httpjson://127.0.0.1:" + server.port() + "?httpjson.max-connections=1&httpjson.pipelining=1",
                    r -> r.setTimeout(5000));
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> s.echo("a", 0));
            assertThat(firstArrived.await(10, TimeUnit.SECONDS)).isTrue();
            AtomicLong secondStarted = new AtomicLong();
            CountDownLatch secondCalled = new CountDownLatch(1);
            CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> {
                secondStarted.set(System.nanoTime());
                secondCalled.countDown();
                return s.echo("b", 0);
            });
            assertThat(secondCalled.await(10, TimeUnit.SECONDS)).isTrue();
            io.httpjson.protocol.internal.client.HttpJsonClient client = consumer.clients().stream()
                    .filter(c -> c.remote().getPort() == server.port())
                    .findFirst()
                    .orElseThrow();
            await().atMost(Duration.ofSeconds(10)).until(() -> client.waitingCalls() == 1);
            // the first call holds the only connection for 300 ms more of the second's 5000, which waits in line
            assertThat(new CountDownLatch(1).await(300, TimeUnit.MILLISECONDS)).isFalse();
            long held = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - secondStarted.get());
            release.countDown();
            assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
            assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
            assertThat(timeouts).hasSize(2);
            long firstSent = Long.parseLong(timeouts.get(0).trim());
            long secondSent = Long.parseLong(timeouts.get(1).trim());
            assertThat(firstSent).as("the first call waited for nothing").isBetween(4000L, 5000L);
            // the second went out after the first's answer, at least `held` ms after it was made (less the time
            // from its start to its request being made, a few ms, allowed 100)
            assertThat(secondSent).as("sent " + timeouts).isBetween(1L, 5000L - held + 100);
            assertThat(secondSent).isLessThan(5000L);
            assertThat(timeouts.get(1))
                    .as("as wide as the whole timeout was")
                    .hasSize(timeouts.get(0).length());
        }
    }
}
