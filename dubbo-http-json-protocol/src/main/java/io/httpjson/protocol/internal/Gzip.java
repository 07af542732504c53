package io.httpjson.protocol.internal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/** Gzipped bodies both ways, shared by the server and the client: one buffer size, one limit rule. */
public final class Gzip {

    private Gzip() {}

    /** The body would be larger than the payload limit once decompressed. */
    public static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        TooLargeException(String message) {
            super(message);
        }
    }

    /** A stream that gzips what is written to it into {@code out}; closing it finishes the gzip data. */
    public static OutputStream compressing(OutputStream out) throws IOException {
        return new GZIPOutputStream(out, 8192);
    }

    /** Decompresses {@code len} bytes of {@code data}, refusing to grow past {@code limit} bytes. */
    public static byte[] gunzip(byte[] data, int len, int limit, String what) throws IOException {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(data, 0, len), 8192)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, len * 4 + 64));
            byte[] buf = new byte[8192];
            int n;
            while ((n = in.read(buf)) > 0) {
                if (out.size() + n > limit) {
                    throw new TooLargeException(what + " exceeds the limit of " + limit
                            + " bytes once decompressed (Dubbo 'payload' setting)");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }
}
