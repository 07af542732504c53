package io.httpjson.benchmark;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Bad flags fail fast with picocli's usage error (exit code 2), before any provider is started; help lists the subcommands. */
class CliUsageTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--bogus",
                "-c 0",
                "-c abc",
                "-n 0",
                "--protocol grpc --call getUser",
                "--protocol grpc --serialization hessian2",
                "--protocol dubbo --serialization protobuf",
                "--protocol dubbo --gzip on",
                "--gzip sometimes",
                "--call echoList --payload-kb 0",
                "--serialization kryo",
                "--format xml",
                "--call nope",
                "--delay -1",
                "--target nohostport",
                "--protocol httpjson --serialization hessian2",
                "load --protocol grpcx",
                "matrix --payload-kb-list 1,16",
                "matrix --call echoList --payload-kb-list 0",
                "matrix --gzip-list off,sometimes",
                "matrix --configs grpc:protobuf --call listUser",
                "matrix --target 127.0.0.1:1",
                "matrix --configs dubbo",
                "matrix --repeat 0",
                "matrix --configs httpjson:fastjson2",
                "--matrix --configs dubbo",
                "sizes --bogus",
                "provider"
            })
    void badFlagsGiveUsageError(String args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), args.split(" "));
        assertThat(code).as(err.toString()).isEqualTo(2);
        assertThat(err.toString()).contains("Usage:");
    }

    @Test
    void helpListsTheSubcommands() {
        assertThat(help("--help")).contains("load", "matrix", "provider", "push", "sizes", "jmh");
        assertThat(help("load", "--help")).contains("--protocol", "--serialization", "--target", "--call", "-n");
        assertThat(help("matrix", "--help"))
                .contains("--configs", "--concurrency-list", "--out-dir", "--call", "-n")
                .doesNotContain("--target");
    }

    /** Without a subcommand the options are load's; --matrix among them stands for the matrix subcommand. */
    @Test
    void optionsWithoutSubcommandGoToLoadOrMatrix() {
        assertThat(usageError("-c", "0"))
                .contains("-c must be between 1 and 5000, got 0", "Usage: httpjson-benchmark load");
        assertThat(usageError("--matrix", "--repeat", "0"))
                .contains("--repeat must be at least 1", "Usage: httpjson-benchmark matrix");
        assertThat(usageError("-n", "5", "--matrix", "--configs", "dubbo"))
                .contains("--configs: expected protocol:serialization", "Usage: httpjson-benchmark matrix");
        // the matrix takes its concurrencies from --concurrency-list
        assertThat(usageError("--matrix", "-c", "10")).contains("Unknown options: '-c', '10'");
    }

    private static String help(String... args) {
        StringWriter out = new StringWriter();
        int code = Main.run(new PrintWriter(out), new PrintWriter(new StringWriter()), args);
        assertThat(code).isZero();
        return out.toString();
    }

    private static String usageError(String... args) {
        StringWriter err = new StringWriter();
        int code = Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), args);
        assertThat(code).as(err.toString()).isEqualTo(2);
        return err.toString();
    }
}
