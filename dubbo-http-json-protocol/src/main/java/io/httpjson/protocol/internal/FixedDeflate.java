package io.httpjson.protocol.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.zip.CRC32;

/**
 * Deflate (RFC 1951) for small bodies, in one go: greedy matches found through one hash probe, written as a single
 * block with the fixed Huffman codes (section 3.2.6).
 *
 * <p>For a body of a few KB zlib's level 1 spends most of its time outside the compression itself: it clears a
 * 64 KB hash table for every body and works in about 256 KB of state, which a busy process evicts from the caches
 * between bodies. Here the state is a 16 KB table that is never cleared (an entry counts only if it was written
 * for this body) and a buffer. For JSON of 1-8 KB the output is a fifth to a third larger than zlib's level 1
 * writes (no codes fitted to the data, no lazy matching), and any inflater reads it.
 *
 * <p>An instance is not thread-safe: {@link #gzip} lends each to one body at a time from a small bounded pool.
 */
final class FixedDeflate {

    private static final ArrayBlockingQueue<FixedDeflate> POOL = new ArrayBlockingQueue<>(Gzip.POOLED);

    /** The largest body compressed here: past a few KB zlib's fitted codes pay for its fixed costs. */
    static final int MAX_INPUT = 8192;

    private static final int HASH_BITS = 12;
    private static final int MIN_MATCH = 4;
    private static final int MAX_MATCH = 258;
    private static final int WINDOW = 32768;

    /** Literal/length symbols 0-287: the fixed code, bit-reversed (deflate writes codes from their top bit). */
    private static final int[] SYMBOL_BITS = new int[288];

    private static final int[] SYMBOL_LENGTH = new int[288];
    /** For a match length 3-258: its symbol's code followed by the length's extra bits, and how many bits. */
    private static final int[] MATCH_BITS = new int[MAX_MATCH + 1];

    private static final int[] MATCH_LENGTH = new int[MAX_MATCH + 1];
    /** Distance codes 0-29 (five bits each), bit-reversed. */
    private static final int[] DISTANCE_BITS = new int[30];

    static {
        for (int s = 0; s < 288; s++) {
            int code;
            int n;
            if (s < 144) {
                code = 0x30 + s;
                n = 8;
            } else if (s < 256) {
                code = 0x190 + s - 144;
                n = 9;
            } else if (s < 280) {
                code = s - 256;
                n = 7;
            } else {
                code = 0xc0 + s - 280;
                n = 8;
            }
            SYMBOL_BITS[s] = reverse(code, n);
            SYMBOL_LENGTH[s] = n;
        }
        int[] base = {
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
            227, 258
        };
        int[] extra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
        for (int i = 0; i < base.length; i++) {
            // each code covers the lengths up to the next one's base; the last, 285, is 258 alone
            int last = i + 1 < base.length ? base[i + 1] - 1 : MAX_MATCH;
            int symbol = 257 + i;
            for (int length = base[i]; length <= last; length++) {
                MATCH_BITS[length] = SYMBOL_BITS[symbol] | (length - base[i]) << SYMBOL_LENGTH[symbol];
                MATCH_LENGTH[length] = SYMBOL_LENGTH[symbol] + extra[i];
            }
        }
        for (int c = 0; c < 30; c++) {
            DISTANCE_BITS[c] = reverse(c, 5);
        }
    }

    /** Positions by hash of their next four bytes, each stored as its offset in the body + {@link #base} + 1. */
    private final int[] table = new int[1 << HASH_BITS];
    /** Where this body's entries start: entries at or below it belong to earlier bodies. */
    private int base;

    /** A buffer for a whole gzip member of up to {@link #MAX_INPUT} bytes (made when first used), its checksum. */
    private byte[] member;

    private final CRC32 crc = new CRC32();

    /** Where {@link #compress} writes, and the bits not yet written. */
    private byte[] out;

    private int pos;
    private long bits;
    private int bitCount;

    FixedDeflate() {}

    /** For tests: a deflater whose bodies so far took up {@code used} of the table's positions. */
    FixedDeflate(int used) {
        this.base = used;
    }

