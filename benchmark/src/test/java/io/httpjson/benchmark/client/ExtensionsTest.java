package io.httpjson.benchmark.client;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the benchmark says when a jar is missing from its classpath (the command line accepts only names it knows,
 * so this guards a lib/ folder without one of the modules): the name, and the extensions that are there.
 */
class ExtensionsTest {

    @Test
    void everythingTheBenchmarkRunsIsOnItsClasspath() {
        assertThat(Extensions.missing("httpjson", "fastjson2-text")).isNull();
        assertThat(Extensions.missing("httpjson", "gson-text")).isNull();
        assertThat(Extensions.missing("dubbo", "hessian2")).isNull();
        assertThat(Extensions.missing("tri", "hessian2")).isNull();
        assertThat(Extensions.missing("grpc", "protobuf")).isNull();
    }

    @Test
    void aMissingProtocolIsNamedBesideThoseThatAreThere() {
        assertThat(Extensions.missing("nosuch", "hessian2"))
                .startsWith("protocol 'nosuch' is not on the classpath (these are: ")
                .contains("dubbo", "httpjson", "tri", "and grpc for gRPC-java");
    }

    @Test
    void aMissingSerializationIsNamedBesideThoseThatAreThere() {
        assertThat(Extensions.missing("dubbo", "nosuch"))
                .startsWith("serialization 'nosuch' is not on the classpath (these are: ")
                .contains("hessian2", "fastjson2-text", "gson-text");
    }
}
