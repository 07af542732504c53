package io.httpjson.protocol.internal.client;

import java.util.concurrent.CompletableFuture;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.netty.channel.embedded.EmbeddedChannel;
import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How deep a short call may join a busy connection: within {@code httpjson.pipelining-budget-micros} while its
 * method answers quickly, and up to its recent response time while its calls queue
 * ({@code httpjson.pipelining-adaptive}). The choosing alone, on open in-memory channels: which connections the
 * pool then uses end to end is {@code AdaptivePipeliningTest}'s part.
 */
class ChoiceTest {

    private static final long MICROS = 1_000;
    private static final long MILLIS = 1_000_000;

    /** The pool's lock, which the choosing needs held. */
    private final Object lock = new Object();

    private final EmbeddedChannel channel = new EmbeddedChannel();

    @AfterEach
    void close() {
        channel.finishAndReleaseAll();
    }

    private static Call call(Pace pace) {
        return new Call(Call.nextId(), null, null, null, null, pace, new CompletableFuture<>(), null, 1000, false);
    }

    /**
     * How many calls of a method one connection takes (the first, and those that may join it), with the settings in
     * {@code query}, once the method's calls took {@code serverNanos} at the provider and {@code responseNanos} for
     * their callers.
     */
    private int callsOneConnectionTakes(String query, long serverNanos, long responseNanos) {
        Pace pace = new Pace();
        pace.record(serverNanos, responseNanos);
        return callsOneConnectionTakes(make(query), pace);
    }

    private int callsOneConnectionTakes(Choice choice, Pace pace) {
        Connection c = new Connection(null, channel);
        synchronized (lock) {
            choice.connected(c);
            Call first = call(pace);
            c.assign(first, choice.paceOf(first));
            int n = 1;
            Call next = call(pace);
            long p = choice.paceOf(next);
            // as the pool does: only a call known to be short looks for a busy connection
            while (p >= 0 && n < 1000 && choice.busyWithRoom(p, choice.allowanceOf(next)) == c) {
                c.assign(next, p);
                n++;
                next = call(pace);
            }
            return n;
        }
    }

    private Choice make(String query) {
        return new Choice(lock, HttpJsonConfig.of(URL.valueOf("httpjson://127.0.0.1:1/x.Y?" + query)));
    }

    @Test
    void whileItsMethodAnswersQuicklyAShortCallJoinsWithinTheBudget() {
        // 1,000 µs of budget: two calls of 400 µs, not three
        assertThat(callsOneConnectionTakes("httpjson.pipelining-budget-micros=1000", 400 * MICROS, 600 * MICROS))
                .isEqualTo(2);
    }

    @Test
    void whileItsCallsQueueAShortCallJoinsUpToTheirResponseTime() {
        // 5 ms: twelve calls of 400 µs
        assertThat(callsOneConnectionTakes("httpjson.pipelining-budget-micros=1000", 400 * MICROS, 5 * MILLIS))
                .isEqualTo(12);
    }

    @Test
    void theDepthStillBounds() {
        assertThat(callsOneConnectionTakes(
                        "httpjson.pipelining-budget-micros=1000&httpjson.pipelining=4", 400 * MICROS, 20 * MILLIS))
                .isEqualTo(4);
    }

    @Test
    void notAdaptiveTheBudgetStaysFixed() {
        assertThat(callsOneConnectionTakes(
                        "httpjson.pipelining-budget-micros=1000&httpjson.pipelining-adaptive=false",
                        400 * MICROS,
                        20 * MILLIS))
                .isEqualTo(2);
    }

    @Test
    void slowMethodsAreNeverPipelinedHoweverLongTheirCallsQueue() {
        Pace pace = new Pace();
        pace.record(3 * MILLIS, 400 * MILLIS);
        Choice choice = make("httpjson.pipelining-budget-micros=1000");
        assertThat(choice.paceOf(call(pace))).isEqualTo(-1);
        assertThat(callsOneConnectionTakes(choice, pace)).isEqualTo(1);
    }

    @Test
    void theResponseTimeIsAMovingAverage() {
        Pace pace = new Pace();
        pace.record(-1, 8 * MILLIS);
        assertThat(pace.nanos()).isEqualTo(Pace.UNKNOWN);
        assertThat(pace.responseNanos()).isEqualTo(8 * MILLIS);
        // one slow call moves it by an eighth of the difference
        pace.record(100 * MICROS, 88 * MILLIS);
        assertThat(pace.responseNanos()).isEqualTo(18 * MILLIS);
        assertThat(pace.nanos()).isEqualTo(100 * MICROS);
        // a late answer (its caller had stopped waiting) counts for the provider's time only
        pace.record(900 * MICROS, 0);
        assertThat(pace.responseNanos()).isEqualTo(18 * MILLIS);
        assertThat(pace.nanos()).isEqualTo(200 * MICROS);
    }
}
