package io.httpjson.benchmark.push;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import io.httpjson.benchmark.Main;

/** One tiny address-push run of httpjson in a child JVM, and the cells of its summary table. */
final class PushRun {
    final int code;
    final String out;
    final String err;

    private PushRun(int code, String out, String err) {
        this.code = code;
        this.out = out;
        this.err = err;
    }

    /** Runs {@code push} for httpjson with {@code addresses} in batches of 100, plus {@code extra} flags. */
    static PushRun of(int addresses, String... extra) {
        List<String> args = new ArrayList<>(List.of(
                "push",
                "--addresses",
                Integer.toString(addresses),
                "--batch",
                "100",
                "--configs",
                "httpjson",
                "--max-seconds",
                "300",
                "--jvm-args=-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"));
        args.addAll(List.of(extra));
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        int code = Main.run(new PrintWriter(o), new PrintWriter(e), args.toArray(new String[0]));
        return new PushRun(code, o.toString(), e.toString());
    }

    long cell(String label) {
        return cell(label, 0);
    }

    /** The httpjson column of a table row ("a / b" cells: part {@code part}). */
    long cell(String label, int part) {
        for (String line : out.split("\\R")) {
            if (line.startsWith("| " + label + " |")) {
                String value = line.split("\\|")[2].trim().split(" / ")[part].trim();
                return Long.parseLong(value);
            }
        }
        throw new AssertionError("no row '" + label + "' in:\n" + out + err);
    }
}
