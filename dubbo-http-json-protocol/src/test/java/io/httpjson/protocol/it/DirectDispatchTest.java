package io.httpjson.protocol.it;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code httpjson.dispatch=direct}: calls run on Jetty's selector threads, so the port has one per core (the default
 * dispatch keeps half the cores, 1 to 4, and hands calls to Jetty's pool).
 */
class DirectDispatchTest {

    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @RegisterExtension
    static DubboServer direct = DubboServer.builder()
            .param("httpjson.dispatch", "direct")
            .service(TestService.class, new TestServiceImpl())
            .build();

    @RegisterExtension
    static DubboServer byDefault = DubboServer.builder()
            .service(TestService.class, new TestServiceImpl())
            .build();

    @Test
    void directDispatchHasASelectorPerCoreAndAnswers() {
        assertThat(direct.httpJsonServer().selectors()).isEqualTo(CORES);
        assertThat(direct.reference(TestService.class).hello("direct")).isEqualTo("Hello, direct");
        var r = Http.post(direct.baseUrl() + "/" + TestService.class.getName() + "/hello", "[\"curl\"]");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"Hello, curl\"");
    }

    @Test
    void theDefaultDispatchKeepsHalfTheCores() {
        assertThat(byDefault.httpJsonServer().selectors()).isEqualTo(Math.max(1, Math.min(4, CORES / 2)));
        assertThat(byDefault.reference(TestService.class).hello("jetty")).isEqualTo("Hello, jetty");
    }
}
