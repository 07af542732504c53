package io.httpjson.protocol.internal.server;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The arithmetic of admission: the Dubbo-Timeout clamp and the decode budget's accounting. */
class AdmissionRulesTest {

    @Test
    void dubboTimeoutIsClampedToADayWithoutOverflow() {
        assertThat(AdmissionRules.timeoutMillis("Dubbo-Timeout", " 2500 ")).isEqualTo(2500);
        assertThat(AdmissionRules.timeoutMillis("Dubbo-Timeout", "86400000")).isEqualTo(86_400_000L);
        assertThat(AdmissionRules.timeoutMillis("Dubbo-Timeout", "86400001"))
                .isEqualTo(AdmissionRules.MAX_TIMEOUT_MILLIS);
        assertThat(AdmissionRules.timeoutMillis("Dubbo-Timeout", String.valueOf(Long.MAX_VALUE)))
                .isEqualTo(AdmissionRules.MAX_TIMEOUT_MILLIS);
        // in nanoseconds, as the handler compares it, the maximum does not overflow
        assertThat(AdmissionRules.MAX_TIMEOUT_MILLIS * 1_000_000L).isPositive();
        assertThat(AdmissionRules.timeoutMillis("Dubbo-Timeout", "0")).isZero();
        assertThatThrownBy(() -> AdmissionRules.timeoutMillis("Dubbo-Timeout", "1e3"))
                .hasMessage("Dubbo-Timeout: 1e3 (expected: milliseconds as a whole number)");
        assertThat(AdmissionRules.timeoutMillis("Dubbo-Timeout", "99999999999999999999"))
                .isEqualTo(AdmissionRules.MAX_TIMEOUT_MILLIS);
        assertThat(AdmissionRules.timeoutMillis("Dubbo-Timeout", "0000000000000000000000250"))
                .isEqualTo(250);
        for (String bad : new String[] {"", " ", "+5", "-5", "5 0", "5.0", "\u0663", "0x10"}) {
            assertThatThrownBy(() -> AdmissionRules.timeoutMillis("Dubbo-Timeout", bad))
                    .as("'%s'", bad)
                    .hasMessageContaining("expected: milliseconds as a whole number");
        }
    }

    @Test
    void aBodyAloneAlwaysFitsTheBudgetAndOthersOnlyWithinIt() {
        DecodeBudget budget = new DecodeBudget(1000);
        assertThat(budget.tryAcquire(5000, 0)).as("alone, over the budget").isTrue();
        assertThat(budget.tryAcquire(1, 0)).as("beside it").isFalse();
        assertThat(budget.tryAcquire(3000, 5000))
                .as("the same request growing (gunzipped), still alone")
                .isTrue();
        budget.release(8000);
        assertThat(budget.tryAcquire(600, 0)).isTrue();
        assertThat(budget.tryAcquire(400, 0)).isTrue();
        assertThat(budget.tryAcquire(1, 0)).isFalse();
        assertThat(budget.refusal(1)).contains("holds 1000 bytes").contains("httpjson.decode-budget = 1000");
        budget.release(400);
        assertThat(budget.tryAcquire(400, 0)).isTrue();
    }
}
