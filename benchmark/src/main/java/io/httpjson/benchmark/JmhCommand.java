package io.httpjson.benchmark;

// JMH's entry point (this package's own Main is not meant here)
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import org.openjdk.jmh.Main;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/** {@code jmh [JMH options] [regex]}: the JMH suites of this jar, through JMH's own command line. */
@Command(
        name = JmhCommand.NAME,
        description = {
            "Runs the JMH suites: the rest of the command line goes to JMH.",
            "E.g. 'jmh SerializerBenchmark', 'jmh -l' (the suites), 'jmh -h' (JMH's options)."
        })
public class JmhCommand implements Callable<Integer> {
    static final String NAME = "jmh";

    @Unmatched
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Main.main(jmhArgs.toArray(String[]::new));
        return 0;
    }
}
