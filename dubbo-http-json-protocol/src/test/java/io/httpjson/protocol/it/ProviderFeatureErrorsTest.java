package io.httpjson.protocol.it;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The provider's HTTP feature keys fail the export as every other key does (docs/configuration.md): the message
 * starts {@code httpjson: cannot export SERVICE: } and then {@code name: value (expected: ...)}.
 */
class ProviderFeatureErrorsTest {

    @ParameterizedTest
    @CsvSource({
        HttpFeatures.HEALTH_PATH + ",health",
        HttpFeatures.HEADER_ATTACHMENTS + ",dubbo-x",
        HttpFeatures.OPENAPI + ",yes",
        HttpFeatures.CACHE_CONTROL + ",max-age=60\u00e9"
    })
    void aBadFeatureValueFailsTheExportNamingTheService(String key, String value) {
        DubboServer server = DubboServer.builder()
                .service(TestService.class, new TestServiceImpl())
                .param(key, value)
                .build();
        try {
            assertThatThrownBy(server::start)
                    .isInstanceOf(RpcException.class)
                    .hasMessageStartingWith(
                            "httpjson: cannot export " + TestService.class.getName() + ": " + key + ": ")
                    .hasMessageContaining("(expected: ");
        } finally {
            server.stop();
        }
    }
}
