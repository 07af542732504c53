package io.httpjson.codec.internal;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Date;

/**
 * Fast paths for the common forms of the ISO-8601 text {@link JsonTypes#formatTime}/{@link JsonTypes#parseTime}
 * write and read: LocalDate, LocalDateTime, Instant and Date with years 0000 to 9999. They produce exactly what the
 * JDK's formatters and parsers there produce; each returns {@code null} for anything else (other types and forms,
 * invalid values), and JsonTypes then uses the JDK, which also gives the error message. Not API.
 */
final class IsoTimes {

    /** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z in epoch seconds. */
    private static final long MIN_SECOND = -62_167_219_200L;

    private static final long MAX_SECOND = 253_402_300_799L;

    private IsoTimes() {}

    /** The ISO-8601 text of {@code v} as the JDK formats it in {@code JsonTypes.formatTime}, or null if not a fast case. */
    static String format(Object v) {
        Class<?> c = v.getClass();
        if (c == LocalDateTime.class) {
            LocalDateTime t = (LocalDateTime) v;
            int year = t.getYear();
            if (year < 0 || year > 9999) {
                return null;
            }
            char[] b = new char[29];
            int p = date(b, year, t.getMonthValue(), t.getDayOfMonth());
            b[p++] = 'T';
            p = time(b, p, t.getHour(), t.getMinute(), t.getSecond());
            int nano = t.getNano();
            if (nano != 0) {
                // as many digits as needed: trailing zeros are left out
                int digits = 9;
                while (nano % 10 == 0) {
                    nano /= 10;
                    digits--;
                }
                b[p++] = '.';
                p = digits(b, p, nano, digits);
            }
            return new String(b, 0, p);
        }
        if (c == Instant.class) {
            return instant(((Instant) v).getEpochSecond(), ((Instant) v).getNano());
        }
        if (c == Date.class) {
            long ms = ((Date) v).getTime();
            return instant(Math.floorDiv(ms, 1000L), (int) Math.floorMod(ms, 1000L) * 1_000_000);
        }
        if (c == LocalDate.class) {
            return v.toString();
        }
        return null;
    }

