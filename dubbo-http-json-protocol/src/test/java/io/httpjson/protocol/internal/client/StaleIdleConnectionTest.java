package io.httpjson.protocol.internal.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An idle connection whose provider announced that it closes idle connections at once ({@code Keep-Alive:
 * timeout=0}) is stale the moment it falls idle: the next call closes it instead of writing on it. At the pool's
 * limit that call must not then be given the same connection as the least busy one: its request would be cut off by
 * the close before it left, and go out again on another connection, using one of its resends. Real loopback
 * socket, real pool and Netty client.
 */
class StaleIdleConnectionTest {

    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger requests = new AtomicInteger();
    private final ServerSocket server;
    private final HttpJsonClient client;

    StaleIdleConnectionTest() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "stale-idle-server");
        acceptor.setDaemon(true);
        acceptor.start();
        client = new HttpJsonClient(
                URL.valueOf("httpjson://127.0.0.1:" + server.getLocalPort() + "/x.Y?httpjson.max-connections=1"));
    }

    @AfterEach
    void close() throws IOException {
        client.release();
        server.close();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket s = server.accept();
                accepted.incrementAndGet();
                Thread t = new Thread(() -> answer(s), "stale-idle-connection");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed by the test
            }
        }
    }

    /** Answers each request head (the test's requests have no body) with an empty 200 and {@code timeout=0}. */
    private void answer(Socket s) {
        try (s) {
            BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), US_ASCII));
            OutputStream out = s.getOutputStream();
            String id = null;
            for (String line; (line = in.readLine()) != null; ) {
                if (line.regionMatches(true, 0, "Dubbo-Request-Id:", 0, 17)) {
                    id = line.substring(17).trim();
                } else if (line.isEmpty()) {
                    requests.incrementAndGet();
                    out.write(("HTTP/1.1 200 OK\r\nDubbo-Request-Id: " + id
                                    + "\r\nContent-Length: 0\r\nKeep-Alive: timeout=0\r\n\r\n")
                            .getBytes(US_ASCII));
                    out.flush();
                }
            }
        } catch (IOException e) {
            // the consumer closed the connection
        }
    }

    @Test
    void aStaleIdleConnectionIsNotGivenToTheCallThatFoundItStale() {
        Call first = ConnectionTest.call(true);
        client.pool.acquire(first);
        await().atMost(Duration.ofSeconds(10)).until(() -> first.isDone() && client.pool.idleConnections() == 1);
        assertThat(first.future).isCompleted();

        Call second = ConnectionTest.call(true);
        client.pool.acquire(second);
        await().atMost(Duration.ofSeconds(10)).until(second::isDone);
        assertThat(second.future).isCompleted();

        assertThat(second.resends)
                .as("the second call's request went out once, on a new connection")
                .isZero();
        assertThat(requests.get()).as("requests the provider read").isEqualTo(2);
        assertThat(accepted.get())
                .as("connections: the stale one was closed, not reused")
                .isEqualTo(2);
    }
}
