package io.httpjson.protocol.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.function.LongPredicate;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Gzipped bodies both ways (RFC 1952), shared by the server and the client: one way to compress, one limit rule.
 *
 * <p>Bodies up to 8 KB are compressed by {@link FixedDeflate} in one go, larger ones by zlib at level 1; every body
 * is read by zlib. zlib's state is made once and reused: a {@link Deflater} holds about 256 KB of native memory and an
 * {@link Inflater} about 40 KB, and making and freeing them for every body cost more than compressing a small one.
 * A few of each wait in a bounded pool between bodies; a body that finds the pool empty makes its own, and one
 * that finds it full frees its own at once, so native memory stays bounded however many threads compress.
 *
 * <p>Reading is strict: every header field, checksum and length is checked, and bytes after the last member are
 * refused (the JDK's {@code GZIPInputStream} drops them silently).
 */
public final class Gzip {

    /**
     * zlib's level 1, nginx's default: it compresses JSON bodies of 16-256 KB at about twice the speed of the JDK's
     * default level 6, into output up to 40% larger (an eighth of the JSON instead of a tenth).
     */
    private static final int LEVEL = 1;

    static final int POOLED = Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    private static final ArrayBlockingQueue<Zip> ZIPS = new ArrayBlockingQueue<>(POOLED);
    private static final ArrayBlockingQueue<Inflater> UNZIPS = new ArrayBlockingQueue<>(POOLED);

    /** A gzip member's fixed header: magic, deflate, no flags, no time, no extra flags, unknown OS. */
    static final byte[] HEADER = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff};

    private static final int FHCRC = 0x02;
    private static final int FEXTRA = 0x04;
    private static final int FNAME = 0x08;
    private static final int FCOMMENT = 0x10;
    private static final int RESERVED = 0xe0;

    private Gzip() {}

    /** The body would be larger than the payload limit once decompressed. */
    public static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        TooLargeException(String message) {
            super(message);
        }
    }

    /**
     * Writes {@code in[off, off + len)} gzipped to {@code out}, then closes it. Bodies up to
     * {@link FixedDeflate#MAX_INPUT} bytes are compressed in one go by {@link FixedDeflate}, larger ones by zlib.
     */
    public static void gzip(byte[] in, int off, int len, OutputStream out) throws IOException {
        gzip(ByteBuffer.wrap(in, off, len), out);
    }

    /**
     * The same for the bytes remaining in {@code in}, which may be a direct buffer (a large one is read where it is,
     * not copied); {@code in}'s position stays where it was.
     */
    public static void gzip(ByteBuffer in, OutputStream out) throws IOException {
        int len = in.remaining();
        if (len > FixedDeflate.MAX_INPUT) {
            zlib(in.duplicate(), out);
        } else if (in.hasArray()) {
            FixedDeflate.gzip(in.array(), in.arrayOffset() + in.position(), len, out);
        } else {
            byte[] copy = new byte[len];
            in.duplicate().get(copy);
            FixedDeflate.gzip(copy, 0, len, out);
        }
    }

    private static void zlib(ByteBuffer in, OutputStream out) throws IOException {
        int len = in.remaining();
        Zip zip = ZIPS.poll();
        if (zip == null) {
            zip = new Zip();
        }
        try {
            out.write(HEADER);
            CRC32 crc = zip.crc;
            crc.update(in.duplicate());
            Deflater d = zip.deflater;
            d.setInput(in);
            d.finish();
            while (!d.finished()) {
                out.write(zip.buf, 0, d.deflate(zip.buf));
            }
            byte[] trailer = new byte[8];
            putInt(trailer, 0, (int) crc.getValue());
            putInt(trailer, 4, len);
            out.write(trailer);
            out.close();
        } finally {
            zip.release();
        }
    }

    /** What one body's compression needs besides its output: zlib's state, a buffer and the checksum. */
    private static final class Zip {
        final Deflater deflater = new Deflater(LEVEL, true);
        final byte[] buf = new byte[8192];
        final CRC32 crc = new CRC32();

        void release() {
            deflater.reset();
            crc.reset();
            if (!ZIPS.offer(this)) {
                deflater.end();
            }
        }
    }

    /** The caller's {@code room} refused a buffer of {@link #bytes}; nothing about the data is known to be wrong. */
    public static final class NoRoomException extends IOException {
        private static final long serialVersionUID = 1L;

        public final long bytes;

        NoRoomException(long bytes) {
            super("no room for " + bytes + " decompressed bytes");
            this.bytes = bytes;
        }
    }

    /**
     * Decompresses {@code len} bytes of {@code data} (one gzip member or several in a row), refusing to grow past
     * {@code limit} bytes, and refusing anything else: a damaged or cut-off member, a wrong checksum or length,
     * bytes after the last member.
     */
    public static byte[] gunzip(byte[] data, int len, int limit, String what) throws IOException {
        return gunzip(data, len, limit, what, bytes -> true);
    }

    /**
     * As {@link #gunzip(byte[], int, int, String)}, asking {@code room} before each buffer it makes whether the
     * output may take that many bytes: a false answer stops it with {@link NoRoomException}, before the buffer is
     * made (a provider holds decompressed bodies to its decode budget as they grow, not after).
     */
    public static byte[] gunzip(byte[] data, int len, int limit, String what, LongPredicate room) throws IOException {
        Inflater inflater = UNZIPS.poll();
        if (inflater == null) {
            inflater = new Inflater(true);
        }
        try {
            // room for one byte past the limit, so that a body of exactly the limit is told from a larger one
            int cap = (int) Math.min(limit + 1L, Integer.MAX_VALUE - 8);
            byte[] out = new byte[made(room, (int) Math.min(cap, firstBuffer(data, len)))];
            int size = 0;
            int pos = 0;
            CRC32 crc = new CRC32();
            do {
                pos = skipHeader(data, pos, len);
                inflater.reset();
                inflater.setInput(data, pos, len - pos);
                int start = size;
                while (!inflater.finished()) {
                    if (size == out.length) {
                        out = Arrays.copyOf(out, made(room, (int) Math.min(cap, size * 2L)));
                    }
                    int n = inflater.inflate(out, size, out.length - size);
                    size += n;
                    if (size > limit) {
                        throw new TooLargeException(what + " exceeds the limit of " + limit
                                + " bytes once decompressed (Dubbo 'payload' setting)");
                    }
                    if (n == 0 && !inflater.finished()) {
                        // all the input is there and the output has room: zlib stops early only at the data's end
                        throw new IOException("gzip: the compressed data ends early");
                    }
                }
                pos = len - inflater.getRemaining();
                if (len - pos < 8) {
                    throw new IOException("gzip: the data ends before its checksum");
                }
                crc.reset();
                crc.update(out, start, size - start);
                if (getInt(data, pos) != (int) crc.getValue() || getInt(data, pos + 4) != size - start) {
                    throw new IOException("gzip: the checksum or length does not match the data");
                }
                pos += 8;
            } while (pos < len);
            return size == out.length ? out : Arrays.copyOf(out, size);
        } catch (DataFormatException e) {
            throw new IOException("gzip: the compressed data is damaged (" + e.getMessage() + ")", e);
        } finally {
            inflater.reset();
            if (!UNZIPS.offer(inflater)) {
                inflater.end();
            }
        }
    }

    /**
     * The size of the first output buffer: the length the last member's trailer states (ISIZE, RFC 1952), so that
     * a body of one member is inflated into one buffer of its exact size, neither grown nor copied, and holds no
     * more of a provider's decode budget than its JSON; without a trailer, or where the stated length is more than
     * deflate can make of this input (at most 1032 bytes a byte), four times the input. The length is checked when
     * the member ends; a wrong one is only a wrong guess until then.
     */
    private static long firstBuffer(byte[] data, int len) {
        long guess = len * 4L + 64;
        if (len < 18) {
            return guess;
        }
        long stated = getInt(data, len - 4) & 0xffffffffL;
        return stated <= len * 1032L ? Math.max(stated, 1) : guess;
    }

    private static int made(LongPredicate room, int bytes) throws NoRoomException {
        if (!room.test(bytes)) {
            throw new NoRoomException(bytes);
        }
        return bytes;
    }

    /** Where the compressed data of the member whose header starts at {@code pos} begins. */
    private static int skipHeader(byte[] data, int pos, int len) throws IOException {
        int start = pos;
        if (len - pos < 10 || data[pos] != 0x1f || data[pos + 1] != (byte) 0x8b) {
            throw new IOException("gzip: not gzip data (expected the bytes 1f 8b, then a header of 10 bytes)");
        }
        if (data[pos + 2] != 8) {
            throw new IOException("gzip: compression method " + data[pos + 2] + " (expected: 8, deflate)");
        }
        int flags = data[pos + 3] & 0xff;
        if ((flags & RESERVED) != 0) {
            throw new IOException("gzip: reserved header flags are set (" + flags + ")");
        }
        pos += 10;
        if ((flags & FEXTRA) != 0) {
            need(pos + 2, len);
            pos += 2 + ((data[pos] & 0xff) | (data[pos + 1] & 0xff) << 8);
        }
        if ((flags & FNAME) != 0) {
            pos = afterZero(data, pos, len);
        }
        if ((flags & FCOMMENT) != 0) {
            pos = afterZero(data, pos, len);
        }
        if ((flags & FHCRC) != 0) {
            need(pos + 2, len);
            CRC32 crc = new CRC32();
            crc.update(data, start, pos - start);
            if (((data[pos] & 0xff) | (data[pos + 1] & 0xff) << 8) != ((int) crc.getValue() & 0xffff)) {
                throw new IOException("gzip: the header checksum does not match");
            }
            pos += 2;
        }
        need(pos, len);
        return pos;
    }

    private static int afterZero(byte[] data, int pos, int len) throws IOException {
        while (pos < len && data[pos] != 0) {
            pos++;
        }
        need(pos + 1, len);
        return pos + 1;
    }

    private static void need(int end, int len) throws IOException {
        if (end > len) {
            throw new IOException("gzip: the data ends inside its header");
        }
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) v;
        b[at + 1] = (byte) (v >> 8);
        b[at + 2] = (byte) (v >> 16);
        b[at + 3] = (byte) (v >> 24);
    }

    private static int getInt(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
