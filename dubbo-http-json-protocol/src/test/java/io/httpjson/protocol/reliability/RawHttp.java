package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** HTTP/1.1 over a plain socket, byte for byte, for requests no HTTP client would send. Loopback only. */
final class RawHttp {

    private RawHttp() {}

    /** One response as read off the wire. */
    record Response(String statusLine, int status, Map<String, String> headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            String t = text();
            return statusLine + " " + headers + " " + (t.length() > 300 ? t.substring(0, 300) + "..." : t);
        }
    }

    static Socket connect(int port) throws IOException {
        Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
        s.setSoTimeout(15_000);
        s.setTcpNoDelay(true);
        return s;
    }

    /** Sends {@code request} on a new connection and reads one response. */
    static Response exchange(int port, byte[] request) throws IOException {
        try (Socket s = connect(port)) {
            if (request.length <= 32 * 1024) {
                s.getOutputStream().write(request);
                s.getOutputStream().flush();
                return read(s.getInputStream(), new String(request, 0, 5, StandardCharsets.US_ASCII).equals("HEAD "));
            }
            // a large request is written while the response is read: the provider may answer (413) and close
            // before it has all been sent
            Thread writer = new Thread(
                    () -> {
                        try {
                            s.getOutputStream().write(request);
                            s.getOutputStream().flush();
                        } catch (IOException closedByTheProvider) {
                            // expected when the provider refused the request early
                        }
                    },
                    "raw-http-writer");
            writer.setDaemon(true);
            writer.start();
            try {
                return read(s.getInputStream());
            } finally {
                s.shutdownOutput();
            }
        }
    }

    /** A request with the given method, path, extra header lines ("Name: value") and body. */
    static byte[] request(String method, String path, String version, byte[] body, String... headerLines) {
        StringBuilder sb = new StringBuilder();
        sb.append(method).append(' ').append(path).append(' ').append(version).append("\r\n");
        sb.append("Host: 127.0.0.1\r\n");
        boolean contentType = false;
        boolean length = false;
        for (String h : headerLines) {
            String lower = h.toLowerCase(Locale.ROOT);
            contentType |= lower.startsWith("content-type:");
            length |= lower.startsWith("content-length:") || lower.startsWith("transfer-encoding:");
            sb.append(h).append("\r\n");
        }
        if (!contentType) {
            sb.append("Content-Type: application/json\r\n");
        }
        if (!length && body != null) {
            sb.append("Content-Length: ").append(body.length).append("\r\n");
        }
        sb.append("\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (body == null) {
            return head;
        }
        byte[] all = new byte[head.length + body.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(body, 0, all, head.length, body.length);
        return all;
    }

    static byte[] post(String path, byte[] body, String... headerLines) {
        return request("POST", path, "HTTP/1.1", body, headerLines);
    }

    static byte[] post(String path, String body, String... headerLines) {
        return post(path, body.getBytes(StandardCharsets.UTF_8), headerLines);
    }

    /** Reads one response (Content-Length or chunked framing, or to the end of the stream). */
    static Response read(InputStream in) throws IOException {
        return read(in, false);
    }

    /** Reads one response; {@code noBody} for the answer to a HEAD request. */
    static Response read(InputStream in, boolean noBody) throws IOException {
        String statusLine = line(in);
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        String[] parts = statusLine.split(" ", 3);
        int status = Integer.parseInt(parts[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        String l;
        while ((l = line(in)) != null && !l.isEmpty()) {
            int colon = l.indexOf(':');
            headers.merge(
                    l.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    l.substring(colon + 1).trim(),
                    (a, b) -> a + ", " + b);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String cl = headers.get("content-length");
        if (noBody) {
            return new Response(statusLine, status, headers, new byte[0]);
        }
        if (cl != null) {
            body.write(in.readNBytes(Integer.parseInt(cl)));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            int n;
            while ((n = Integer.parseInt(line(in).split(";")[0].trim(), 16)) > 0) {
                body.write(in.readNBytes(n));
                line(in);
            }
            line(in);
        } else if (status >= 200 && status != 204 && status != 304) {
            body.write(in.readAllBytes());
        }
        return new Response(statusLine, status, headers, body.toByteArray());
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(64);
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                break;
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        if (c == -1 && b.size() == 0) {
            return null;
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }
}
