package io.httpjson.serialization.gson.internal;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class Utf8ReaderTest {

    /** Reads everything, in pieces of random size at random offsets. */
    private static String read(byte[] b, int off, int len, Random random) {
        Utf8Reader r = new Utf8Reader(b, off, len);
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[64];
        while (true) {
            int at = random.nextInt(4);
            int n = r.read(buf, at, random.nextInt(buf.length - at));
            if (n < 0) {
                return sb.toString();
            }
            sb.append(buf, at, n);
        }
    }

    private static String read(String hex) {
        byte[] b = HexFormat.of().parseHex(hex);
        return read(b, 0, b.length, new Random(1));
    }

    /** The replacement rules, one sequence at a time. */
    private static String reference(byte[] b, int off, int len) {
        StringBuilder sb = new StringBuilder();
        int end = off + len;
        int p = off;
        while (p < end) {
            int c = b[p] & 0xFF;
            int need = c < 0x80
                    ? 0
                    : c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
            if (need <= 0) {
                sb.append(need == 0 ? (char) c : '\uFFFD');
                p++;
                continue;
            }
            if (p + need >= end) {
                sb.append('\uFFFD');
                boolean cutOff = true;
                for (int i = p + 1; i < end; i++) {
                    cutOff &= (b[i] & 0xC0) == 0x80;
                }
                if (cutOff) {
                    break;
                }
                p++;
                continue;
            }
            int cp = c & (0x3F >> need);
            boolean ok = true;
            for (int i = 1; i <= need; i++) {
                ok &= (b[p + i] & 0xC0) == 0x80;
                cp = (cp << 6) | (b[p + i] & 0x3F);
            }
            int min = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000;
            if (!ok || cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                sb.append('\uFFFD');
                p++;
            } else {
                sb.appendCodePoint(cp);
                p += need + 1;
            }
        }
        return sb.toString();
    }

    @Test
    void wellFormedInputReadsAsTheJdkDecodesIt() {
        Random random = new Random(20261122L);
        for (int i = 0; i < 3000; i++) {
            String s = Utf8Samples.randomString(random, random.nextInt(400)).replaceAll("[\\ud800-\\udfff]", "x");
            byte[] b = ("[" + s + "]").getBytes(StandardCharsets.UTF_8);
            assertThat(read(b, 1, b.length - 2, random)).isEqualTo(s);
        }
    }

    @Test
    void malformedInputFollowsTheReplacementRules() {
        byte[] interesting = HexFormat.of().parseHex("41228080bfc0c1c2dfe0a0ed9fa0efbfbdf090f48ff5ffe4b880");
        Random random = new Random(20261123L);
        for (int i = 0; i < 20000; i++) {
            byte[] b = new byte[random.nextInt(60)];
            for (int k = 0; k < b.length; k++) {
                b[k] = random.nextInt(3) == 0
                        ? (byte) random.nextInt(256)
                        : interesting[random.nextInt(interesting.length)];
            }
            int off = random.nextInt(Math.min(3, b.length + 1));
            int len = b.length - off;
            assertThat(read(b, off, len, random))
                    .as(HexFormat.of().formatHex(b, off, off + len))
                    .isEqualTo(reference(b, off, len));
        }
    }

    @Test
    void replacementExamples() {
        assertThat(read("c328")).isEqualTo("\uFFFD(");
        assertThat(read("c0af")).isEqualTo("\uFFFD\uFFFD"); // overlong '/'
        assertThat(read("eda080")).isEqualTo("\uFFFD\uFFFD\uFFFD"); // encoded surrogate
        assertThat(read("e08080")).isEqualTo("\uFFFD\uFFFD\uFFFD");
        assertThat(read("f4908080")).isEqualTo("\uFFFD\uFFFD\uFFFD\uFFFD"); // above U+10FFFF
        assertThat(read("e29c41")).isEqualTo("\uFFFD\uFFFDA");
        assertThat(read("ff41")).isEqualTo("\uFFFDA");
        assertThat(read("41e29c")).isEqualTo("A\uFFFD"); // cut off at the end
        // a sequence start followed by bytes that cannot continue it: broken, and the rest is read on
        assertThat(read("f0225d")).isEqualTo("\uFFFD\"]");
        assertThat(read("e2415b")).isEqualTo("\uFFFDA[");
        assertThat(read("e29c93f09f9880")).isEqualTo("\u2713\ud83d\ude00");
    }
}
