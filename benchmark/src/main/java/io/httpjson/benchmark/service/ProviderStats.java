package io.httpjson.benchmark.service;

import java.io.Serializable;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

import com.sun.management.OperatingSystemMXBean;

/** What the provider process reports about itself, read before and after a measured run. */
public class ProviderStats implements Serializable {
    private static final long serialVersionUID = 1L;

    private long pid;
    private long processCpuNanos;
    private String jvmArguments;
    private int availableProcessors;
    private long gcCount;
    private long gcMillis;

    public ProviderStats() {}

    /** The current JVM's numbers (process CPU time covers all threads: I/O, Dubbo workers, GC, JIT). */
    public static ProviderStats current() {
        ProviderStats s = new ProviderStats();
        s.pid = ProcessHandle.current().pid();
        s.processCpuNanos = processCpuNanos();
        s.jvmArguments = String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
        s.availableProcessors = Runtime.getRuntime().availableProcessors();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            s.gcCount += Math.max(0, gc.getCollectionCount());
            s.gcMillis += Math.max(0, gc.getCollectionTime());
        }
        return s;
    }

    /** CPU time used by this whole process so far, in ns; -1 when the JVM cannot tell. */
    public static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    public long getPid() {
        return pid;
    }

    public void setPid(long pid) {
        this.pid = pid;
    }

    public long getProcessCpuNanos() {
        return processCpuNanos;
    }

    public void setProcessCpuNanos(long processCpuNanos) {
        this.processCpuNanos = processCpuNanos;
    }

    public String getJvmArguments() {
        return jvmArguments;
    }

    public void setJvmArguments(String jvmArguments) {
        this.jvmArguments = jvmArguments;
    }

    public int getAvailableProcessors() {
        return availableProcessors;
    }

    public void setAvailableProcessors(int availableProcessors) {
        this.availableProcessors = availableProcessors;
    }

    public long getGcCount() {
        return gcCount;
    }

    public void setGcCount(long gcCount) {
        this.gcCount = gcCount;
    }

    public long getGcMillis() {
        return gcMillis;
    }

    public void setGcMillis(long gcMillis) {
        this.gcMillis = gcMillis;
    }
}
