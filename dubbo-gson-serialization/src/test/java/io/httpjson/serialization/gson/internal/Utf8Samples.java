package io.httpjson.serialization.gson.internal;

import java.util.Random;

/** Random text that exercises every UTF-8 length and unpaired surrogates. */
final class Utf8Samples {

    private Utf8Samples() {}

    static String randomString(Random random, int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(8)) {
                case 0:
                    sb.append((char) (0xD800 + random.nextInt(0x800))); // any surrogate, often unpaired
                    break;
                case 1:
                    sb.appendCodePoint(0x10000 + random.nextInt(0x100000));
                    break;
                case 2:
                    sb.append((char) (0x80 + random.nextInt(0x780)));
                    break;
                case 3:
                    sb.append((char) (0x800 + random.nextInt(0xD000)));
                    break;
                case 4:
                    sb.append('\uFFFD');
                    break;
                default:
                    sb.append((char) random.nextInt(0x80));
                    break;
            }
        }
        return sb.toString();
    }
}