    /** Writes {@code in[off, off + len)} ({@code len <= MAX_INPUT}) to {@code out} as one gzip member, then closes it. */
    static void gzip(byte[] in, int off, int len, OutputStream out) throws IOException {
        FixedDeflate deflate = POOL.poll();
        if (deflate == null) {
            deflate = new FixedDeflate();
        }
        try {
            byte[] b = deflate.member;
            if (b == null) {
                b = deflate.member = new byte[Gzip.HEADER.length + maxOutput(MAX_INPUT) + 8];
            }
            System.arraycopy(Gzip.HEADER, 0, b, 0, Gzip.HEADER.length);
            int end = deflate.compress(in, off, len, b, Gzip.HEADER.length);
            deflate.crc.reset();
            deflate.crc.update(in, off, len);
            Gzip.putInt(b, end, (int) deflate.crc.getValue());
            Gzip.putInt(b, end + 4, len);
            out.write(b, 0, end + 8);
            out.close();
        } finally {
            POOL.offer(deflate);
        }
    }

    /** The most bytes {@link #compress} writes for {@code len} bytes: 9 bits per literal, and the block's ends. */
    static int maxOutput(int len) {
        return len + (len >> 3) + 8;
    }

    /**
     * Writes the raw deflate data of {@code in[off, off + len)} ({@code len <= MAX_INPUT}) into {@code dst} from
     * {@code at} (room: {@link #maxOutput}), and returns where it ends.
     */
    int compress(byte[] in, int off, int len, byte[] dst, int at) {
        if (len > MAX_INPUT) {
            throw new IllegalArgumentException("len: " + len + " (expected: at most " + MAX_INPUT + ")");
        }
        if (base > Integer.MAX_VALUE - 2 * MAX_INPUT - 2) {
            Arrays.fill(table, 0);
            base = 0;
        }
        int stamp = base - off;
        base += len + 1;
        out = dst;
        pos = at;
        bits = 0;
        bitCount = 0;
        put(0b011, 3); // the last block, fixed codes
        int[] t = table;
        int end = off + len;
        int i = off;
        int lastStart = end - MIN_MATCH;
        while (i <= lastStart) {
            int v = int32(in, i);
            int h = (v * 0x9E3779B1) >>> (32 - HASH_BITS);
            int candidate = t[h] - stamp - 1;
            t[h] = i + stamp + 1;
            if (candidate >= off && candidate < i && i - candidate <= WINDOW && int32(in, candidate) == v) {
                int max = Math.min(MAX_MATCH, end - i);
                int m = MIN_MATCH;
                while (m < max && in[candidate + m] == in[i + m]) {
                    m++;
                }
                put(MATCH_BITS[m], MATCH_LENGTH[m]);
                putDistance(i - candidate);
                i += m;
            } else {
                literal(in[i++]);
            }
        }
        while (i < end) {
            literal(in[i++]);
        }
        put(SYMBOL_BITS[256], SYMBOL_LENGTH[256]);
        while (bitCount > 0) {
            dst[pos++] = (byte) bits;
            bits >>>= 8;
            bitCount -= 8;
        }
        out = null;
        return pos;
    }

    private void literal(byte b) {
        int s = b & 0xff;
        put(SYMBOL_BITS[s], SYMBOL_LENGTH[s]);
    }

    private void putDistance(int distance) {
        int x = distance - 1;
        if (x < 4) {
            put(DISTANCE_BITS[x], 5);
            return;
        }
        int top = 31 - Integer.numberOfLeadingZeros(x);
        int extraBits = top - 1;
        int code = 2 * top + ((x >>> extraBits) & 1);
        put(DISTANCE_BITS[code] | (x & ((1 << extraBits) - 1)) << 5, 5 + extraBits);
    }

    /** Appends the low {@code n} bits of {@code v} (at most 31), first bit first. */
    private void put(int v, int n) {
        bits |= (long) v << bitCount;
        bitCount += n;
        if (bitCount >= 32) {
            int b = (int) bits;
            byte[] o = out;
            int p = pos;
            o[p] = (byte) b;
            o[p + 1] = (byte) (b >> 8);
            o[p + 2] = (byte) (b >> 16);
            o[p + 3] = (byte) (b >> 24);
            pos = p + 4;
            bits >>>= 32;
            bitCount -= 32;
        }
    }

    private static int int32(byte[] a, int p) {
        return (a[p] & 0xff) | (a[p + 1] & 0xff) << 8 | (a[p + 2] & 0xff) << 16 | (a[p + 3] & 0xff) << 24;
    }

    private static int reverse(int code, int n) {
        return Integer.reverse(code) >>> (32 - n);
    }
}
