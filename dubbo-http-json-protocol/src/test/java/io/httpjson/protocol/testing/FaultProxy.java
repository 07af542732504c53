package io.httpjson.protocol.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on a loopback port in front of a real provider, for injecting socket faults: it forwards bytes both
 * ways, and on command resets a connection at whatever point its exchange has reached, or "restarts" (drops every
 * connection and refuses new ones until {@link #start} binds the same port again). Threads are daemons and end
 * with their sockets.
 */
public final class FaultProxy implements AutoCloseable {

    private static final byte[] POST = "POST /".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final int target;
    private final List<Link> links = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger killed = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private volatile ServerSocket listener;
    private int port;

    public FaultProxy(int targetPort) {
        this.target = targetPort;
    }

    /** Listens (again) on the same port as before, or a free one the first time. */
    public synchronized FaultProxy start() throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
        port = s.getLocalPort();
        listener = s;
        Thread t = new Thread(() -> accept(s), "fault-proxy-accept-" + port);
        t.setDaemon(true);
        t.start();
        return this;
    }

    public int port() {
        return port;
    }

    public int accepted() {
        return accepted.get();
    }

    public int killed() {
        return killed.get();
    }

    /** HTTP requests forwarded to the provider so far (request lines starting {@code POST /}). */
    public int requestsForwarded() {
        return requests.get();
    }

    /** Resets one connection, chosen by {@code random}, if there is one; returns whether it did. */
    public boolean killOne(Random random) {
        List<Link> live = new ArrayList<>(links);
        if (live.isEmpty()) {
            return false;
        }
        live.get(random.nextInt(live.size())).kill();
        return true;
    }

    /** Resets every connection. */
    public void killAll() {
        for (Link l : links) {
            l.kill();
        }
    }

    /** Stops listening and resets every connection: from the consumer's side, the provider went away. */
    public synchronized void stop() {
        try {
            if (listener != null) {
                listener.close();
            }
        } catch (IOException ignored) {
            // closing anyway
        }
        killAll();
    }

    @Override
    public void close() {
        stop();
    }

    private void accept(ServerSocket s) {
        while (!s.isClosed()) {
            Socket client;
            try {
                client = s.accept();
            } catch (IOException e) {
                return;
            }
            accepted.incrementAndGet();
            try {
                Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
                server.setTcpNoDelay(true);
                client.setTcpNoDelay(true);
                Link link = new Link(client, server);
                links.add(link);
                link.pump(client, server, true);
                link.pump(server, client, false);
            } catch (IOException e) {
                close(client);
            }
        }
    }

    private final class Link {
        final Socket client;
        final Socket server;

        Link(Socket client, Socket server) {
            this.client = client;
            this.server = server;
        }

        void pump(Socket from, Socket to, boolean up) {
            Thread t = new Thread(
                    () -> {
                        byte[] buf = new byte[16 * 1024];
                        int matched = 0;
                        try (InputStream in = from.getInputStream();
                                OutputStream out = to.getOutputStream()) {
                            int n;
                            while ((n = in.read(buf)) > 0) {
                                out.write(buf, 0, n);
                                out.flush();
                                for (int i = 0; up && i < n; i++) {
                                    matched = buf[i] == POST[matched] ? matched + 1 : buf[i] == POST[0] ? 1 : 0;
                                    if (matched == POST.length) {
                                        requests.incrementAndGet();
                                        matched = 0;
                                    }
                                }
                            }
                        } catch (IOException e) {
                            // reset or closed: end both sides
                        } finally {
                            end();
                        }
                    },
                    "fault-proxy-" + (up ? "up" : "down"));
            t.setDaemon(true);
            t.start();
        }

        void kill() {
            killed.incrementAndGet();
            try {
                client.setSoLinger(true, 0);
            } catch (IOException ignored) {
                // closing anyway
            }
            end();
        }

        void end() {
            links.remove(this);
            close(client);
            close(server);
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // already closed
        }
    }
}