    private static String instant(long second, int nano) {
        if (second < MIN_SECOND || second > MAX_SECOND) {
            return null;
        }
        long day = Math.floorDiv(second, 86_400L);
        int secondOfDay = (int) Math.floorMod(second, 86_400L);
        LocalDate d = LocalDate.ofEpochDay(day);
        char[] b = new char[30];
        int p = date(b, d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        b[p++] = 'T';
        p = time(b, p, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60);
        if (nano != 0) {
            // digits in groups of three: milli-, micro- or nanoseconds
            b[p++] = '.';
            if (nano % 1_000_000 == 0) {
                p = digits(b, p, nano / 1_000_000, 3);
            } else if (nano % 1_000 == 0) {
                p = digits(b, p, nano / 1_000, 6);
            } else {
                p = digits(b, p, nano, 9);
            }
        }
        b[p++] = 'Z';
        return new String(b, 0, p);
    }

    private static int date(char[] b, int year, int month, int day) {
        int p = digits(b, 0, year, 4);
        b[p++] = '-';
        p = digits(b, p, month, 2);
        b[p++] = '-';
        return digits(b, p, day, 2);
    }

    private static int time(char[] b, int p, int hour, int minute, int second) {
        p = digits(b, p, hour, 2);
        b[p++] = ':';
        p = digits(b, p, minute, 2);
        b[p++] = ':';
        return digits(b, p, second, 2);
    }

    /** Writes {@code v >= 0} as exactly {@code n} decimal digits, zero-padded. */
    private static int digits(char[] b, int p, int v, int n) {
        for (int i = p + n - 1; i >= p; i--) {
            b[i] = (char) ('0' + v % 10);
            v /= 10;
        }
        return p + n;
    }

    /** {@code type} read from {@code s} as the JDK parses it in {@code JsonTypes.parseTime}, or null if not a fast case. */
    static Object parse(Class<?> type, String s) {
        try {
            if (type == LocalDateTime.class) {
                return localDateTime(s);
            }
            if (type == Instant.class) {
                return instant(s);
            }
            if (type == LocalDate.class) {
                return s.length() == 10 && isDate(s) ? LocalDate.of(num(s, 0, 4), num(s, 5, 2), num(s, 8, 2)) : null;
            }
            if (type == Date.class) {
                Instant i = instant(s);
                return i == null ? null : Date.from(i);
            }
        } catch (DateTimeException e) {
            return null; // an invalid date or time: JsonTypes says what is wrong
        }
        return null;
    }

    /** yyyy-MM-ddTHH:mm, yyyy-MM-ddTHH:mm:ss or yyyy-MM-ddTHH:mm:ss.S to .SSSSSSSSS */
    private static LocalDateTime localDateTime(String s) {
        int n = s.length();
        if (n < 16
                || n == 17
                || n == 18
                || n == 20
                || n > 29
                || !isDate(s)
                || s.charAt(10) != 'T'
                || !isTwoDigits(s, 11)
                || s.charAt(13) != ':'
                || !isTwoDigits(s, 14)) {
            return null;
        }
        int second = 0;
        int nano = 0;
        if (n > 16) {
            if (s.charAt(16) != ':' || !isTwoDigits(s, 17)) {
                return null;
            }
            second = num(s, 17, 2);
            if (n > 19) {
                nano = fraction(s, 19, n);
                if (nano < 0) {
                    return null;
                }
            }
        }
        return LocalDateTime.of(num(s, 0, 4), num(s, 5, 2), num(s, 8, 2), num(s, 11, 2), num(s, 14, 2), second, nano);
    }

    /** yyyy-MM-ddTHH:mm:ssZ or yyyy-MM-ddTHH:mm:ss.S to .SSSSSSSSS then Z */
    private static Instant instant(String s) {
        int n = s.length();
        if (n < 20
                || n == 21
                || n > 30
                || s.charAt(n - 1) != 'Z'
                || !isDate(s)
                || s.charAt(10) != 'T'
                || !isTwoDigits(s, 11)
                || s.charAt(13) != ':'
                || !isTwoDigits(s, 14)
                || s.charAt(16) != ':'
                || !isTwoDigits(s, 17)) {
            return null;
        }
        int nano = 0;
        if (n > 20) {
            nano = fraction(s, 19, n - 1);
            if (nano < 0) {
                return null;
            }
        }
        int hour = num(s, 11, 2);
        int second = num(s, 17, 2);
        if (hour > 23 || second > 59) {
            return null; // 24:00:00 and leap seconds: left to JsonTypes
        }
        long epoch = LocalDateTime.of(num(s, 0, 4), num(s, 5, 2), num(s, 8, 2), hour, num(s, 14, 2), second)
                .toEpochSecond(ZoneOffset.UTC);
        return Instant.ofEpochSecond(epoch, nano);
    }

    /** '.' at {@code at} followed by 1 to 9 digits up to {@code end}: the nanoseconds; -1 otherwise. */
    private static int fraction(String s, int at, int end) {
        int digits = end - at - 1;
        if (s.charAt(at) != '.' || digits < 1 || digits > 9) {
            return -1;
        }
        int v = 0;
        for (int i = at + 1; i < end; i++) {
            int d = s.charAt(i) - '0';
            if (d < 0 || d > 9) {
                return -1;
            }
            v = v * 10 + d;
        }
        for (int i = digits; i < 9; i++) {
            v *= 10;
        }
        return v;
    }

    /** yyyy-MM-dd in the first 10 chars */
    private static boolean isDate(String s) {
        return s.length() >= 10
                && isTwoDigits(s, 0)
                && isTwoDigits(s, 2)
                && s.charAt(4) == '-'
                && isTwoDigits(s, 5)
                && s.charAt(7) == '-'
                && isTwoDigits(s, 8);
    }

    private static boolean isTwoDigits(String s, int at) {
        char a = s.charAt(at);
        char b = s.charAt(at + 1);
        return a >= '0' && a <= '9' && b >= '0' && b <= '9';
    }

    private static int num(String s, int at, int len) {
        int v = 0;
        for (int i = at; i < at + len; i++) {
            v = v * 10 + (s.charAt(i) - '0');
        }
        return v;
    }
}
