package io.httpjson.protocol.internal.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.httpjson.protocol.internal.HttpJsonConfig;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.io.ssl.SslHandshakeListener;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A deadline for the start of a connection on a TLS port ({@code httpjson.header-timeout}, counted from the
 * accept): telling TLS from plain text, and the whole TLS handshake, must end within it, or the connection is
 * closed. {@link HeadTimeoutConnectionFactory} bounds a request's head only once HTTP bytes arrive, which over TLS
 * is after the handshake; without this, a client that sends its ClientHello a byte at a time, each just within
 * Jetty's idle timeout, would hold a connection for as long as it liked.
 *
 * <p>A bean of the connector, so Jetty tells it of each connection opened and closed: the first connection of an
 * accepted socket (the detector) starts the deadline; plain HTTP detected, or the TLS handshake ended (done or
 * failed), or the socket closed, ends it.
 */
final class HandshakeDeadline implements Connection.Listener {

    private final Connector connector;
    private final long millis;
    private final String message;
    /** Sockets whose detection or handshake has not ended, with the task that closes them at the deadline. */
    private final Map<EndPoint, Scheduler.Task> pending = new ConcurrentHashMap<>();

    HandshakeDeadline(Connector connector, int millis) {
        this.connector = connector;
        this.millis = millis;
        this.message =
                "the TLS handshake took longer than " + millis + " ms (" + HttpJsonConfig.HEADER_TIMEOUT + "); closed";
    }

    @Override
    public void onOpened(Connection connection) {
        EndPoint socket = connection.getEndPoint();
        if (connection instanceof SslConnection ssl) {
            // opened before its first read, so no handshake event is missed
            ssl.addHandshakeListener(new SslHandshakeListener() {
                @Override
                public void handshakeSucceeded(Event event) {
                    end(socket);
                }

                @Override
                public void handshakeFailed(Event event, Throwable failure) {
                    end(socket);
                }
            });
        } else if (connection instanceof HttpConnection) {
            // plain text on the socket itself: from here the head deadline applies (over TLS, the HTTP
            // connection's end point is the decrypted one, which has no deadline here)
            end(socket);
        } else {
            // the detector, the first connection of an accepted socket; scheduled under the map's lock, so the
            // task finds its entry however soon it runs
            pending.computeIfAbsent(
                    socket, s -> connector.getScheduler().schedule(() -> expire(s), millis, TimeUnit.MILLISECONDS));
        }
    }

    @Override
    public void onClosed(Connection connection) {
        EndPoint socket = connection.getEndPoint();
        if (!socket.isOpen()) {
            end(socket);
        }
    }

    private void end(EndPoint socket) {
        Scheduler.Task task = pending.remove(socket);
        if (task != null) {
            task.cancel();
        }
    }

    private void expire(EndPoint socket) {
        // whoever removes the entry first decides: a handshake that ends now keeps its connection
        if (pending.remove(socket) != null) {
            socket.close(new TimeoutException(message));
        }
    }
}
