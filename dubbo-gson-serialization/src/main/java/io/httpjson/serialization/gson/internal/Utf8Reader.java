package io.httpjson.serialization.gson.internal;

import java.io.Reader;

/** Decodes UTF-8 straight from a byte[] range (no intermediate String); malformed input becomes U+FFFD. Not API. */
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
        int n = 0;
        if (pendingLow != 0) {
            cbuf[off + n++] = pendingLow;
            pendingLow = 0;
        }
        while (n < len && pos < end) {
            int c = b[pos] & 0xFF;
            if (c < 0x80) {
                cbuf[off + n++] = (char) c;
                pos++;
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
                cbuf[off + n++] = '\uFFFD';
                pos++;
                continue;
            }
            if (pos + need >= end) { // truncated sequence
                cbuf[off + n++] = '\uFFFD';
                pos = end;
                continue;
            }
            boolean ok = true;
            for (int i = 1; i <= need; i++) {
                int cc = b[pos + i] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    ok = false;
                    break;
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (!ok || (need == 2 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (need == 3 && (cp < 0x10000 || cp > 0x10FFFF))) {
                cbuf[off + n++] = '\uFFFD';
                pos++;
                continue;
            }
            pos += need + 1;
            if (cp < 0x10000) {
                cbuf[off + n++] = (char) cp;
            } else {
                cbuf[off + n++] = Character.highSurrogate(cp);
                if (n < len) {
                    cbuf[off + n++] = Character.lowSurrogate(cp);
                } else {
                    pendingLow = Character.lowSurrogate(cp);
                }
            }
        }
        return n == 0 ? -1 : n;
    }

    @Override
    public void close() {}
}
