package io.httpjson.protocol.internal.codec;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The UTF-8 check agrees with the JDK's strict decoder on where the first bad byte is. */
class JsonScanUtf8Test {

    /** Offset of the first malformed sequence as the JDK reports it, or -1. */
    private static int jdk(byte[] b, int off, int len) {
        CharsetDecoder d = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(b, off, len);
        CharBuffer out = CharBuffer.allocate(len * 2 + 2);
        CoderResult r = d.decode(in, out, true);
        if (r.isError()) {
            return in.position();
        }
        r = d.flush(out);
        return r.isError() ? in.position() : -1;
    }

    @Test
    void edgeCases() {
        String[] hex = {
            "",
            "41",
            "c280",
            "c1bf",
            "c0af",
            "e0a080",
            "e09f80",
            "eda080",
            "ed9fbf",
            "efbfbf",
            "f0908080",
            "f08f8080",
            "f48fbfbf",
            "f4908080",
            "f5808080",
            "ff",
            "80",
            "e282",
            "e2",
            "f09f98",
            "41424344454647e282ac",
            "4142434445464748494a4b4c4d4e4f50",
            "414243444546474849ff",
            "e282ac41"
        };
        for (String h : hex) {
            byte[] b = new byte[h.length() / 2];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
            }
            assertEquals(jdk(b, 0, b.length), JsonScan.invalidUtf8(b, 0, b.length), h);
        }
    }

    @Test
    void agreesWithTheJdkOnMixedText() {
        Random random = new Random(42);
        String[] parts = {"a", "{\"key\":", "é", "中文", "😀", " ", "0123456789abcdef"};
        for (int round = 0; round < 20_000; round++) {
            StringBuilder sb = new StringBuilder();
            int n = random.nextInt(12);
            for (int i = 0; i < n; i++) {
                sb.append(parts[random.nextInt(parts.length)]);
            }
            byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
            if (b.length > 0 && random.nextInt(3) > 0) {
                b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            }
            int off = b.length > 0 ? random.nextInt(Math.min(3, b.length)) : 0;
            int len = b.length - off;
            assertEquals(jdk(b, off, len), JsonScan.invalidUtf8(b, off, len), () -> java.util.HexFormat.of()
                    .formatHex(b));
        }
    }
}
