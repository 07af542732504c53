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
            return (n == 16 || n == 19 || (n >= 21 && n <= 29))
                    && clock(b, from, n >= 19)
                    && fraction(b, from + 19, to);
        }
        if (type == Instant.class || type == Date.class) {
            return (n == 20 || (n >= 22 && n <= 30))
                    && b[to - 1] == 'Z'
                    && clock(b, from, true)
                    && fraction(b, from + 19, to - 1);
        }
        return false;
    }

    /** yyyy-MM-dd, a real day of the proleptic Gregorian calendar. */
    private static boolean date(byte[] b, int p) {
        int century = two(b, p);
        int yy = two(b, p + 2);
        int month = two(b, p + 5);
        int day = two(b, p + 8);
        if ((century | yy | month | day) < 0
                || b[p + 4] != '-'
                || b[p + 7] != '-'
                || month < 1
                || month > 12
                || day < 1) {
            return false;
        }
        int year = century * 100 + yy;
        int last = month == 2
                ? ((year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28)
                : (month == 4 || month == 6 || month == 9 || month == 11) ? 30 : 31;
        return day <= last;
    }

    /** THH:mm after the date, then :ss if {@code seconds}. */
    private static boolean clock(byte[] b, int p, boolean seconds) {
        int hour = two(b, p + 11);
        int minute = two(b, p + 14);
        if (b[p + 10] != 'T' || b[p + 13] != ':' || hour < 0 || hour > 23 || minute < 0 || minute > 59) {
            return false;
        }
        if (!seconds) {
            return true;
        }
        int second = two(b, p + 17);
        return b[p + 16] == ':' && second >= 0 && second <= 59;
    }

    /** Nothing, or '.' and 1 to 9 digits, in {@code b[p, end)}. */
    private static boolean fraction(byte[] b, int p, int end) {
        if (p >= end) {
            return true;
        }
        if (b[p] != '.' || end - p < 2 || end - p > 10) {
            return false;
        }
        for (int i = p + 1; i < end; i++) {
            if (b[i] < '0' || b[i] > '9') {
                return false;
            }
        }
        return true;
    }

    /** The two digits at {@code p} as a number, or -1. */
    private static int two(byte[] b, int p) {
        int hi = b[p] - '0';
        int lo = b[p + 1] - '0';
        return (hi | lo) >= 0 && hi <= 9 && lo <= 9 ? hi * 10 + lo : -1;
    }
}
