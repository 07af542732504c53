package io.httpjson.unlisted;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code auto-trust-serialize-class=false} Dubbo puts no interface class on the serialize allow-list: the
 * application lists them in {@code security/serialize.allowlist}. A class it did not list is then refused in STRICT
 * mode (hessian2 answers "Serialized class ... is not in allow list" and never makes one), read with a warning in
 * WARN mode and read in DISABLE mode. httpjson must make the classes of declared types under the same rule.
 */
class UnlistedDeclaredTypeTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"STRICT, 400, 0", "WARN, 200, 1", "DISABLE, 200, 1"})
    void theProviderHonoursTheCheckStatusForDeclaredTypes(String status, int expected, int made) {
        FrameworkModel framework = new FrameworkModel();
        try {
            int port = UnlistedProvider.start(framework, "unlisted-provider", status);
            // the first read of a type may make instances while the engine learns it (fastjson2 does): count calls
            int before = UnlistedPojo.MADE.get();
            HttpResponse<String> r = Http.post(
                    "http://127.0.0.1:" + port + "/" + UnlistedService.class.getName() + "/take", "[{\"name\":\"x\"}]");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(expected);
            if (expected == 400) {
                assertThat(r.body()).contains(UnlistedPojo.class.getName()).contains("allow");
                assertThat(UnlistedPojo.MADE.get() - before)
                        .as("UnlistedPojo made")
                        .isZero();
            } else {
                assertThat(r.body()).isEqualTo("\"got x\"");
                assertThat(UnlistedPojo.MADE.get() - before).isGreaterThanOrEqualTo(made);
            }
        } finally {
            framework.destroy();
        }
    }

    /**
     * A GET's query value of a declared type was read to check it before the allow-list was asked, so in STRICT
     * mode the call was refused only after an {@link UnlistedPojo} had been made.
     */
    @Test
    void aGetMakesNoUnlistedClassEither() {
        FrameworkModel framework = new FrameworkModel();
        try {
            int port = UnlistedProvider.start(framework, "unlisted-get-provider", "STRICT");
            int before = UnlistedPojo.MADE.get();
            String query = "?0=" + URLEncoder.encode("{\"name\":\"x\"}", StandardCharsets.UTF_8);
            HttpResponse<String> r = Http.send(HttpRequest.newBuilder(URI.create(
                            "http://127.0.0.1:" + port + "/" + UnlistedService.class.getName() + "/take" + query))
                    .GET()
                    .build());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
            assertThat(r.body()).contains(UnlistedPojo.class.getName()).contains("allow");
            assertThat(UnlistedPojo.MADE.get() - before).as("UnlistedPojo made").isZero();
        } finally {
            framework.destroy();
        }
    }
}
