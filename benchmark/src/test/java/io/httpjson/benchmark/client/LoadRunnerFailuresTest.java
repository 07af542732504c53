package io.httpjson.benchmark.client;

import java.util.concurrent.atomic.AtomicInteger;

import io.httpjson.benchmark.service.ProviderStats;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What a measured run does with calls that fail in ways other than a RuntimeException or a wrong reply. */
class LoadRunnerFailuresTest {

    private static RunSpec spec(int callers, int total) {
        // no warm-up, so that only the measured phase sees the failure
        return new RunSpec("httpjson", "fastjson2-text", CallType.ECHO, callers, total, 0, 0, 0, 60, 1000);
    }

    private static CallTarget target(CallType.Call call) {
        return new CallTarget() {
            @Override
            public CallType.Call newCall(RunSpec spec, int callerIndex) {
                return call;
            }

            @Override
            public ProviderStats stats() {
                return ProviderStats.current();
            }
        };
    }

    @Test
    void aCallThatThrowsAnErrorIsCountedAsAnErrorAndTheCallerGoesOn() throws Exception {
        AtomicInteger made = new AtomicInteger();
        // one caller, 10 calls; the 3rd throws an Error (a codec's StackOverflowError, an OutOfMemoryError,
        // a NoClassDefFoundError, an AssertionError...), not a RuntimeException
        RunResult r = LoadRunner.run(
                spec(1, 10),
                target(() -> {
                    if (made.incrementAndGet() == 3) {
                        throw new AssertionError("a codec blew up");
                    }
                    return true;
                }),
                1,
                null);

        assertThat(r.errors).as("errors").isEqualTo(1);
        assertThat(r.ok).as("successes").isEqualTo(9);
        assertThat(r.calls()).as("calls made").isEqualTo(10);
        assertThat(r.firstError).contains("a codec blew up");
    }

    @Test
    void aRunThatMadeFewerCallsThanAskedIsNeverCleanWhateverHappenedToItsCallers() throws Exception {
        // every call fails with an Error: before the fix each caller died at its first call, and the run reported
        // 0 calls, 0 errors and not truncated, so the matrix exited 0 with a throughput of 0 as a clean cell
        RunResult r = LoadRunner.run(
                spec(2, 100),
                target(() -> {
                    throw new StackOverflowError();
                }),
                1,
                null);

        assertThat(r.errors > 0 || r.truncated)
                .as("errors %d, truncated %s, calls %d of 100", r.errors, r.truncated, r.calls())
                .isTrue();
        assertThat(r.calls()).isEqualTo(100);
    }
}
