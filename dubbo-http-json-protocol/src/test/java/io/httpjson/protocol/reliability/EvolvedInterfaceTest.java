package io.httpjson.protocol.reliability;

import io.httpjson.protocol.testing.DubboServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A provider whose interface gained an overload with as many parameters as a method consumers already call (a
 * rolling upgrade: the consumers still have the old interface). The dubbo protocol's requests always name the
 * parameter types, so old consumers keep calling the method they know; httpjson's named them only when the
 * consumer's own interface had an overload, and every call of the old consumers was answered 404 ("overloaded with 1
 * parameters").
 */
public class EvolvedInterfaceTest {

    /** The interface as the consumers were built with it. */
    public interface Greeter {
        String greet(String name);

        String count(Integer n);
    }

    /** The same service, as the provider now has it. */
    public interface GreeterV2 {
        String greet(String name);

        String greet(Long id);

        String count(int n);
    }

    static final class GreeterV2Impl implements GreeterV2 {
        @Override
        public String greet(String name) {
            return "hello " + name;
        }

        @Override
        public String greet(Long id) {
            return "hello #" + id;
        }

        @Override
        public String count(int n) {
            return "count " + n;
        }
    }

    @Test
    void aConsumerWithTheOldInterfaceCallsTheMethodItKnows() throws Exception {
        DubboServer.builder()
                .service(GreeterV2.class, new GreeterV2Impl(), s -> s.setPath(Greeter.class.getName()))
                .build()
                .run(server -> {
                    try (Consumer consumer = new Consumer()) {
                        Greeter old =
                                consumer.reference(Greeter.class, "httpjson://127.0.0.1:" + server.port(), r -> {});
                        assertThat(old.greet("ann")).isEqualTo("hello ann");
                        // a method without overloads is found whatever types the consumer names (Integer for int),
                        // as it was before the consumer named them on every call
                        assertThat(old.count(5)).isEqualTo("count 5");
                        GreeterV2 now = consumer.reference(
                                GreeterV2.class,
                                "httpjson://127.0.0.1:" + server.port() + "/" + Greeter.class.getName(),
                                r -> {});
                        assertThat(now.greet(7L)).isEqualTo("hello #7");
                        assertThat(now.greet("bob")).isEqualTo("hello bob");
                    }
                });
    }
}
