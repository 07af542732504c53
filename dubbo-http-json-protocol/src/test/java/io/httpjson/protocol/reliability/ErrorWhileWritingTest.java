package io.httpjson.protocol.reliability;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A result whose writing throws an Error (here an {@code AssertionError} from the value's own code; a class that
 * fails to initialize is another) still gets an answer, a 500, and so does an argument whose making throws one; the
 * connection serves the next call: the caller, and the calls pipelined behind it, would otherwise wait for good.
 */
class ErrorWhileWritingTest {

    public interface Lists {
        List<String> broken();

        String ok();

        String take(Asserting.Made made);
    }

    /** A list whose every read asserts. */
    static final class Asserting extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        /** An argument whose making asserts. */
        public static final class Made {
            public String name;

            public Made() {
                throw new AssertionError("may not be made");
            }
        }

        @Override
        public int size() {
            throw new AssertionError("a list that may not be read");
        }

        @Override
        public String get(int i) {
            throw new AssertionError("a list that may not be read");
        }

        @Override
        public Iterator<String> iterator() {
            throw new AssertionError("a list that may not be read");
        }

        @Override
        public Object[] toArray() {
            throw new AssertionError("a list that may not be read");
        }
    }

    static final class Impl implements Lists {
        @Override
        public List<String> broken() {
            return new Asserting();
        }

        @Override
        public String ok() {
            return "ok";
        }

        @Override
        public String take(Asserting.Made made) {
            return "taken";
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"fastjson2-text", "gson-text"})
    void anErrorWritingTheResultIsAnswered500(String serialization) throws Exception {
        DubboServer.builder()
                .param("serialization", serialization)
                .service(Lists.class, new Impl())
                .build()
                .run(server -> {
                    String base = server.baseUrl() + "/" + Lists.class.getName();
                    HttpResponse<String> r = Http.post(base + "/broken", "[]");
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(500);
                    assertThat(r.body()).contains("SERVER_ERROR").contains("could not be written");
                    assertThat(Http.post(base + "/ok", "[]").body()).isEqualTo("\"ok\"");
                    HttpResponse<String> made = Http.post(base + "/take", "[{\"name\":\"n\"}]");
                    assertThat(made.statusCode()).as(made.body()).isIn(400, 500);
                    assertThat(made.body()).contains("may not be made");
                    assertThat(Http.post(base + "/ok", "[]").body()).isEqualTo("\"ok\"");
                });
    }
}
