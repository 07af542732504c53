package io.httpjson.protocol.internal.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

import io.httpjson.protocol.internal.ErrorCode;

/**
 * The calls handed to a Dubbo pool ({@code httpjson.dispatch=pool}) that have not begun. A pool that is shut down drops
 * the jobs it holds (Dubbo's executor repository does, with {@code shutdownNow}, when an application stops while
 * another one still serves the port), and nothing else would answer them: their callers waited for their timeouts,
 * and the server counted them in flight, holding their decode budget, for good. {@link #answerDropped} answers each
 * such call {@code 503 SHUTTING_DOWN} (it did not run: a consumer's cluster tries another provider). A job takes
 * itself out as it begins ({@link #begin}), so that a call either runs or is answered so, never both.
 */
final class PoolJobs {

    private final Map<CallRunner, Waiting> waiting = new ConcurrentHashMap<>();

    private record Waiting(Executor pool, Exchange ex) {}

    /** Hands the call to its pool; a pool that refuses it (full, or shut down) gets it answered 503 now. */
    void dispatch(CallRunner job, Executor pool, Exchange ex) {
        waiting.put(job, new Waiting(pool, ex));
        try {
            pool.execute(job);
        } catch (RejectedExecutionException e) {
            if (waiting.remove(job) != null) {
                ex.fail(
                        isShutDown(pool)
                                ? dropped()
                                : new CallError(
                                        ErrorCode.OVERLOADED,
                                        "the provider's thread pool is exhausted (Dubbo 'threads' setting); retry"
                                                + " later or on another provider"));
            }
        } catch (RuntimeException | Error e) {
            waiting.remove(job); // not handed over: whoever catches this answers the call
            throw e;
        }
    }

    /** The job begins on its pool: false if it was answered already (its pool had been shut down), and must not run. */
    boolean begin(CallRunner job) {
        return waiting.remove(job) != null;
    }

    /** Answers every call still waiting in a pool that was shut down: it will not run there. */
    void answerDropped() {
        for (Map.Entry<CallRunner, Waiting> e : waiting.entrySet()) {
            Waiting w = e.getValue();
            if (dropped(w.pool, e.getKey()) && waiting.remove(e.getKey(), w)) {
                w.ex.fail(dropped());
            }
        }
    }

    /**
     * The pool was shut down and will not run {@code job}: shut down at once ({@code shutdownNow} empties the queue),
     * not gracefully ({@code shutdown} runs what its queue still holds).
     */
    private static boolean dropped(Executor pool, Runnable job) {
        return isShutDown(pool)
                && !(pool instanceof ThreadPoolExecutor
                        && ((ThreadPoolExecutor) pool).getQueue().contains(job));
    }

    private static boolean isShutDown(Executor pool) {
        return pool instanceof ExecutorService && ((ExecutorService) pool).isShutdown();
    }

    private static CallError dropped() {
        return new CallError(
                ErrorCode.SHUTTING_DOWN,
                "the service's thread pool was shut down (its application stopped) before the call could run; it"
                        + " did not run: retry on another provider");
    }
}
