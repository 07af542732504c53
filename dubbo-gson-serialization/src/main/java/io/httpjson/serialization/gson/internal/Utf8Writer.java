package io.httpjson.serialization.gson.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;

/** Encodes chars as UTF-8 straight into an OutputStream through a small buffer (no intermediate String). Not API. */
final class Utf8Writer extends Writer {

    private final OutputStream out;
    private final byte[] buf = new byte[2048];
    private int pos;
    private char pendingHigh;

    Utf8Writer(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int c) throws IOException {
        put((char) c);
    }

    @Override
    public void write(char[] cbuf, int off, int len) throws IOException {
        for (int i = off, end = off + len; i < end; i++) {
            put(cbuf[i]);
        }
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        for (int i = off, end = off + len; i < end; i++) {
            put(s.charAt(i));
        }
    }

    private void put(char c) throws IOException {
        if (pos > buf.length - 4) {
            flushBuffer();
        }
        if (pendingHigh != 0) {
            char high = pendingHigh;
            pendingHigh = 0;
            if (Character.isLowSurrogate(c)) {
                int cp = Character.toCodePoint(high, c);
                buf[pos++] = (byte) (0xF0 | (cp >> 18));
                buf[pos++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                buf[pos++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                buf[pos++] = (byte) (0x80 | (cp & 0x3F));
                return;
            }
            buf[pos++] = '?'; // unpaired surrogate, as String.getBytes(UTF_8) does
            if (pos > buf.length - 4) {
                flushBuffer();
            }
        }
        if (c < 0x80) {
            buf[pos++] = (byte) c;
        } else if (c < 0x800) {
            buf[pos++] = (byte) (0xC0 | (c >> 6));
            buf[pos++] = (byte) (0x80 | (c & 0x3F));
        } else if (Character.isHighSurrogate(c)) {
            pendingHigh = c;
        } else if (Character.isLowSurrogate(c)) {
            buf[pos++] = '?';
        } else {
            buf[pos++] = (byte) (0xE0 | (c >> 12));
            buf[pos++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            buf[pos++] = (byte) (0x80 | (c & 0x3F));
        }
    }

    private void flushBuffer() throws IOException {
        if (pos > 0) {
            out.write(buf, 0, pos);
            pos = 0;
        }
    }

    @Override
    public void flush() throws IOException {
        if (pendingHigh != 0) {
            pendingHigh = 0;
            buf[pos++] = '?';
        }
        flushBuffer();
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
