package io.httpjson.codec.internal;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Date;

/**
 * Validity of the usual ISO-8601 forms straight from the bytes of a JSON string, without making a String or a
 * value: what {@link IsoTimes} parses fast ({@code LocalDate} yyyy-MM-dd, {@code LocalDateTime}
 * yyyy-MM-ddTHH:mm[:ss[.S-SSSSSSSSS]], {@code Instant}/{@code Date} yyyy-MM-ddTHH:mm:ss[.S-SSSSSSSSS]Z). Anything
 * else is left to {@link JsonTypes#parseTime}. Not API.
 */
final class TimeCheck {

    private TimeCheck() {}

    /** True if {@code b[from, to)} is a valid {@code type} in one of the fast forms; false means "parse it". */
    static boolean valid(Class<?> type, byte[] b, int from, int to) {
        int n = to - from;
        if (n < 10 || !date(b, from)) {
            return false;
        }
        if (type == LocalDate.class) {
            return n == 10;
        }
        if (type == LocalDateTime.class) {
            return (n == 16 || n == 19 || (n >= 21 && n <= 29)) && clock(b, from, n >= 19) && fraction(b, from + 19, to);
        }
        if (type == Instant.class || type == Date.class) {
            return (n == 20 || (n >= 22 && n <= 30)) && b[to - 1] == 'Z' && clock(b, from, true)
                    && fraction(b, from + 19, to - 1);
        }
        return false;
    }

    /** yyyy-MM-dd, a real day of the proleptic Gregorian calendar. */
    private static boolean date(byte[] b, int p) {
        if (!digits(b, p, 4) || b[p + 4] != '-' || !digits(b, p + 5, 2) || b[p + 7] != '-' || !digits(b, p + 8, 2)) {
            return false;
        }
        int year = num(b, p, 4);
        int month = num(b, p + 5, 2);
        int day = num(b, p + 8, 2);
        if (month < 1 || month > 12 || day < 1) {
            return false;
        }
        int last = month == 2 ? ((year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28)
                : (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31;
        return day <= last;
    }

    /** THH:mm after the date, then :ss if {@code seconds}. */
    private static boolean clock(byte[] b, int p, boolean seconds) {
        if (b[p + 10] != 'T' || !digits(b, p + 11, 2) || b[p + 13] != ':' || !digits(b, p + 14, 2)
                || num(b, p + 11, 2) > 23 || num(b, p + 14, 2) > 59) {
            return false;
        }
        return !seconds || (b[p + 16] == ':' && digits(b, p + 17, 2) && num(b, p + 17, 2) <= 59);
    }

    /** Nothing, or '.' and 1 to 9 digits, in {@code b[p, end)}. */
    private static boolean fraction(byte[] b, int p, int end) {
        if (p >= end) {
            return true;
        }
        return b[p] == '.' && end - p >= 2 && end - p <= 10 && digits(b, p + 1, end - p - 1);
    }

    private static boolean digits(byte[] b, int p, int n) {
        for (int i = p; i < p + n; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return false;
            }
        }
        return true;
    }

    private static int num(byte[] b, int p, int n) {
        int v = 0;
        for (int i = p; i < p + n; i++) {
            v = v * 10 + (b[i] - '0');
        }
        return v;
    }
}
