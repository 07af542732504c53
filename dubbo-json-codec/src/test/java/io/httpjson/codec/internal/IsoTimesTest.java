package io.httpjson.codec.internal;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** IsoTimes must give exactly what the JDK gives in JsonTypes, or nothing. */
class IsoTimesTest {

    static final Class<?>[] TYPES = {LocalDate.class, LocalDateTime.class, Instant.class, Date.class};

    /** Years 0000 to 9999 mostly, beyond sometimes; nanos with 0, 3, 6 or any number of significant digits. */
    static List<Object> randomValues(Random random) {
        long second = random.nextInt(4) == 0
                ? (long) ((random.nextDouble() * 2 - 1) * 300_000_000_000L)
                : -62_167_219_200L + (long) (random.nextDouble() * (253_402_300_799L + 62_167_219_200L + 1));
        if (random.nextInt(20) == 0) {
            second = (random.nextBoolean() ? -62_167_219_200L : 253_402_300_799L) + random.nextInt(3) - 1;
        }
        int nano;
        switch (random.nextInt(5)) {
            case 0:
                nano = 0;
                break;
            case 1:
                nano = random.nextInt(1000) * 1_000_000;
                break;
            case 2:
                nano = random.nextInt(1_000_000) * 1000;
                break;
            case 3:
                nano = random.nextInt(10) * (int) Math.pow(10, random.nextInt(9));
                break;
            default:
                nano = random.nextInt(1_000_000_000);
                break;
        }
        List<Object> values = new ArrayList<>();
        values.add(Instant.ofEpochSecond(second, nano));
        try {
            values.add(LocalDateTime.ofEpochSecond(second, nano, ZoneOffset.UTC));
            values.add(LocalDate.ofEpochDay(Math.floorDiv(second, 86_400)));
            values.add(new Date(second * 1000 + nano / 1_000_000));
        } catch (DateTimeException outOfRange) {
            // Instant only
        }
        return values;
    }

    static void assertSameParse(Class<?> type, String s) {
        Object fast = IsoTimes.parse(type, s);
        if (fast == null) {
            return;
        }
        Object expected;
        try {
            expected = JsonTypes.parseTimeWithJdk(type, s);
        } catch (RuntimeException e) {
            expected = e;
        }
        assertThat(fast).as("%s \"%s\"", type.getSimpleName(), s).isEqualTo(expected);
    }

    static String mutate(String s, Random random) {
        StringBuilder b = new StringBuilder(s);
        int at = random.nextInt(b.length());
        String chars = "0123456789:-.TZtz+ 9";
        switch (random.nextInt(4)) {
            case 0:
                b.setCharAt(at, chars.charAt(random.nextInt(chars.length())));
                break;
            case 1:
                b.deleteCharAt(at);
                break;
            case 2:
                b.insert(at, chars.charAt(random.nextInt(chars.length())));
                break;
            default:
                b.setLength(at);
                break;
        }
        return b.toString();
    }

    @Test
    void formatsAndParsesAsJsonTypes() {
        Random random = new Random(20261122L);
        int formatted = 0;
        int parsed = 0;
        for (int i = 0; i < 30_000; i++) {
            for (Object v : randomValues(random)) {
                String text = JsonTypes.formatTimeWithJdk(v);
                String fast = IsoTimes.format(v);
                if (fast != null) {
                    assertThat(fast)
                            .as("%s %s", v.getClass().getSimpleName(), v)
                            .isEqualTo(text);
                    formatted++;
                }
                for (int k = 0; k < 3 && !text.isEmpty(); k++) {
                    if (IsoTimes.parse(v.getClass(), text) != null) {
                        parsed++;
                    }
                    assertSameParse(v.getClass(), text);
                    text = mutate(text, random);
                }
            }
        }
        assertThat(formatted).as("values formatted on the fast path").isGreaterThan(60_000);
        assertThat(parsed).as("strings parsed on the fast path").isGreaterThan(60_000);
    }

    @Test
    void edgeCasesAreLeftToJsonTypesOrAgreeWithIt() {
        String[] texts = {
            "2024-01-31T10:15",
            "2024-01-31T10:15:30",
            "2024-01-31T10:15:30.",
            "2024-01-31T10:15:30.1",
            "2024-01-31t10:15:30",
            "2024-02-30T10:15:30",
            "2024-02-29T24:00:00Z",
            "2024-02-29T24:00",
            "2016-12-31T23:59:60Z",
            "2016-12-31T23:59:60",
            "2024-01-31T10:15:30.1234567890",
            "2024-01-31T10:15:30z",
            "2024-01-31T10:15:30+01:00",
            "2024-01-31T10:15:30.123Z",
            "0000-01-01T00:00:00Z",
            "9999-12-31T23:59:59.999999999Z",
            "2024-13-01",
            "2024-00-01",
            "2024-01-00",
            "2023-02-29",
            "2024-02-29",
            "+2024-01-01",
            "2024-1-01",
            "20240101",
            " 2024-01-01",
            "2024-01-01 ",
            "2024-01-31T10:60:00",
            "2024-01-31T25:00:00",
            "2024-01-31T10:15:30.Z",
            "2024-01-31T10:15Z",
            "2024-01-31T10:15:30.0Z",
            "2024-01-31T10:15:30.000000000",
            "\u0662\u0660\u0662\u0664-01-01",
            ""
        };
        for (String s : texts) {
            for (Class<?> type : TYPES) {
                assertSameParse(type, s);
            }
        }
        assertThat(IsoTimes.parse(LocalDateTime.class, "2024-02-30T10:15:30"))
                .as("invalid: JsonTypes says why")
                .isNull();
        assertThat(IsoTimes.parse(Instant.class, "2016-12-31T23:59:60Z"))
                .as("leap second: JsonTypes' rules")
                .isNull();
        assertThat(IsoTimes.format(LocalDateTime.of(10000, 1, 1, 0, 0))).isNull();
        assertThat(IsoTimes.format(LocalDateTime.of(2024, 1, 31, 10, 15, 30, 120_000_000)))
                .isEqualTo("2024-01-31T10:15:30.12");
        assertThat(IsoTimes.format(Instant.parse("2024-01-31T10:15:30.120Z"))).isEqualTo("2024-01-31T10:15:30.120Z");
    }
}
