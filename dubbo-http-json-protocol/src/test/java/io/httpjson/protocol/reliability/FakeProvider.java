package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider that is not one: a raw loopback socket that reads HTTP requests and answers each as its script says
 * (garbage, wrong framing, endless bodies, answers to nobody). Records every request body it received.
 */
final class FakeProvider implements AutoCloseable {

    /** What the fake writes for one request; {@code n} counts requests on the whole fake from 0. */
    interface Script {
        void answer(int n, String requestId, String body, OutputStream out) throws IOException;
    }

    private final ServerSocket server;
    private final Script script;
    private final AtomicInteger requests = new AtomicInteger();
    final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    FakeProvider(Script script) throws IOException {
        this.script = script;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::accept, "fake-provider");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                sockets.add(s);
                Thread t = new Thread(() -> serve(s), "fake-provider-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket s) {
        try (s;
                InputStream in = s.getInputStream();
                OutputStream out = s.getOutputStream()) {
            while (true) {
                String id = null;
                int length = 0;
                String line = line(in);
                if (line == null) {
                    return;
                }
                while (!(line = line(in)).isEmpty()) {
                    String lower = line.toLowerCase(Locale.ROOT);
                    if (lower.startsWith("dubbo-request-id:")) {
                        id = line.substring(17).trim();
                    } else if (lower.startsWith("content-length:")) {
                        length = Integer.parseInt(line.substring(15).trim());
                    }
                }
                String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
                bodies.add(body);
                script.answer(requests.getAndIncrement(), id, body, out);
                out.flush();
            }
        } catch (IOException | RuntimeException e) {
            // the consumer closed the connection, or the script did
        }
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                String s = b.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            b.write(c);
        }
        if (b.size() == 0) {
            return null;
        }
        throw new IOException("connection closed inside a line");
    }

    /** A complete JSON response with the given status line code, id and body. */
    static byte[] response(int status, String id, String body, String... extraHeaders) {
        return response(status, id, body.getBytes(StandardCharsets.UTF_8), extraHeaders);
    }

    /** The same with the body's bytes as given, whatever they are. */
    static byte[] response(int status, String id, byte[] b, String... extraHeaders) {
        StringBuilder sb = new StringBuilder("HTTP/1.1 ").append(status).append(" X\r\n");
        if (id != null) {
            sb.append("Dubbo-Request-Id: ").append(id).append("\r\n");
        }
        for (String h : extraHeaders) {
            sb.append(h).append("\r\n");
        }
        sb.append("Content-Type: application/json\r\nContent-Length: ")
                .append(b.length)
                .append("\r\n\r\n");
        byte[] head = sb.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[head.length + b.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(b, 0, all, head.length, b.length);
        return all;
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
