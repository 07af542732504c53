package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * The figures the reliability suite produces, collected while it runs and written once, when the test plan ends,
 * into the generated part of {@code docs/reliability.md} (between the markers; the hand-written text above them
 * is kept). A figure recorded in this run replaces the same figure from an earlier run; figures this run did not
 * touch (a single test class was run) are kept as they were.
 *
 * <p>Registered as a JUnit Platform {@link TestExecutionListener} through
 * {@code META-INF/services/org.junit.platform.launcher.TestExecutionListener}; a run that recorded nothing
 * leaves the file alone.
 */
public final class Figures implements TestExecutionListener {

    static final String BEGIN = "<!-- BEGIN GENERATED FIGURES: written by the reliability tests (Figures.java); do not edit below -->";
    static final String END = "<!-- END GENERATED FIGURES -->";

    private static final Map<String, Map<String, String>> SECTIONS = new TreeMap<>();
    private static final Map<String, AtomicLong> COUNTERS = new LinkedHashMap<>();

    /** Records one figure, replacing an earlier value. */
    public static synchronized void put(String section, String figure, Object value) {
        SECTIONS.computeIfAbsent(section, s -> new LinkedHashMap<>()).put(figure, String.valueOf(value));
    }

    /** A counter that is written as a figure of {@code section} (summed across the tests that use it). */
    public static synchronized AtomicLong counter(String section, String figure) {
        return COUNTERS.computeIfAbsent(section + "\u0000" + figure, k -> {
            SECTIONS.computeIfAbsent(section, s -> new LinkedHashMap<>()).put(figure, "0");
            return new AtomicLong();
        });
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        write();
    }

    static synchronized void write() {
        if (SECTIONS.isEmpty()) {
            return;
        }
        for (Map.Entry<String, AtomicLong> c : COUNTERS.entrySet()) {
            String[] k = c.getKey().split("\u0000", 2);
            SECTIONS.get(k[0]).put(k[1], String.valueOf(c.getValue().get()));
        }
        Path file = docsFile();
        if (file == null) {
            return;
        }
        try {
            String text = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
            Files.writeString(file, render(text, SECTIONS), StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("reliability figures: cannot write " + file + ": " + e);
        }
    }

    /** The new file text: the hand-written part of {@code text}, then old sections merged with {@code fresh}. */
    static String render(String text, Map<String, Map<String, String>> fresh) {
        String intro = text;
        Map<String, Map<String, String>> all = new TreeMap<>();
        int b = text.indexOf(BEGIN);
        if (b >= 0) {
            intro = text.substring(0, b);
            int e = text.indexOf(END, b);
            String generated = text.substring(b + BEGIN.length(), e < 0 ? text.length() : e);
            String section = null;
            for (String line : generated.split("\n")) {
                if (line.startsWith("### ")) {
                    section = line.substring(4).trim();
                    all.put(section, new LinkedHashMap<>());
                } else if (section != null && line.startsWith("| ") && !line.startsWith("| figure ")
                        && !line.startsWith("| ---")) {
                    String[] cells = line.substring(1, line.length() - (line.endsWith("|") ? 1 : 0)).split("\\|", 2);
                    if (cells.length == 2) {
                        all.get(section).put(cells[0].trim(), cells[1].trim());
                    }
                }
            }
        }
        if (intro.isBlank()) {
            intro = "# Reliability\n\n";
        }
        fresh.forEach((section, figures) -> all.computeIfAbsent(section, k -> new LinkedHashMap<>()).putAll(figures));
        StringBuilder sb = new StringBuilder(intro.stripTrailing()).append("\n\n").append(BEGIN).append("\n\n");
        List<String> names = new ArrayList<>(all.keySet());
        for (String name : names) {
            sb.append("### ").append(name).append("\n\n| figure | value |\n| --- | --- |\n");
            for (Map.Entry<String, String> f : all.get(name).entrySet()) {
                sb.append("| ").append(f.getKey()).append(" | ").append(f.getValue().replace("|", "\\|")).append(" |\n");
            }
            sb.append('\n');
        }
        return sb.append(END).append('\n').toString();
    }

    /** {@code docs/reliability.md} of the checkout the tests run in, or null if it can't be found. */
    private static Path docsFile() {
        Path dir = Path.of("").toAbsolutePath();
        for (int i = 0; i < 3 && dir != null; i++, dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("docs")) && Files.exists(dir.resolve("dubbo-http-json-protocol"))) {
                return dir.resolve("docs").resolve("reliability.md");
            }
        }
        return null;
    }
}
