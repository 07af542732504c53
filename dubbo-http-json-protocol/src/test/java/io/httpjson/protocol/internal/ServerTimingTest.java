package io.httpjson.protocol.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ServerTimingTest {

    @Test
    void formatsMillisecondsWithThreeDecimals() {
        assertThat(ServerTiming.format(42_123_456L)).isEqualTo("dubbo;dur=42.123");
        assertThat(ServerTiming.format(7_000L)).isEqualTo("dubbo;dur=0.007");
        assertThat(ServerTiming.format(50_000L)).isEqualTo("dubbo;dur=0.050");
        assertThat(ServerTiming.format(0L)).isEqualTo("dubbo;dur=0.000");
        assertThat(ServerTiming.format(-5L)).isEqualTo("dubbo;dur=0.000");
    }

    @Test
    void readsWhatItWrites() {
        for (long micros : new long[] {0, 1, 9, 10, 999, 1000, 1001, 123_456, 30_000_000}) {
            assertThat(ServerTiming.parse(ServerTiming.format(micros * 1000))).isEqualTo(micros * 1000);
        }
    }

    @Test
    void findsTheDubboMetricAmongOthers() {
        assertThat(ServerTiming.parse("cache;desc=\"hit\";dur=0.1, dubbo;dur=2.5"))
                .isEqualTo(2_500_000L);
        assertThat(ServerTiming.parse("dubbo;dur=1.25;desc=\"x\", db;dur=9")).isEqualTo(1_250_000L);
        assertThat(ServerTiming.parse("dubbo;dur=3")).isEqualTo(3_000_000L);
        assertThat(ServerTiming.parse("dubbo;dur=0.0000019")).isEqualTo(1L);
    }

    @Test
    void anythingElseIsUnknown() {
        assertThat(ServerTiming.parse(null)).isEqualTo(-1);
        assertThat(ServerTiming.parse("")).isEqualTo(-1);
        assertThat(ServerTiming.parse("db;dur=3")).isEqualTo(-1);
        assertThat(ServerTiming.parse("xdubbo;dur=3")).isEqualTo(-1);
        assertThat(ServerTiming.parse("dubbo;dur=")).isEqualTo(-1);
        assertThat(ServerTiming.parse("dubbo;dur=-1")).isEqualTo(-1);
        assertThat(ServerTiming.parse("dubbo;dur=1e3")).isEqualTo(-1);
        assertThat(ServerTiming.parse("dubbo;dur=\u0661")).isEqualTo(-1);
        assertThat(ServerTiming.parse("dubbo;dur=1.\u0665")).isEqualTo(-1);
        assertThat(ServerTiming.parse("dubbo;dur=99999999999999999")).isEqualTo(-1);
    }
}
