package io.httpjson.protocol.reliability;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * With {@code httpjson.dispatch=pool} a one-way call ({@code Prefer: respond-async}) runs on the service's Dubbo pool,
 * as a two-way call does and as over the dubbo protocol: within its {@code threads}, not on Jetty's threads.
 */
class OneWayOnThePoolTest {

    /** The thread each value ran on. */
    static final Map<String, String> THREADS = new ConcurrentHashMap<>();

    static final class Recording implements OnceService {
        @Override
        public String echo(String value, int workMillis) {
            THREADS.put(value, Thread.currentThread().getName());
            return value;
        }

        @Override
        public String held(String value) {
            return echo(value, 0);
        }

        @Override
        public void fire(String value) {
            echo(value, 0);
        }
    }

    @RegisterExtension
    static DubboServer provider = DubboServer.builder()
            .param("httpjson.dispatch", "pool")
            .service(OnceService.class, new Recording())
            .build();

    @Test
    void aOneWayCallRunsOnTheServicesPoolAsATwoWayCallDoes() {
        String base = provider.baseUrl() + "/" + OnceService.class.getName();
        assertThat(Http.post(base + "/held", "[\"two-way\"]").statusCode()).isEqualTo(200);
        assertThat(Http.post(base + "/fire", "[\"one-way\"]", "Prefer", "respond-async")
                        .statusCode())
                .isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> THREADS.containsKey("one-way"));
        assertThat(THREADS.get("two-way")).startsWith("DubboServerHandler");
        assertThat(THREADS.get("one-way")).startsWith("DubboServerHandler");
    }
}
