package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Encodes chars as UTF-8 into an OutputStream: chars are collected in a fixed buffer (bulk copies from the Strings
 * JsonWriter hands over) and encoded in one tight pass whenever it is full and on flush. Unpaired surrogates
 * become '?', as String.getBytes(UTF_8) does (the UTF-8 policy of {@code Utf8Check}). Kept over the JDK's
 * OutputStreamWriter because it pays (figures in {@link Utf8Reader}). The two buffers come from a few shared slots
 * and go back on {@link #close}, so a write allocates none once warm. Not API.
 */
final class Utf8Writer extends Writer {

    private static final int CHARS = 1024;
    /** Slots of idle buffer pairs, picked by thread id; a writer that finds its slot empty makes a new pair. */
    private static final AtomicReferenceArray<Buffers> IDLE = new AtomicReferenceArray<>(16);

    private final OutputStream out;
    private Buffers buffers;
    private char[] cb;
    private int n;
    /** Up to three bytes per buffered char. */
    private byte[] bb;

    Utf8Writer(OutputStream out) {
        this.out = out;
        Buffers b = IDLE.getAndSet(slot(), null);
        buffers = b == null ? new Buffers() : b;
        cb = buffers.chars;
        bb = buffers.bytes;
    }

    private static int slot() {
        return (int) Thread.currentThread().getId() & 15;
    }

    @Override
    public void write(int c) throws IOException {
        if (n == CHARS) {
            drain(false);
        }
        cb[n++] = (char) c;
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        while (len > 0) {
            if (n == CHARS) {
                drain(false);
            }
            int k = Math.min(len, CHARS - n);
            System.arraycopy(cbuf, off, cb, n, k);
            n += k;
            off += k;
            len -= k;
        }
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        if (len == 1 && n < CHARS) { // JsonWriter's separators and quotes
            cb[n++] = s.charAt(off);
            return;
        }
        while (len > 0) {
            if (n == CHARS) {
                drain(false);
            }
            int k = Math.min(len, CHARS - n);
            s.getChars(off, off + k, cb, n);
            n += k;
            off += k;
            len -= k;
        }
    }

    @Override
    public void write(String s) throws IOException {
        write(s, 0, s.length());
    }

    @Override
    public Writer append(CharSequence csq) throws IOException {
        String s = String.valueOf(csq);
        write(s, 0, s.length());
        return this;
    }

    @Override
    public Writer append(char c) throws IOException {
        write(c);
        return this;
    }

    /** Encodes the buffered chars; a trailing high surrogate waits for its pair unless this is the end. */
    private void drain(boolean end) throws IOException {
        int lim = n;
        if (!end && lim > 0 && Character.isHighSurrogate(cb[lim - 1])) {
            lim--;
        }
        if (lim > 0) {
            out.write(bb, 0, encode(lim));
        }
        int rest = n - lim;
        if (rest > 0) {
            cb[0] = cb[lim];
        }
        n = rest;
    }

    private int encode(int lim) {
        char[] c = cb;
        byte[] b = bb;
        int p = 0;
        int i = 0;
        while (i < lim) {
            char ch = c[i++];
            if (ch < 0x80) {
                b[p++] = (byte) ch;
            } else if (ch < 0x800) {
                b[p++] = (byte) (0xC0 | (ch >> 6));
                b[p++] = (byte) (0x80 | (ch & 0x3F));
            } else if (Character.isSurrogate(ch)) {
                if (Character.isHighSurrogate(ch) && i < lim && Character.isLowSurrogate(c[i])) {
                    int cp = Character.toCodePoint(ch, c[i++]);
                    b[p++] = (byte) (0xF0 | (cp >> 18));
                    b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    b[p++] = '?'; // unpaired surrogate, as String.getBytes(UTF_8) does
                }
            } else {
                b[p++] = (byte) (0xE0 | (ch >> 12));
                b[p++] = (byte) (0x80 | ((ch >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (ch & 0x3F));
            }
        }
        return p;
    }

    @Override
    public void flush() throws IOException {
        drain(true);
    }

    /** Flushes, then gives the buffers back for the next writer; this writer must not be used afterwards. */
    @Override
    public void close() throws IOException {
        if (buffers == null) {
            return;
        }
        flush();
        Buffers b = buffers;
        buffers = null;
        cb = null;
        bb = null;
        IDLE.set(slot(), b);
    }

    private static final class Buffers {
        final char[] chars = new char[CHARS];
        final byte[] bytes = new byte[CHARS * 3];
    }
}
