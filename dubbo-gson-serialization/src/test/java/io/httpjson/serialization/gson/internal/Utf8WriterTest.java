package io.httpjson.serialization.gson.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Utf8WriterTest {

    private static byte[] write(String s, Random random) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writer w = new Utf8Writer(out);
        int p = 0;
        while (p < s.length()) {
            int k = Math.min(s.length() - p, random.nextInt(20) == 0 ? random.nextInt(3000) : random.nextInt(12));
            switch (random.nextInt(5)) {
                case 0:
                    if (k > 0) {
                        w.write(s.charAt(p));
                        k = 1;
                    }
                    break;
                case 1:
                    w.write(s, p, k);
                    break;
                case 2:
                    w.write(s.substring(p, p + k));
                    break;
                case 3:
                    w.append(s.substring(p, p + k));
                    break;
                default:
                    w.write(("xx" + s.substring(p, p + k)).toCharArray(), 2, k);
                    break;
            }
            p += k;
        }
        w.close(); // gives the buffers back: the next sample on this thread writes through them again
        return out.toByteArray();
    }

    /** Any mix of chars, in any pieces, comes out as String.getBytes(UTF_8) encodes the whole. */
    @Test
    void encodesLikeStringGetBytes() throws IOException {
        Random random = new Random(20261122L);
        for (int i = 0; i < 3000; i++) {
            String s = Utf8Samples.randomString(random, random.nextInt(random.nextInt(10) == 0 ? 5000 : 300));
            assertThat(write(s, random)).as("sample %d", i).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Writers open at once on one thread, and on threads that share a slot, never share a buffer. */
    @Test
    void writersOpenAtOnceKeepTheirOwnBytes() throws Exception {
        ByteArrayOutputStream first = new ByteArrayOutputStream();
        ByteArrayOutputStream second = new ByteArrayOutputStream();
        Writer a = new Utf8Writer(first);
        Writer b = new Utf8Writer(second);
        String one = "\u00e9t\u00e9 ".repeat(300);
        String two = "\u4e2d\u6587 ".repeat(300);
        for (int i = 0; i < one.length(); i += 7) {
            a.write(one, i, Math.min(7, one.length() - i));
            b.write(two, i, Math.min(7, two.length() - i));
        }
        a.close();
        b.close();
        assertThat(first.toByteArray()).isEqualTo(one.getBytes(StandardCharsets.UTF_8));
        assertThat(second.toByteArray()).isEqualTo(two.getBytes(StandardCharsets.UTF_8));

        int threads = 40; // more threads than slots, so several pick the same slot
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = t;
                done.add(pool.submit(() -> {
                    start.await();
                    Random random = new Random(seed);
                    for (int i = 0; i < 200; i++) {
                        String s = Utf8Samples.randomString(random, random.nextInt(2500));
                        assertThat(write(s, random)).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
                    }
                    return 200;
                }));
            }
            start.countDown();
            for (Future<Integer> f : done) {
                assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void surrogatePairAcrossTheBufferBoundary() throws IOException {
        for (int at = 1020; at < 1030; at++) {
            String s = "a".repeat(at) + "\ud83d\ude00" + "\u00e9\u2713" + "\ud800" + "b" + "\udc00";
            assertThat(write(s, new Random(at))).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Writer w = new Utf8Writer(out);
            for (int i = 0; i < s.length(); i++) {
                w.write(s.charAt(i));
            }
            w.flush();
            assertThat(out.toByteArray()).isEqualTo(s.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void unpairedSurrogatesBecomeQuestionMarks() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Writer w = new Utf8Writer(out);
        w.write("x\ud83d");
        w.flush();
        w.write("\ude00y");
        w.flush();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("x??y");
    }
}
