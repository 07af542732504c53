package io.httpjson.protocol.reliability;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * A call that waited for one of the provider's {@code threads} longer than its {@code Dubbo-Timeout} is not run: it
 * is answered {@code 504}, whether it waited in Jetty's queue (the default dispatch) or Dubbo's pool. Its caller has
 * given up, and a cluster may have sent it to another provider, so running it would run it twice.
 */
class QueuedPastDeadlineTest {

    static final OnceServiceImpl IMPL = new OnceServiceImpl();

    @RegisterExtension
    static DubboServer provider = DubboServer.builder()
            .param("threads", "2")
            .service(OnceService.class, IMPL)
            .build();

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    @AfterAll
    static void release() {
        IMPL.open();
    }

    @Test
    void aCallQueuedPastItsTimeoutIsAnswered504AndNeverRuns() throws Exception {
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        IMPL.close();
        Map<String, CompletableFuture<HttpResponse<String>>> calls = new LinkedHashMap<>();
        for (int i = 0; i < 8; i++) {
            String value = "queued-" + i;
            calls.put(value, client.sendAsync(held(value), HttpResponse.BodyHandlers.ofString()));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> IMPL.waiting.get() >= 1);
        // a clock the test can observe: a Java caller's own 400 ms timeout, sent after the calls above (it may run
        // itself, if a thread was free when it came)
        OnceService clock = consumer.reference(
                OnceService.class, "httpjson://127.0.0.1:" + provider.port(), ref -> ref.setTimeout(400));
        assertThat(catchThrowableOfType(() -> clock.held("clock"), RpcException.class)
                        .isTimeout())
                .isTrue();
        Set<String> started = new HashSet<>(IMPL.runs.keySet());
        IMPL.open();
        int refused = 0;
        for (Map.Entry<String, CompletableFuture<HttpResponse<String>>> e : calls.entrySet()) {
            HttpResponse<String> r = e.getValue().get(30, TimeUnit.SECONDS);
            if (started.contains(e.getKey())) {
                assertThat(r.statusCode()).as(e.getKey()).isEqualTo(200);
            } else {
                refused++;
                assertThat(r.statusCode()).as(e.getKey() + ": " + r.body()).isEqualTo(504);
                assertThat(r.body()).contains("DEADLINE_EXCEEDED");
                assertThat(IMPL.runs(e.getKey())).as(e.getKey() + " ran").isZero();
            }
        }
        assertThat(refused).as("calls that had to wait").isPositive();
        // and no call that did not wait is refused: fresh ones, right after the pool drained (when Jetty starts the
        // threads it keeps in reserve, jobs that waited in the same queue), run
        for (int i = 0; i < 20; i++) {
            HttpResponse<String> fresh = client.send(held("fresh-" + i), HttpResponse.BodyHandlers.ofString());
            assertThat(fresh.statusCode()).as(fresh.body()).isEqualTo(200);
        }
    }

    /** A call of {@code held(value)} that may wait 300 ms before it runs ({@code Dubbo-Timeout}). */
    private static HttpRequest held(String value) {
        return HttpRequest.newBuilder(URI.create(provider.baseUrl() + "/" + OnceService.class.getName() + "/held"))
                .header("Content-Type", "application/json")
                .header("Dubbo-Timeout", "300")
                .POST(HttpRequest.BodyPublishers.ofString("[\"" + value + "\"]"))
                .build();
    }
}
