package io.httpjson.serialization.gson.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Random;

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
        w.flush();
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
