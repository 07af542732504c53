package io.httpjson.benchmark;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad flags fail fast with picocli's usage error (exit code 2), before any provider is started. */
class CliUsageTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "--bogus",
        "-c 0",
        "-c abc",
        "-n 0",
        "--protocol grpc",
        "--serialization kryo",
        "--format xml",
        "--call nope",
        "--delay -1",
        "--target nohostport",
        "--matrix --target 127.0.0.1:1",
        "--matrix --configs dubbo",
        "--matrix --repeat 0",
        "--protocol httpjson --serialization hessian2",
        "--matrix --configs httpjson:fastjson2"
    })
    void badFlagsGiveUsageError(String args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args.split(" "));
        assertThat(code).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).contains("Usage:");
    }

    @org.junit.jupiter.api.Test
    void helpWorks() {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), "--help");
        assertThat(code).isZero();
        assertThat(out.toString()).contains("--protocol", "--serialization", "--matrix", "provider", "jmh");
    }
}
