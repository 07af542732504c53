package io.httpjson.codec.internal;

import java.util.UUID;

/**
 * A {@link UUID} arrives as it is written: 36 characters, hexadecimal digits in groups of 8-4-4-4-12 (either case).
 * {@link UUID#fromString} also reads shorter groups, so a digit left out would read as another id. Not API.
 */
final class UuidCheck {

    static final String EXPECTED = "a UUID string (8-4-4-4-12 hexadecimal digits)";

    private UuidCheck() {}

    /** Whether the string {@code j}'s bytes {@code [from, to)} hold (after its escapes) is a UUID as written. */
    static boolean canonical(JsonChecker j, int from, int to, boolean escaped) {
        String text = escaped ? j.decode(from, to, true) : null;
        if ((escaped ? text.length() : to - from) != 36) {
            return false;
        }
        for (int i = 0; i < 36; i++) {
            int c = escaped ? text.charAt(i) : j.b[from + i];
            boolean ok = (i == 8 || i == 13 || i == 18 || i == 23)
                    ? c == '-'
                    : (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
