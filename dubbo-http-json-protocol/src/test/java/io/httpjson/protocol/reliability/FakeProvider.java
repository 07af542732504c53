package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A provider that is not one: a raw loopback socket that reads HTTP requests and answers each as its script says
 * (garbage, wrong framing, endless bodies, answers to nobody). Records every request body it received. Built on
 * {@link RawServer}, which hands it each connection.
 */
final class FakeProvider implements AutoCloseable {

    /** What the fake writes for one request; {@code n} counts requests on the whole fake from 0. */
    interface Script {
        void answer(int n, String requestId, String body, OutputStream out) throws IOException;
    }

    private final AtomicInteger requests = new AtomicInteger();
    final List<String> bodies = new CopyOnWriteArrayList<>();
    private final RawServer server;

    FakeProvider(Script script) throws IOException {
        server = new RawServer((s, connection) -> serve(s, script));
    }

    int port() {
        return server.port();
    }

    private void serve(Socket s, Script script) throws IOException {
        InputStream in = s.getInputStream();
        OutputStream out = s.getOutputStream();
        RawServer.Head head;
        while ((head = RawServer.readHead(in)) != null) {
            String body = new String(in.readNBytes(head.length()), StandardCharsets.UTF_8);
            bodies.add(body);
            script.answer(requests.getAndIncrement(), head.id(), body, out);
            out.flush();
        }
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
    }
}
