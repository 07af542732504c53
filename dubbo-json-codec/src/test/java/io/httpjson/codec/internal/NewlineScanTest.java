package io.httpjson.codec.internal;

import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The eight-bytes-at-a-time newline search finds what a byte loop finds, wherever the line ends. */
class NewlineScanTest {

    private static int naive(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    @Test
    void agreesWithAByteLoop() {
        Random random = new Random(11);
        for (int round = 0; round < 50_000; round++) {
            byte[] b = new byte[random.nextInt(40)];
            for (int i = 0; i < b.length; i++) {
                // bytes next to '\n' (0x09, 0x0B), high bytes and newlines, to catch borrow mistakes
                int kind = random.nextInt(6);
                b[i] = (byte)
                        (kind == 0
                                ? '\n'
                                : kind == 1 ? 0x0B : kind == 2 ? 0x09 : kind == 3 ? 0x8A : random.nextInt(256));
            }
            int from = b.length == 0 ? 0 : random.nextInt(b.length);
            int to = from + (b.length == from ? 0 : random.nextInt(b.length - from + 1));
            assertThat(JsonObjectInput.indexOfNewline(b, from, to))
                    .as("%s [%d, %d)", java.util.HexFormat.of().formatHex(b), from, to)
                    .isEqualTo(naive(b, from, to));
        }
    }
}
