package io.httpjson.protocol.it;

import java.net.http.HttpResponse;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.service.GenericService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A provider implemented as a {@code GenericService} ({@code generic=true} on the service), called over HTTP. */
class GenericProviderTest {

    @Test
    void aCallByMethodNameSaysToCallInvoke() throws Exception {
        GenericService impl = (method, types, args) -> "impl " + method + " " + args[0];
        DubboServer.builder()
                .service(GenericService.class, impl, s -> {
                    s.setInterface(TestService.class.getName());
                    s.setGeneric("true");
                })
                .build()
                .run(server -> {
                    String base = server.baseUrl() + "/" + TestService.class.getName();
                    HttpResponse<String> byName = Http.post(base + "/hello", "[\"w\"]");
                    assertThat(byName.statusCode()).isEqualTo(404);
                    assertThat(byName.body())
                            .contains("implemented as a GenericService")
                            .contains("/$invoke with [\\\"hello\\\", [parameter types], [arguments]]");
                    HttpResponse<String> generic =
                            Http.post(base + "/$invoke", "[\"hello\", [\"java.lang.String\"], [\"w\"]]");
                    assertThat(generic.statusCode()).as(generic.body()).isEqualTo(200);
                    assertThat(generic.body()).isEqualTo("\"impl hello w\"");
                });
    }
}
