package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A service that inherits a generic interface ({@code UserService extends CrudService<Point, Long>}) reads and
 * writes the bound types, as over dubbo with hessian2: an id arrives as a {@code Long}, an entity as a {@code Point},
 * through a real provider and consumer.
 */
class GenericInterfaceParityTest {

    /**
     * Each call would find nothing or fail with a ClassCastException in the provider if T and ID were read as
     * Object (the results are looked at as Objects here: the next test is about the consumer's side).
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                Transports.HESSIAN2,
                Transports.DUBBO_FASTJSON,
                Transports.DUBBO_GSON,
                Transports.HTTPJSON_FASTJSON,
                Transports.HTTPJSON_GSON
            })
    void theProviderReadsTheBoundTypes(String transport) throws Exception {
        UserRepository repository = new UserRepository();
        Transports.server(transport, UserService.class, repository).run(server -> {
            CrudService<?, Long> users = Transports.reference(server, transport, UserService.class, r -> {});
            assertThat((Object) users.findById(7L)).isNotNull();
            assertThat(users.findAll(new ArrayList<>(List.of(7L, 8L)))).hasSize(1);
            ((UserService) users).save(new Point("eight", 8));
            assertThat(repository.store.get(8L)).isInstanceOf(Point.class);
            assertThat(repository.store.get(8L).name).isEqualTo("eight");
        });
    }

    /**
     * The consumer reads a T result as the bound class, also under the dubbo protocol's text serializations (Dubbo
     * hands them {@code T}, which they read as a map: {@code Point p = users.findById(7L)} failed with a
     * ClassCastException, where hessian2 reads the class its stream names).
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                Transports.HESSIAN2,
                Transports.DUBBO_FASTJSON,
                Transports.DUBBO_GSON,
                Transports.HTTPJSON_FASTJSON,
                Transports.HTTPJSON_GSON
            })
    void theConsumerReadsTheBoundResultType(String transport) throws Exception {
        Transports.server(transport, UserService.class, new UserRepository()).run(server -> {
            UserService users = Transports.reference(server, transport, UserService.class, r -> {});
            Object first = ((CrudService<?, ?>) users).first();
            assertThat(first).isInstanceOf(Point.class);
            assertThat(users.findById(7L).name).isEqualTo("seven");
            assertThat(users.findAll(new ArrayList<>(List.of(7L))).get(0)).isInstanceOf(Point.class);
            assertThat(users.findLater(7L).get().name).isEqualTo("seven");
        });
    }

    /** An HTTP caller's id is read as the Long it is bound to: a fraction or a string is refused, naming Long. */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void anHttpCallerSendsTheBoundTypes(String transport) throws Exception {
        Transports.server(transport, UserService.class, new UserRepository()).run(server -> {
            String base = server.baseUrl() + "/" + UserService.class.getName();
            HttpResponse<String> found = Http.post(base + "/findById", "7");
            assertThat(found.statusCode()).isEqualTo(200);
            assertThat(found.body()).contains("\"name\":\"seven\"");
            HttpResponse<String> fraction = Http.post(base + "/findById", "7.5");
            assertThat(fraction.statusCode()).isEqualTo(400);
            assertThat(fraction.body()).contains("Long");
            HttpResponse<String> saved = Http.post(base + "/save", "{\"name\":\"nine\",\"amount\":9}");
            assertThat(saved.statusCode()).isEqualTo(200);
            assertThat(Http.post(base + "/findById", "9").body()).contains("\"name\":\"nine\"");
            HttpResponse<String> count = Http.post(base + "/count", "[7,8,9]");
            assertThat(count.statusCode()).as(count.body()).isEqualTo(200);
            assertThat(count.body()).isEqualTo("3");
        });
    }
}
