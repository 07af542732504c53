package io.httpjson.benchmark.push;

import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.dubbo.rpc.Protocol;
import org.apache.dubbo.rpc.protocol.AbstractInvoker;
import org.apache.dubbo.rpc.protocol.AbstractProtocol;

/**
 * The measured steps of a scenario: growing full-state pushes up to N addresses, a scale-in push to N/2 and an
 * empty push, each followed by heap (after full GC), socket, thread and invoker figures put into the result.
 */
final class PushMeasurement {
    /** Where a protocol's own per-address state lives (Dubbo's registry, cluster and URL classes excluded). */
    static final List<String> PROTOCOL_PACKAGES = List.of(
            "io.httpjson.", "io.netty.", "org.apache.dubbo.remoting.", "org.apache.dubbo.rpc.protocol.", "java.net.");

    private final int addresses;
    private final int batch;
    private final int histogramTop;
    private final PrintWriter out;
    private final Map<String, String> result;

    PushMeasurement(int addresses, int batch, int histogramTop, PrintWriter out, Map<String, String> result) {
        this.addresses = addresses;
        this.batch = batch;
        this.histogramTop = histogramTop;
        this.out = out;
        this.result = result;
    }

    void measure(PushTarget target, Protocol raw) {
        Map<String, long[]> histBefore = histogramTop > 0 ? ProcessProbe.classHistogram() : Map.of();
        long heap0 = ProcessProbe.heapAfterFullGc();
        int sockets0 = ProcessProbe.tcpSockets();
        int threads0 = ProcessProbe.liveThreads();
        long started0 = ProcessProbe.startedThreads();
        long opens0 = ProcessProbe.tcpActiveOpens();
        put("heap.baseline", heap0);
        put("sockets.baseline", sockets0);
        put("threads.baseline", threads0);

        // Scale-out: full-state pushes of batch, 2*batch, ... N addresses.
        int pushed = 0;
        long pushMillis = 0;
        long pushAlloc = 0;
        long pushAllocAll = 0;
        int pushes = 0;
        double maxPushMs = 0;
        while (pushed < addresses) {
            int end = Math.min(addresses, pushed + batch);
            long[] p = push(target.prepare(end));
            pushed = end;
            pushes++;
            pushMillis += p[0];
            maxPushMs = Math.max(maxPushMs, p[0] / 1e6);
            pushAlloc += p[1];
            pushAllocAll += p[2];
            out.printf(
                    Locale.ROOT,
                    "push %d: %d addresses in %.1f ms, %d bytes allocated by the pushing thread%n",
                    pushes,
                    end,
                    p[0] / 1e6,
                    p[1]);
            out.flush();
        }
        target.forget();
        long opens1 = ProcessProbe.tcpActiveOpens();
        int sockets1 = ProcessProbe.tcpSockets();
        int threads1 = ProcessProbe.liveThreads();
        long started1 = ProcessProbe.startedThreads();
        long heap1 = ProcessProbe.heapAfterFullGc();
        int invokers1 = target.invokers();
        put("pushes", pushes);
        put("push.ms.total", String.format(Locale.ROOT, "%.1f", pushMillis / 1e6));
        put("push.ms.max", String.format(Locale.ROOT, "%.1f", maxPushMs));
        put("push.alloc.thread", pushAlloc);
        put("push.alloc.all", pushAllocAll);
        put("invokers", invokers1);
        put("heap.pushed", heap1);
        put("heap.per.address", (heap1 - heap0) / Math.max(1, invokers1));
        put("sockets.pushed", sockets1 - sockets0);
        put("tcp.active.opens", opens0 < 0 ? -1 : opens1 - opens0);
        put("threads.pushed", threads1 - threads0);
        put("threads.started", started1 - started0);
        put("protocol.invokers", protocolInvokers(raw)[0]);
        if (histogramTop > 0) {
            Map<String, long[]> histAfter = ProcessProbe.classHistogram();
            out.println("live-heap growth by class from the baseline to " + invokers1 + " addresses:");
            for (String line : ProcessProbe.histogramGrowth(
                    histBefore, histAfter, Math.max(1, invokers1), histogramTop, name -> true)) {
                out.println("  " + line);
            }
            out.println(
                    "the same, protocol and transport classes only (" + String.join(", ", PROTOCOL_PACKAGES) + "):");
            for (String line : ProcessProbe.histogramGrowth(
                    histBefore, histAfter, Math.max(1, invokers1), histogramTop, PushMeasurement::protocolClass)) {
                out.println("  " + line);
            }
            out.flush();
        }

        // Scale-in: one push that keeps the first half.
        int half = addresses / 2;
        long[] p = push(target.prepare(half));
        target.forget();
        long heap2 = ProcessProbe.heapAfterFullGc();
        int invokers2 = target.invokers();
        long[] protocolAfterScaleIn = protocolInvokers(raw);
        put("scalein.ms", String.format(Locale.ROOT, "%.1f", p[0] / 1e6));
        put("scalein.alloc.thread", p[1]);
        put("scalein.invokers", invokers2);
        put("scalein.heap", heap2);
        put("scalein.heap.per.address", (heap2 - heap0) / Math.max(1, invokers2));
        put("scalein.heap.released", heap1 - heap2);
        put("scalein.sockets", ProcessProbe.tcpSockets() - sockets0);
        put("scalein.threads", ProcessProbe.liveThreads() - threads0);
        put("scalein.protocol.invokers", protocolAfterScaleIn[0]);
        put("scalein.protocol.invokers.destroyed", protocolAfterScaleIn[1]);
        out.printf(Locale.ROOT, "scale-in to %d addresses in %.1f ms%n", half, p[0] / 1e6);

        // Empty push: everything goes; what stays above the baseline is what the protocol keeps.
        push(target.prepare(0));
        target.forget();
        long heap3 = ProcessProbe.heapAfterFullGc();
        long[] protocolAfterEmpty = protocolInvokers(raw);
        put("empty.invokers", target.invokers());
        put("empty.heap.above.baseline", heap3 - heap0);
        put("empty.protocol.invokers", protocolAfterEmpty[0]);
        put("empty.sockets", ProcessProbe.tcpSockets() - sockets0);
        put("empty.threads", ProcessProbe.liveThreads() - threads0);
        if (histogramTop > 0) {
            out.println("live heap still above the baseline after the empty push, by class (per address pushed):");
            for (String line : ProcessProbe.histogramGrowth(
                    histBefore, ProcessProbe.classHistogram(), addresses, histogramTop, name -> true)) {
                out.println("  " + line);
            }
            put("empty.heap.above.baseline.after.histogram", ProcessProbe.heapAfterFullGc() - heap0);
        }
        out.flush();
    }

