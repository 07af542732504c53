package io.httpjson.protocol.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Gzip both ways against the JDK's own gzip streams, and what it refuses. */
class GzipTest {

    private static final int LIMIT = 1 << 20;

    /** JSON-like text of about {@code size} bytes, compressible as real bodies are. */
    private static byte[] json(int size, long seed) {
        Random random = new Random(seed);
        StringBuilder sb = new StringBuilder(size + 64).append('[');
        while (sb.length() < size) {
            sb.append("{\"id\":")
                    .append(random.nextInt(1_000_000))
                    .append(",\"name\":\"user")
                    .append(random.nextInt(1000))
                    .append("\"},");
        }
        return sb.append("0]").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Gzip.gzip(data, 0, data.length, out);
        return out.toByteArray();
    }

    private static byte[] jdkGzip(byte[] data) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] zipped) throws IOException {
        return Gzip.gunzip(zipped, zipped.length, LIMIT, "the body");
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @Test
    void roundTripsAndReadsTheJdksGzipBothWays() throws IOException {
        for (int size : new int[] {0, 1, 1000, 16 * 1024, 300 * 1024}) {
            byte[] data = json(size, size);
            byte[] zipped = gzip(data);
            assertThat(zipped.length).as("compressed %d bytes", data.length).isLessThan(data.length / 2 + 64);
            assertThat(new GZIPInputStream(new ByteArrayInputStream(zipped)).readAllBytes())
                    .isEqualTo(data);
            assertThat(gunzip(zipped)).isEqualTo(data);
            assertThat(gunzip(jdkGzip(data))).isEqualTo(data);
        }
    }

    @Test
    void gzipsASliceOfALargerArrayBothWays() throws IOException {
        // bodies come at an offset inside a larger buffer; small ones take FixedDeflate, larger ones zlib
        for (int size : new int[] {1000, 20_000}) {
            byte[] data = json(size, 7);
            byte[] padded = new byte[data.length + 64];
            Arrays.fill(padded, (byte) '#');
            System.arraycopy(data, 0, padded, 37, data.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Gzip.gzip(padded, 37, data.length, out);
            assertThat(gunzip(out.toByteArray())).as("%d bytes", data.length).isEqualTo(data);
            // the client's bodies are in direct buffers
            ByteBuffer direct = ByteBuffer.allocateDirect(padded.length).put(padded);
            direct.position(37).limit(37 + data.length);
            ByteArrayOutputStream fromDirect = new ByteArrayOutputStream();
            Gzip.gzip(direct, fromDirect);
            assertThat(gunzip(fromDirect.toByteArray()))
                    .as("%d bytes, direct", data.length)
                    .isEqualTo(data);
            assertThat(direct.position()).isEqualTo(37);
        }
    }

    @Test
    void readsEveryOptionalHeaderField() throws IOException {
        byte[] data = json(5000, 3);
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
        deflater.setInput(data);
        deflater.finish();
        byte[] raw = new byte[data.length + 64];
        int n = deflater.deflate(raw);
        deflater.end();
        ByteArrayOutputStream member = new ByteArrayOutputStream();
        // FHCRC | FEXTRA | FNAME | FCOMMENT
        member.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 0x1e, 1, 2, 3, 4, 0, 3});
        member.writeBytes(new byte[] {4, 0, 'a', 'b', 'c', 'd'});
        member.writeBytes("body.json\0".getBytes(StandardCharsets.ISO_8859_1));
        member.writeBytes("a comment\0".getBytes(StandardCharsets.ISO_8859_1));
        CRC32 headerCrc = new CRC32();
        headerCrc.update(member.toByteArray());
        int h = (int) headerCrc.getValue();
        member.writeBytes(new byte[] {(byte) h, (byte) (h >> 8)});
        member.write(raw, 0, n);
        CRC32 crc = new CRC32();
        crc.update(data);
        int c = (int) crc.getValue();
        int len = data.length;
        member.writeBytes(new byte[] {
            (byte) c, (byte) (c >> 8), (byte) (c >> 16), (byte) (c >> 24),
            (byte) len, (byte) (len >> 8), (byte) (len >> 16), (byte) (len >> 24)
        });
        byte[] zipped = member.toByteArray();
        assertThat(new GZIPInputStream(new ByteArrayInputStream(zipped)).readAllBytes())
                .isEqualTo(data);
        assertThat(gunzip(zipped)).isEqualTo(data);

        byte[] badHeaderCrc = zipped.clone();
        badHeaderCrc[30] ^= 1; // inside the comment (bytes 26-35), which the header checksum covers
        assertThatThrownBy(() -> gunzip(badHeaderCrc)).hasMessageContaining("header checksum");
    }

    @Test
    void readsMembersInARow() throws IOException {
        byte[] a = json(3000, 1);
        byte[] b = json(70_000, 2);
        assertThat(gunzip(concat(gzip(a), jdkGzip(b), gzip(new byte[0])))).isEqualTo(concat(a, b));
    }

    @Test
    void refusesWhatIsNotWholeGzipData() throws IOException {
        byte[] data = json(40_000, 5);
        byte[] zipped = gzip(data);
        assertThatThrownBy(() -> gunzip("[\"a\"]".getBytes(StandardCharsets.US_ASCII)))
                .hasMessageContaining("not gzip data");
        assertThatThrownBy(() -> gunzip(new byte[0])).hasMessageContaining("not gzip data");
        assertThatThrownBy(() -> gunzip(concat(zipped, new byte[] {0})))
                .as("a byte after the last member")
                .hasMessageContaining("not gzip data");
        byte[] method = zipped.clone();
        method[2] = 7;
        assertThatThrownBy(() -> gunzip(method)).hasMessageContaining("compression method 7");
        byte[] reserved = zipped.clone();
        reserved[3] = (byte) 0x20;
        assertThatThrownBy(() -> gunzip(reserved)).hasMessageContaining("reserved");
        byte[] crc = zipped.clone();
        crc[zipped.length - 8] ^= 1;
        assertThatThrownBy(() -> gunzip(crc)).hasMessageContaining("checksum or length");
        byte[] length = zipped.clone();
        length[zipped.length - 4] ^= 1;
        assertThatThrownBy(() -> gunzip(length)).hasMessageContaining("checksum or length");
        byte[] damaged = zipped.clone();
        damaged[12] = (byte) 0xff; // the first block's header: a reserved block type
        assertThatThrownBy(() -> gunzip(damaged)).isInstanceOf(IOException.class);
        // cut anywhere: an error, never a shorter body
        for (int cut = 0; cut < zipped.length; cut += Math.max(1, zipped.length / 97)) {
            int at = cut;
            assertThatThrownBy(() -> Gzip.gunzip(zipped, at, LIMIT, "the body"))
                    .as("cut at %d of %d", at, zipped.length)
                    .isInstanceOf(IOException.class)
                    .hasMessageStartingWith("gzip: ");
        }
    }

    /** The sizes of the output buffers {@code gunzip} asks room for, in order. */
    private static List<Long> buffersAsked(byte[] zipped) throws IOException {
        List<Long> asked = new ArrayList<>();
        Gzip.gunzip(zipped, zipped.length, LIMIT, "the body", bytes -> asked.add(bytes));
        return asked;
    }

    @Test
    void oneMemberIsInflatedIntoOneBufferOfItsOwnLength() throws IOException {
        // a provider holds each buffer against its decode budget: a buffer grown by doubling held up to twice the
        // body, and 16 callers' 1 MB gzipped bodies did not fit a budget that holds 16 of them
        for (int size : new int[] {1, 1000, 16 * 1024, 300 * 1024, LIMIT - 100}) {
            byte[] data = json(size, size);
            assertThat(buffersAsked(gzip(data))).as("%d bytes", data.length).containsExactly((long) data.length);
            assertThat(buffersAsked(jdkGzip(data))).as("%d bytes", data.length).containsExactly((long) data.length);
        }
        assertThat(buffersAsked(gzip(new byte[0]))).containsExactly(1L);
    }

    @Test
    void aWrongLengthInTheTrailerIsOnlyAWrongGuess() throws IOException {
        byte[] data = json(300 * 1024, 5);
        byte[] zipped = gzip(data);
        // a length deflate cannot make of this input is not believed: the first buffer is the usual guess
        byte[] huge = zipped.clone();
        Gzip.putInt(huge, huge.length - 4, Integer.MAX_VALUE);
        List<Long> asked = new ArrayList<>();
        assertThatThrownBy(() -> Gzip.gunzip(huge, huge.length, LIMIT, "the body", bytes -> asked.add(bytes)))
                .hasMessageContaining("checksum or length");
        assertThat(asked.get(0)).isEqualTo(huge.length * 4L + 64);
        // one too small makes the buffer grow, and the data is still refused for the length it does not match
        byte[] small = zipped.clone();
        Gzip.putInt(small, small.length - 4, 10);
        assertThatThrownBy(() -> gunzip(small)).hasMessageContaining("checksum or length");
        // several members: the last one's length is the first guess, and all of them arrive
        byte[] a = json(50_000, 1);
        byte[] b = json(2_000, 2);
        assertThat(gunzip(concat(gzip(a), gzip(b)))).isEqualTo(concat(a, b));
        assertThat(buffersAsked(concat(gzip(a), gzip(b))).get(0)).isEqualTo(b.length);
    }

    @Test
    void takesExactlyTheLimitAndNotOneByteMore() throws IOException {
        byte[] data = new byte[100_000];
        Arrays.fill(data, (byte) 'y');
        byte[] zipped = gzip(data);
        assertThat(Gzip.gunzip(zipped, zipped.length, data.length, "the body")).isEqualTo(data);
        assertThatThrownBy(() -> Gzip.gunzip(zipped, zipped.length, data.length - 1, "the body"))
                .isInstanceOf(Gzip.TooLargeException.class)
                .hasMessage("the body exceeds the limit of 99999 bytes once decompressed (Dubbo 'payload' setting)");
        byte[] bomb = gzip(new byte[32 * 1024 * 1024]);
        assertThatThrownBy(() -> gunzip(bomb)).isInstanceOf(Gzip.TooLargeException.class);
    }

    @Test
    void reusedStateStaysCorrectAcrossThreadsAndFailures() throws Exception {
        // a compression whose output fails midway gives its state back; what follows must not inherit any of it
        OutputStream broken = new OutputStream() {
            private int written;

            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                written += len;
                if (written > 100) {
                    throw new IOException("the connection closed");
                }
            }
        };
        byte[] large = json(200_000, 11);
        assertThatThrownBy(() -> Gzip.gzip(large, 0, large.length, broken)).hasMessage("the connection closed");
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                int seed = i;
                results.add(pool.submit(() -> {
                    byte[] data = json(100 + (seed % 40) * 997, seed);
                    return Arrays.equals(gunzip(gzip(data)), data);
                }));
            }
            for (Future<Boolean> r : results) {
                assertThat(r.get()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
