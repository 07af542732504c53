package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Dubbo's {@code validation="true"} (Bean Validation, Hibernate Validator) refuses bad arguments before the method
 * runs: an HTTP caller gets a 400 that lists each violation by its parameter, without Bean Validation's internals
 * (which hold the call's arguments); a Java consumer gets the failure as a business exception, not retried.
 */
class ValidationTest {

    static class Impl implements ValidatedService {
        final AtomicInteger ran = new AtomicInteger();

        @Override
        public String greet(String name) {
            ran.incrementAndGet();
            return "hi " + name;
        }

        @Override
        public String order(Integer quantity, String item) {
            ran.incrementAndGet();
            return quantity + " " + item;
        }
    }

    private static DubboServer server(String transport, Impl impl) {
        return DubboServer.builder()
                .param("serialization", transport.split(":")[1])
                .service(ValidatedService.class, impl, s -> s.setValidation("true"))
                .build();
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void anHttpCallerGetsEachViolationByItsParameter(String transport) throws Exception {
        Impl impl = new Impl();
        server(transport, impl).run(server -> {
            String base = server.baseUrl() + "/" + ValidatedService.class.getName();
            HttpResponse<String> ok = Http.post(base + "/greet", "[\"ann\"]");
            assertThat(ok.statusCode()).isEqualTo(200);

            HttpResponse<String> one = Http.post(base + "/greet", "[null]");
            assertThat(one.statusCode()).as(one.body()).isEqualTo(400);
            assertThat(one.body())
                    .contains("\"code\":\"VALIDATION_FAILED\"")
                    // the parameter by name, or by position when Dubbo's validator could not read the names
                    .containsAnyOf("\"violations\":[{\"path\":\"name\",", "\"violations\":[{\"path\":\"arg0\",")
                    .contains("\"message\":\"invalid arguments: ")
                    .contains("troubleshooting.md#validation-failed");

            HttpResponse<String> two = Http.post(base + "/order", "[0,null]");
            assertThat(two.statusCode()).isEqualTo(400);
            Map<?, ?> body = (Map<?, ?>) new com.google.gson.Gson().fromJson(two.body(), Map.class);
            List<?> violations = (List<?>) body.get("violations");
            List<Object> paths = new java.util.ArrayList<>();
            for (Object v : violations) {
                paths.add(((Map<?, ?>) v).get("path"));
            }
            assertThat(paths).isIn(List.of("item", "quantity"), List.of("arg0", "arg1"));
            // Bean Validation's objects are not sent: they hold the arguments and the validator's internals
            assertThat(two.body()).doesNotContain("rootBean").doesNotContain("ConstraintViolationImpl");
            assertThat(impl.ran).hasValue(1);
        });
    }

    /** A ConstraintViolationException the method throws itself (a JPA save's, say) is the method's business. */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void withoutValidationTheMethodsOwnViolationIsABusinessException(String transport) throws Exception {
        ValidatedService throwing = new Impl() {
            @Override
            public String greet(String name) {
                throw new jakarta.validation.ConstraintViolationException("saving failed", java.util.Set.of());
            }
        };
        DubboServer.builder()
                .param("serialization", transport.split(":")[1])
                .service(ValidatedService.class, throwing)
                .build()
                .run(server -> {
                    HttpResponse<String> r = Http.post(
                            server.baseUrl() + "/" + ValidatedService.class.getName() + "/greet", "[\"ann\"]");
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(500);
                    assertThat(r.body()).contains("BUSINESS_EXCEPTION").contains("saving failed");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void aJavaConsumerGetsABusinessExceptionThatIsNotRetried(String transport) throws Exception {
        Impl impl = new Impl();
        server(transport, impl).run(server -> {
            ValidatedService s = server.reference(ValidatedService.class, r -> r.setRetries(2));
            Throwable e = catchThrowable(() -> s.greet(null));
            assertThat(e).isNotNull().isNotInstanceOf(RpcException.class);
            assertThat(e.getMessage()).contains("invalid arguments: ");
            assertThat(s.greet("bob")).isEqualTo("hi bob");
            assertThat(impl.ran).hasValue(1);
        });
    }
}
