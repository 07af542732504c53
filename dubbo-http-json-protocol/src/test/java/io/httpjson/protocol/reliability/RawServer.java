package io.httpjson.protocol.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server that gives each accepted socket to a handler with full control of it (answer before the body
 * is read, half-close, reset), where {@link FakeProvider} only scripts whole answers to whole requests.
 */
final class RawServer implements AutoCloseable {

    interface Handler {
        void serve(Socket socket, int connection) throws IOException;
    }

    /** A request head as read: its {@code Dubbo-Request-Id} and {@code Content-Length}. */
    record Head(String id, int length) {}

    private final ServerSocket server;
    private final AtomicInteger accepted = new AtomicInteger();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    RawServer(Handler handler) throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread t = new Thread(
                () -> {
                    while (!server.isClosed()) {
                        try {
                            Socket s = server.accept();
                            sockets.add(s);
                            int n = accepted.getAndIncrement();
                            Thread c = new Thread(
                                    () -> {
                                        try (s) {
                                            handler.serve(s, n);
                                        } catch (IOException | RuntimeException e) {
                                            // the consumer hung up, or the handler did
                                        }
                                    },
                                    "raw-server-conn");
                            c.setDaemon(true);
                            c.start();
                        } catch (IOException e) {
                            return;
                        }
                    }
                },
                "raw-server");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return server.getLocalPort();
    }

    int accepted() {
        return accepted.get();
    }

    /** Reads a request line and headers (not the body); null at the end of the stream. */
    static Head readHead(InputStream in) throws IOException {
        String line = line(in);
        if (line == null) {
            return null;
        }
        String id = null;
        int length = 0;
        while (!(line = line(in)).isEmpty()) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("dubbo-request-id:")) {
                id = line.substring(17).trim();
            } else if (lower.startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return new Head(id, length);
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
        throw new IOException("closed inside a line");
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Socket s : sockets) {
            s.close();
        }
    }
}
