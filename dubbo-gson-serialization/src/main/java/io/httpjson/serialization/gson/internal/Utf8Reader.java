package io.httpjson.serialization.gson.internal;

import java.io.Reader;

/**
 * Decodes UTF-8 straight from a byte[] range (no intermediate String): runs of ASCII and the 3-byte form (CJK
 * text) on their own short paths. Its input has passed {@code Utf8Check} (the one UTF-8 policy); should it ever
 * meet malformed bytes, each becomes U+FFFD rather than an exception. Kept over the JDK's InputStreamReader (with
 * {@link Utf8Writer} over OutputStreamWriter) because it pays: gson-text round trip, JMH, 1.47x the calls on the
 * 1 KB message (97,473 against 66,333 ops/s) and 1.46x on the 15-user page (29,331 against 20,153).
 * Not API.
 */
final class Utf8Reader extends Reader {

    private final byte[] b;
    private int pos;
    private final int end;
    private char pendingLow;

    Utf8Reader(byte[] b, int offset, int length) {
        this.b = b;
        this.pos = offset;
        this.end = offset + length;
    }

    @Override
    public int read(char[] cbuf, int off, int len) {
        if (len == 0) {
            return 0;
        }
        final byte[] b = this.b;
        final int end = this.end;
        final int olim = off + len;
        int p = pos;
        int o = off;
        if (pendingLow != 0) {
            cbuf[o++] = pendingLow;
            pendingLow = 0;
        }
        while (o < olim && p < end) {
            int stop = p + Math.min(olim - o, end - p);
            while (p < stop && b[p] >= 0) {
                cbuf[o++] = (char) b[p++];
            }
            if (p == stop) {
                continue;
            }
            int c = b[p] & 0xFF;
            if (c >= 0xE0 && c < 0xF0 && p + 2 < end) {
                int c1 = b[p + 1];
                int c2 = b[p + 2];
                int cp = ((c & 0x0F) << 12) | ((c1 & 0x3F) << 6) | (c2 & 0x3F);
                if ((c1 & 0xC0) == 0x80 && (c2 & 0xC0) == 0x80 && cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) {
                    cbuf[o++] = (char) cp;
                    p += 3;
                } else {
                    cbuf[o++] = '\uFFFD';
                    p++;
                }
                continue;
            }
            int cp;
            int need;
            if (c >= 0xC2 && c < 0xE0) {
                cp = c & 0x1F;
                need = 1;
            } else if (c >= 0xE0 && c < 0xF0) {
                cp = c & 0x0F;
                need = 2;
            } else if (c >= 0xF0 && c < 0xF5) {
                cp = c & 0x07;
                need = 3;
            } else {
                cbuf[o++] = '\uFFFD';
                p++;
                continue;
            }
            if (p + need >= end) {
                // too few bytes left: one U+FFFD for a sequence cut off by the end of the input; if a byte
                // that cannot continue it comes first, the sequence is just broken and the rest is read on
                cbuf[o++] = '\uFFFD';
                p = continuesToEnd(b, p + 1, end) ? end : p + 1;
                continue;
            }
            boolean ok = true;
            for (int i = 1; i <= need; i++) {
                int cc = b[p + i] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    ok = false;
                    break;
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (!ok
                    || (need == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF)))
                    || (need == 3 && (cp < 0x10000 || cp > 0x10FFFF))) {
                cbuf[o++] = '\uFFFD';
                p++;
                continue;
            }
            p += need + 1;
            if (cp < 0x10000) {
                cbuf[o++] = (char) cp;
            } else {
                cbuf[o++] = Character.highSurrogate(cp);
                if (o < olim) {
                    cbuf[o++] = Character.lowSurrogate(cp);
                } else {
                    pendingLow = Character.lowSurrogate(cp);
                }
            }
        }
        pos = p;
        int n = o - off;
        return n == 0 ? -1 : n;
    }

    private static boolean continuesToEnd(byte[] b, int from, int end) {
        for (int i = from; i < end; i++) {
            if ((b[i] & 0xC0) != 0x80) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {}
}
