package io.httpjson.protocol.internal.server;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.eclipse.jetty.io.SelectableChannelEndPoint;
import org.eclipse.jetty.util.BlockingArrayQueue;

/**
 * Jetty's job queue, each job stamped with when it was queued. Under the default dispatch a request waits for one
 * of the provider's {@code threads} here, before Jetty has even read it (reading it is the job); the stamp lets the
 * call's wait count from when its bytes were ready, so a call that waited past its timeout is not run. Not API.
 */
final class StampedJobs extends BlockingArrayQueue<Runnable> {

    /** The job the current thread runs, if it came through this queue. */
    private static final ThreadLocal<Stamped> CURRENT = new ThreadLocal<>();

    StampedJobs(int capacity) {
        super(capacity, capacity);
    }

    /**
     * A job that has run this long is no request's read: a selector, or a thread Jetty keeps in reserve, runs as
     * one long job queued when the server started, and reads requests that came long after.
     */
    static final long FRESH_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    /**
     * When the job the current thread runs was queued, once, if that job began just now (it is the read of this
     * request): later requests read in the same job (pipelined behind the first) get 0, as their bytes may have
     * come later, and so does a job that began before. 0 if the job did not wait in the queue.
     */
    static long takeQueuedNanos() {
        Stamped s = CURRENT.get();
        if (s == null) {
            return 0;
        }
        long at = s.queuedNanos;
        s.queuedNanos = 0;
        return System.nanoTime() - s.startedNanos < FRESH_NANOS ? at : 0;
    }

    /**
     * Whether jobs of this class read a connection whose bytes came: Jetty's endpoint tasks, made when the selector
     * finds a connection readable (or writable). Not a thread kept in reserve, nor a selector: each runs as one long
     * job, queued long before the requests it may read, and is not stamped.
     */
    private static final ClassValue<Boolean> READS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getEnclosingClass() == SelectableChannelEndPoint.class;
        }
    };

    private static Runnable stamped(Runnable job) {
        return job != null && READS.get(job.getClass()) ? new Stamped(job) : job;
    }

    @Override
    public boolean offer(Runnable job) {
        return super.offer(stamped(job));
    }

    @Override
    public boolean offer(Runnable job, long timeout, TimeUnit unit) throws InterruptedException {
        return super.offer(stamped(job), timeout, unit);
    }

    @Override
    public void put(Runnable job) throws InterruptedException {
        super.put(stamped(job));
    }

    /** A queued job and when it was queued; closes what it holds if the pool stops before running it. */
    private static final class Stamped implements Runnable, Closeable {
        private final Runnable job;
        long queuedNanos = System.nanoTime();
        long startedNanos;

        Stamped(Runnable job) {
            this.job = job;
        }

        @Override
        public void run() {
            startedNanos = System.nanoTime();
            CURRENT.set(this);
            try {
                job.run();
            } finally {
                CURRENT.set(null);
            }
        }

        @Override
        public void close() throws IOException {
            if (job instanceof Closeable) {
                ((Closeable) job).close();
            }
        }

        @Override
        public String toString() {
            return job.toString();
        }
    }
}
