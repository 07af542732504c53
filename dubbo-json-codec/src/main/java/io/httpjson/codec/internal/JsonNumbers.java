package io.httpjson.codec.internal;

import java.nio.charset.StandardCharsets;

import io.httpjson.codec.internal.JsonChecker.Failure;
import io.httpjson.codec.internal.Shape.Kind;

/**
 * The number rules of {@link JsonChecker}: RFC 8259 number syntax; integer types take integer literals
 * within their range; BigInteger, BigDecimal and numbers read as {@code Object} are bounded as Gson bounds
 * BigDecimal parameters (at most {@link #MAX_LENGTH} characters, a scale below {@link #MAX_SCALE}) and as
 * fastjson2 bounds exponents ({@link #MAX_EXPONENT}), so no number costs more than constant time to convert;
 * {@code double}/{@code float} must be finite. Not API.
 */
final class JsonNumbers {

    /** Gson's limit on the text of a BigDecimal/BigInteger (com.google.gson.internal.NumberLimits). */
    static final int MAX_LENGTH = 10_000;
    /** Gson's limit on the scale of a BigDecimal (com.google.gson.internal.NumberLimits). */
    static final int MAX_SCALE = 10_000;

    /** fastjson2's limit on the written exponent of any number. */
    static final int MAX_EXPONENT = 2047;

    private JsonNumbers() {}

    private static boolean digit(byte c) {
        return c >= '0' && c <= '9';
    }

    /** Checks the number at {@code j.p} against {@code s} and moves past it. */
    static void check(JsonChecker j, Shape s) {
        final byte[] b = j.b;
        final int end = j.end;
        final int from = j.p;
        int i = from;
        boolean negative = b[i] == '-';
        if (negative) {
            i++;
        }
        if (i >= end || !digit(b[i])) {
            j.p = i;
            throw j.syntax("expected a digit after '-' but found "
                    + (i >= end ? "the end of the input" : StrictJson.describe(b[i])));
        }
        int intStart = i;
        if (b[i] == '0') {
            i++;
            if (i < end && digit(b[i])) {
                j.p = intStart;
                throw j.syntax("leading zeros are not allowed in JSON numbers");
            }
        } else {
            while (i < end && digit(b[i])) {
                i++;
            }
        }
        int intEnd = i;
        int fracDigits = 0;
        if (i < end && b[i] == '.') {
            i++;
            while (i < end && digit(b[i])) {
                i++;
            }
            fracDigits = i - intEnd - 1;
            if (fracDigits == 0) {
                j.p = i;
                throw j.syntax("expected a digit after the decimal point");
            }
        }
        int fracEnd = i;
        long exponent = 0;
        boolean hasExponent = i < end && (b[i] == 'e' || b[i] == 'E');
        if (hasExponent) {
            i++;
            boolean minus = i < end && b[i] == '-';
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            int expStart = i;
            while (i < end && digit(b[i])) {
                if (exponent < 1_000_000_000L) {
                    exponent = exponent * 10 + (b[i] - '0');
                }
                i++;
            }
            if (i == expStart) {
                j.p = i;
                throw j.syntax("expected a digit in the exponent");
            }
            if (minus) {
                exponent = -exponent;
            }
        }
        j.p = i;
        int length = i - from;
        boolean integer = fracDigits == 0 && !hasExponent;
        Kind k = s.kind;
        switch (k) {
            case INTEGER:
            case DATE:
                if (!integer) {
                    throw j.mismatch(s, found(b, from, i) + " (not an integer)");
                }
                long min = k == Kind.DATE ? Long.MIN_VALUE : s.min;
                long max = k == Kind.DATE ? Long.MAX_VALUE : s.max;
                if (!inRange(b, negative, intStart, intEnd, min, max)) {
                    throw new Failure("expected " + StrictJson.expected(s) + " but found " + found(b, from, i)
                            + " (out of range: " + min + ".." + max + ")");
                }
                return;
            case BIG_INTEGER:
                if (!integer) {
                    throw j.mismatch(s, found(b, from, i) + " (not an integer)");
                }
                bounded(j, s, b, from, i, 0, 0);
                return;
            case DECIMAL:
            case ANY:
                bounded(j, s, b, from, i, exponent, fracDigits - exponent);
                return;
            case FLOATING:
                bounded(j, s, b, from, i, exponent, 0);
                if (!finite(b, from, i, intStart, intEnd, fracEnd, exponent, (int) s.max)) {
                    throw new Failure("expected " + StrictJson.expected(s) + " but found " + found(b, from, i)
                            + " (out of range: beyond " + s.name + "'s largest value)");
                }
                if (s.max == 38 && (intEnd - intStart) + fracDigits > 17 && roundsTwice(b, from, i)) {
                    throw new Failure("expected " + StrictJson.expected(s) + " but found " + found(b, from, i)
                            + " (so near halfway between two floats that the engines would not agree on which:"
                            + " send at most 9 significant digits)");
                }
                return;
            default:
                throw j.mismatch(s, found(b, from, i));
        }
    }

