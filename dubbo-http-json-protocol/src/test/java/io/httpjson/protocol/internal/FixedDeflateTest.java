package io.httpjson.protocol.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The small bodies' deflater, read back by zlib (the JDK's {@link Inflater}) and by the JDK's gzip stream. */
class FixedDeflateTest {

    private static byte[] inflate(byte[] zipped, int from, int to, int expected) throws DataFormatException {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(zipped, from, to - from);
            byte[] out = new byte[expected + 1];
            int n = inflater.inflate(out);
            assertThat(inflater.finished())
                    .as("the block ends where the data does")
                    .isTrue();
            assertThat(inflater.getRemaining()).as("bytes after the block").isZero();
            return Arrays.copyOf(out, n);
        } finally {
            inflater.end();
        }
    }

    /** Random bytes from an alphabet of {@code alphabet} symbols, with copies of earlier runs mixed in. */
    private static byte[] data(Random random, int len, int alphabet, int copyPercent) {
        byte[] b = new byte[len];
        int i = 0;
        while (i < len) {
            if (i > 8 && random.nextInt(100) < copyPercent) {
                int distance = 1 + random.nextInt(Math.min(i, 9000));
                int n = Math.min(len - i, 3 + random.nextInt(300));
                for (int k = 0; k < n; k++, i++) {
                    b[i] = b[i - distance]; // overlapping copies too, as in "aaaa..."
                }
            } else {
                b[i++] = (byte) random.nextInt(alphabet);
            }
        }
        return b;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 16, 256})
    void zlibReadsBackWhatItWrites(int alphabet) throws DataFormatException {
        Random random = new Random(alphabet);
        FixedDeflate deflate = new FixedDeflate();
        for (int round = 0; round < 400; round++) {
            int len = round < 10 ? round : random.nextInt(FixedDeflate.MAX_INPUT + 1);
            byte[] data = data(random, len, alphabet, random.nextInt(60));
            // at an offset inside a larger array, as bodies come
            int off = random.nextInt(40);
            byte[] in = new byte[off + len + random.nextInt(40)];
            System.arraycopy(data, 0, in, off, len);
            byte[] out = new byte[5 + FixedDeflate.maxOutput(len)];
            int end = deflate.compress(in, off, len, out, 5);
            assertThat(end).isLessThanOrEqualTo(out.length);
            assertThat(inflate(out, 5, end, len))
                    .as("round %d, %d bytes", round, len)
                    .isEqualTo(data);
        }
    }

    @Test
    void matchesOfEveryLengthAndTheWholeWindowOfDistances() throws DataFormatException {
        FixedDeflate deflate = new FixedDeflate();
        Random random = new Random(7);
        for (int length = 3; length <= 300; length++) {
            for (int distance : new int[] {1, 2, 3, 4, 5, 255, 256, 257, 4096, 8000}) {
                byte[] data = new byte[Math.min(FixedDeflate.MAX_INPUT, distance + length + 10)];
                random.nextBytes(data);
                System.arraycopy(data, 0, data, distance, Math.min(length, data.length - distance));
                byte[] out = new byte[FixedDeflate.maxOutput(data.length)];
                int end = deflate.compress(data, 0, data.length, out, 0);
                assertThat(inflate(out, 0, end, data.length))
                        .as("length %d, distance %d", length, distance)
                        .isEqualTo(data);
            }
        }
    }

    @Test
    void jsonShrinksToAboutWhatZlibsFastestLevelWrites() throws DataFormatException {
        StringBuilder sb = new StringBuilder("[");
        for (int id = 1; sb.length() < 1200; id++) {
            sb.append(id > 1 ? "," : "")
                    .append("{\"id\":")
                    .append(id)
                    .append(",\"name\":\"user-")
                    .append(id)
                    .append("\",\"email\":\"user")
                    .append(id)
                    .append("@example.com\",\"roles\":[\"user\"],\"attributes\":{\"team\":\"team-")
                    .append(id % 8)
                    .append("\"}}");
        }
        byte[] json = sb.append(']').toString().getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[FixedDeflate.maxOutput(json.length)];
        int end = new FixedDeflate().compress(json, 0, json.length, out, 0);

        Deflater zlib = new Deflater(1, true);
        zlib.setInput(json);
        zlib.finish();
        int zlibSize = zlib.deflate(new byte[json.length * 2]);
        zlib.end();

        assertThat(inflate(out, 0, end, json.length)).isEqualTo(json);
        assertThat(end).as("vs zlib level 1: %d bytes", zlibSize).isLessThan(zlibSize * 3 / 2);
        assertThat(end).isLessThan(json.length / 3);
    }

    @Test
    void theTableStartsAfreshBeforeItsPositionsRunOut() throws DataFormatException {
        byte[] first = "abcdabcdabcdabcdXYZWabcd".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "XYZWabcd0123".getBytes(StandardCharsets.US_ASCII);
        // positions near the end of int's range: the next body must neither overflow nor match the last one's bytes
        for (int used : new int[] {Integer.MAX_VALUE - 2 * FixedDeflate.MAX_INPUT - 10, Integer.MAX_VALUE - 5}) {
            FixedDeflate deflate = new FixedDeflate(used);
            for (byte[] data : new byte[][] {first, second, first, second}) {
                byte[] out = new byte[FixedDeflate.maxOutput(data.length)];
                int end = deflate.compress(data, 0, data.length, out, 0);
                assertThat(inflate(out, 0, end, data.length)).isEqualTo(data);
            }
        }
    }

    @Test
    void refusesMoreThanItsLimit() {
        int len = FixedDeflate.MAX_INPUT + 1;
        assertThatThrownBy(() -> new FixedDeflate().compress(new byte[len], 0, len, new byte[2 * len], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("8193");
    }

    @Test
    void pooledDeflatersStayCorrectAcrossThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                long seed = t;
                done.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    for (int i = 0; i < 300; i++) {
                        byte[] data = data(random, random.nextInt(FixedDeflate.MAX_INPUT + 1), 32, 50);
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        Gzip.gzip(data, 0, data.length, out);
                        byte[] zipped = out.toByteArray();
                        assertThat(Gzip.gunzip(zipped, zipped.length, data.length, "the body"))
                                .isEqualTo(data);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, FixedDeflate.MAX_INPUT, FixedDeflate.MAX_INPUT + 1, 40_000})
    void gzipOnEitherSideOfTheSmallLimitIsReadByTheJdk(int len) throws IOException {
        byte[] data = data(new Random(len), len, 64, 40);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Gzip.gzip(data, 0, len, out);
        byte[] zipped = out.toByteArray();
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped))) {
            assertThat(in.readAllBytes()).isEqualTo(data);
        }
        assertThat(Gzip.gunzip(zipped, zipped.length, len, "the body")).isEqualTo(data);
    }
}