    /** {nanos, bytes allocated by this thread, bytes allocated by all live threads}. */
    private static long[] push(Runnable delivery) {
        long all0 = ProcessProbe.allThreadsAllocated();
        long a0 = ProcessProbe.currentThreadAllocated();
        long t0 = System.nanoTime();
        delivery.run();
        long t1 = System.nanoTime();
        long a1 = ProcessProbe.currentThreadAllocated();
        long all1 = ProcessProbe.allThreadsAllocated();
        return new long[] {t1 - t0, a1 - a0, all1 - all0};
    }

    /** {invokers the protocol still holds, how many of those are destroyed}; {-1, -1} if unknown. */
    private static long[] protocolInvokers(Protocol raw) {
        if (!(raw instanceof AbstractProtocol)) {
            return new long[] {-1, -1};
        }
        try {
            Field f = AbstractProtocol.class.getDeclaredField("invokers");
            f.setAccessible(true);
            Collection<?> held = new ArrayList<>((Collection<?>) f.get(raw));
            long destroyed = held.stream()
                    .filter(i -> i instanceof AbstractInvoker<?> ai && ai.isDestroyed())
                    .count();
            return new long[] {held.size(), destroyed};
        } catch (ReflectiveOperationException | RuntimeException e) {
            return new long[] {-1, -1};
        }
    }

    static boolean protocolClass(String name) {
        for (String p : PROTOCOL_PACKAGES) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    private void put(String key, Object value) {
        result.put(key, String.valueOf(value));
    }
}
