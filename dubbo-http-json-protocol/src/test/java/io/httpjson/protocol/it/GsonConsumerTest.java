package io.httpjson.protocol.it;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.extension.RegisterExtension;

class GsonConsumerTest extends AbstractJavaConsumerTest {

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("serialization", "gson-text")
            .service(TestService.class, new TestServiceImpl())
            .build();

    @Override
    DubboServer server() {
        return server;
    }
}
