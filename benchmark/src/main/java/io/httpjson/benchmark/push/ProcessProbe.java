package io.httpjson.benchmark.push;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import javax.management.ObjectName;

import com.sun.management.ThreadMXBean;

/** What this JVM holds right now: heap after full GC, TCP sockets, threads, allocation, a class histogram. Linux. */
final class ProcessProbe {
    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private ProcessProbe() {}

    /** Used heap after full collections (System.gc() is a full GC with the collectors we run: G1, Serial, Parallel). */
    static long heapAfterFullGc() {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) { // bounded: until it stops shrinking (finalizable/reference queues), at most 3
            System.gc();
            long now = MEMORY.getHeapMemoryUsage().getUsed();
            if (now >= used) {
                return Math.min(now, used);
            }
            used = now;
        }
        return used;
    }

    static long currentThreadAllocated() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /** Bytes allocated by the threads alive now (threads that died meanwhile are not counted). */
    static long allThreadsAllocated() {
        long[] ids = THREADS.getAllThreadIds();
        long sum = 0;
        for (long a : THREADS.getThreadAllocatedBytes(ids)) {
            if (a > 0) {
                sum += a;
            }
        }
        return sum;
    }

    static int liveThreads() {
        return THREADS.getThreadCount();
    }

    static long startedThreads() {
        return THREADS.getTotalStartedThreadCount();
    }

    /** TCP sockets (any state, IPv4 and IPv6) this process has a file descriptor for; -1 if /proc is unreadable. */
    static int tcpSockets() {
        try {
            Set<String> tcp = new HashSet<>();
            for (String table : new String[] {"/proc/self/net/tcp", "/proc/self/net/tcp6"}) {
                Path p = Path.of(table);
                if (!Files.exists(p)) {
                    continue;
                }
                List<String> lines = Files.readAllLines(p);
                for (int i = 1; i < lines.size(); i++) {
                    String[] f = lines.get(i).trim().split("\\s+");
                    if (f.length > 9) {
                        tcp.add(f[9]);
                    }
                }
            }
            int n = 0;
            try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
                for (Path fd : fds) {
                    String target;
                    try {
                        target = Files.readSymbolicLink(fd).toString();
                    } catch (IOException e) {
                        continue; // closed meanwhile (e.g. the directory stream's own fd)
                    }
                    if (target.startsWith("socket:[") && tcp.contains(target.substring(8, target.length() - 1))) {
                        n++;
                    }
                }
            }
            return n;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * The kernel's count of active TCP opens (SYNs sent) in this network namespace, from /proc/self/net/snmp; other
     * processes on the machine add to it, so deltas are an upper bound of this process' connection attempts.
     */
    static long tcpActiveOpens() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/self/net/snmp"));
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (lines.get(i).startsWith("Tcp:") && lines.get(i + 1).startsWith("Tcp:")) {
                    String[] names = lines.get(i).trim().split("\\s+");
                    String[] values = lines.get(i + 1).trim().split("\\s+");
                    for (int k = 0; k < names.length && k < values.length; k++) {
                        if (names[k].equals("ActiveOpens")) {
                            return Long.parseLong(values[k]);
                        }
                    }
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // not Linux
        }
        return -1;
    }

    /** Live objects by class (a full GC first): class name -> {instances, bytes}. Empty if unavailable. */
    static Map<String, long[]> classHistogram() {
        Map<String, long[]> out = new HashMap<>();
        try {
            String text = (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "gcClassHistogram",
                            new Object[] {null},
                            new String[] {String[].class.getName()});
            for (String line : text.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 4 && f[0].endsWith(":")) {
                    out.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
                }
            }
        } catch (Exception ignored) {
            // no diagnostic MBean: no histogram
        }
        return out;
    }

    /** The classes whose live bytes grew most from {@code before} to {@code after}, per address. */
    static List<String> histogramGrowth(
            Map<String, long[]> before, Map<String, long[]> after, int addresses, int top, Predicate<String> classes) {
        List<Map.Entry<String, long[]>> growth = new ArrayList<>();
        for (Map.Entry<String, long[]> e : after.entrySet()) {
            if (!classes.test(e.getKey())) {
                continue;
            }
            long[] b = before.getOrDefault(e.getKey(), new long[2]);
            growth.add(Map.entry(e.getKey(), new long[] {e.getValue()[0] - b[0], e.getValue()[1] - b[1]}));
        }
        growth.sort((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1]));
        List<String> lines = new ArrayList<>();
        lines.add(String.format(
                Locale.ROOT, "%12s %12s %10s %10s  %s", "instances", "bytes", "inst/addr", "B/addr", "class"));
        for (int i = 0; i < Math.min(top, growth.size()); i++) {
            long[] v = growth.get(i).getValue();
            lines.add(String.format(
                    Locale.ROOT,
                    "%12d %12d %10.2f %10.1f  %s",
                    v[0],
                    v[1],
                    v[0] / (double) addresses,
                    v[1] / (double) addresses,
                    growth.get(i).getKey()));
        }
        return lines;
    }
}
