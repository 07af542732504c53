package io.httpjson.benchmark;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import io.httpjson.benchmark.client.Extensions;

final class TestSupport {
    /** Small, fast-starting provider JVMs: these tests check correctness, never speed. */
    static final String PROVIDER_JVM = "--provider-jvm-args=-Xms64m -Xmx192m -XX:+UseSerialGC -XX:TieredStopAtLevel=1";

    private TestSupport() {}

    record Outcome(int code, String out, String err) {}

    static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.add(PROVIDER_JVM);
        all.add("--timeout=10000");
        all.add("--no-progress");
        int code = Main.run(new PrintWriter(out), new PrintWriter(err), all.toArray(String[]::new));
        return new Outcome(code, out.toString(), err.toString());
    }

    /** Every protocol+serialization worth testing; those whose extension is absent are skipped by the tests. */
    static Stream<String[]> configurations() {
        return Stream.of(
                new String[] {"dubbo", "hessian2"},
                new String[] {"dubbo", "fastjson2"},
                new String[] {"tri", "hessian2"},
                new String[] {"httpjson", "fastjson2-text"},
                new String[] {"httpjson", "gson-text"});
    }

    static boolean present(String protocol, String serialization) {
        return Extensions.missing(protocol, serialization) == null;
    }
}