    /**
     * Null if {@code text} (a BigDecimal's or BigInteger's {@code toString()}) is a number the reader takes, else why
     * not: writing what no httpjson reader reads back would only move the error to the other side.
     */
    public static String unreadable(String text) {
        if (text.length() > MAX_LENGTH) {
            return "longer than " + MAX_LENGTH + " characters";
        }
        int e = Math.max(text.indexOf('E'), text.indexOf('e'));
        long exponent = e < 0 ? 0 : Long.parseLong(text.substring(text.charAt(e + 1) == '+' ? e + 2 : e + 1));
        int dot = text.indexOf('.');
        long fraction = dot < 0 ? 0 : (e < 0 ? text.length() : e) - dot - 1;
        if (Math.abs(exponent) > MAX_EXPONENT) {
            return "exponent beyond \u00b1" + MAX_EXPONENT;
        }
        if (Math.abs(fraction - exponent) >= MAX_SCALE) {
            return "scale beyond \u00b1" + (MAX_SCALE - 1);
        }
        return null;
    }

    private static void bounded(JsonChecker j, Shape s, byte[] b, int from, int to, long exponent, long scale) {
        if (to - from > MAX_LENGTH) {
            throw j.mismatch(s, found(b, from, to) + " (longer than " + MAX_LENGTH + " characters)");
        }
        if (Math.abs(exponent) > MAX_EXPONENT) {
            throw j.mismatch(s, found(b, from, to) + " (exponent beyond \u00b1" + MAX_EXPONENT + ")");
        }
        if (Math.abs(scale) >= MAX_SCALE) {
            throw j.mismatch(s, found(b, from, to) + " (scale beyond \u00b1" + (MAX_SCALE - 1) + ")");
        }
    }

    private static boolean inRange(byte[] b, boolean negative, int from, int to, long min, long max) {
        int digits = to - from;
        if (digits > 19) {
            return false;
        }
        long v = 0; // accumulated negatively, as Long.parseLong does, so Long.MIN_VALUE fits
        int last = digits < 19 ? to : to - 1; // eighteen digits cannot overflow
        for (int i = from; i < last; i++) {
            v = v * 10 - (b[i] - '0');
        }
        if (last < to) {
            try {
                v = Math.subtractExact(Math.multiplyExact(v, 10), b[last] - '0');
            } catch (ArithmeticException e) {
                return false;
            }
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) {
                return false;
            }
            v = -v;
        }
        return v >= min && v <= max;
    }

    /**
     * Whether the number is finite as a double/float: its decimal magnitude is below {@code maxExponent}, or,
     * right at the edge, parsing says so.
     */
    private static boolean finite(
            byte[] b, int from, int to, int intStart, int intEnd, int fracEnd, long exponent, int maxExponent) {
        long magnitude;
        if (b[intStart] != '0') {
            magnitude = exponent + (intEnd - intStart - 1);
        } else {
            int i = intEnd + 1;
            while (i < fracEnd && b[i] == '0') {
                i++;
            }
            if (i >= fracEnd) {
                return true; // zero
            }
            magnitude = exponent - (i - intEnd);
        }
        if (magnitude < maxExponent) {
            return true;
        }
        if (magnitude > maxExponent + 1) {
            return false;
        }
        String text = new String(b, from, to - from, StandardCharsets.US_ASCII);
        return maxExponent == 38 ? Float.isFinite(Float.parseFloat(text)) : Double.isFinite(Double.parseDouble(text));
    }

    /**
     * Whether a float read through the nearest double (as fastjson2 reads one) differs from the nearest float: only
     * numbers of more than 17 digits next to a halfway point between two floats.
     */
    private static boolean roundsTwice(byte[] b, int from, int to) {
        String text = new String(b, from, to - from, StandardCharsets.US_ASCII);
        return Float.parseFloat(text) != (float) Double.parseDouble(text);
    }

    /** A number for a message, shortened when long. */
    static String found(byte[] b, int from, int to) {
        int n = to - from;
        if (n <= 40) {
            return new String(b, from, n, StandardCharsets.US_ASCII);
        }
        return new String(b, from, 20, StandardCharsets.US_ASCII) + "... (" + n + " characters)";
    }
}
