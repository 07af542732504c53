package io.httpjson.protocol.internal;

/**
 * The provider's {@code Server-Timing} response header (W3C Server Timing): how long the provider held the
 * connection for the call, from the moment it began decoding the arguments to the moment the response was ready,
 * as {@code dubbo;dur=<milliseconds>}. Browsers show it in their developer tools; the httpjson consumer uses it to
 * decide which calls may share a connection (docs/configuration.md, {@code httpjson.pipelining}).
 */
public final class ServerTiming {

    public static final String HEADER = "Server-Timing";
    private static final String PREFIX = "dubbo;dur=";

    private ServerTiming() {}

    /** The header value for {@code nanos}, in milliseconds with three decimals. */
    public static String format(long nanos) {
        long micros = Math.max(0, nanos / 1000);
        long frac = micros % 1000;
        StringBuilder sb = new StringBuilder(PREFIX.length() + 12)
                .append(PREFIX)
                .append(micros / 1000)
                .append('.');
        if (frac < 100) {
            sb.append(frac < 10 ? "00" : "0");
        }
        return sb.append(frac).toString();
    }

    /**
     * The duration of the {@code dubbo} metric in a header value, in nanoseconds, or -1 if there is none or it cannot
     * be read. Other metrics in the same header are skipped.
     */
    public static long parse(String value) {
        if (value == null) {
            return -1;
        }
        int at = value.indexOf(PREFIX);
        // "dubbo" must be a whole metric name: at the start, or after a comma and optional spaces
        while (at > 0 && !startsMetric(value, at)) {
            at = value.indexOf(PREFIX, at + 1);
        }
        if (at < 0) {
            return -1;
        }
        int i = at + PREFIX.length();
        long whole = 0;
        long frac = 0;
        int fracDigits = 0;
        int digits = 0;
        for (; i < value.length() && isAsciiDigit(value.charAt(i)) && digits < 12; i++, digits++) {
            whole = whole * 10 + (value.charAt(i) - '0');
        }
        if (digits == 0) {
            return -1;
        }
        if (i < value.length() && value.charAt(i) == '.') {
            for (i++; i < value.length() && isAsciiDigit(value.charAt(i)); i++) {
                if (fracDigits < 6) {
                    frac = frac * 10 + (value.charAt(i) - '0');
                    fracDigits++;
                }
            }
        }
        while (fracDigits < 6) {
            frac *= 10;
            fracDigits++;
        }
        if (i < value.length() && value.charAt(i) != ',' && value.charAt(i) != ';' && value.charAt(i) != ' ') {
            return -1;
        }
        return whole * 1_000_000L + frac;
    }

    /** 0-9 only: Character.isDigit would also let other scripts' digits through. */
    private static boolean isAsciiDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean startsMetric(String value, int at) {
        int j = at - 1;
        while (j >= 0 && value.charAt(j) == ' ') {
            j--;
        }
        return j < 0 || value.charAt(j) == ',';
    }
}
