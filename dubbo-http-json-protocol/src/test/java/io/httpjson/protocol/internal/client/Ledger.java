package io.httpjson.protocol.internal.client;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import io.netty.channel.Channel;
import io.netty.util.HashedWheelTimer;

/**
 * What a client holds for the calls it carries, read from its pool and connections (for tests): the bookkeeping
 * every way a call ends must give back. {@link #settled} is the state of a client with no call under way.
 */
public final class Ledger {

    private Ledger() {}

    /** Calls waiting, and per open connection: calls assigned, in flight, given up, unpaced, expected time. */
    public static String of(HttpJsonClient client) {
        ConnectionPool pool = client.pool;
        StringBuilder sb = new StringBuilder("waiting=").append(pool.waitingCalls());
        for (Connection c : connections(pool)) {
            synchronized (c) {
                sb.append(" [assigned=")
                        .append(read(c, "assigned"))
                        .append(" inFlight=")
                        .append(((Collection<?>) read(c, "inFlight")).size())
                        .append(" abandoned=")
                        .append(read(c, "abandoned"))
                        .append(" unpaced=")
                        .append(read(c, "unpaced"))
                        .append(" expectedNanos=")
                        .append(read(c, "expectedNanos"))
                        .append(']');
            }
        }
        return sb.toString();
    }

    /** True when no call is under way: nothing waits, and no connection counts a call. */
    public static boolean settled(HttpJsonClient client) {
        return of(client)
                .replaceAll(" \\[assigned=0 inFlight=0 abandoned=0 unpaced=0 expectedNanos=0]", "")
                .equals("waiting=0");
    }

    /** Timeouts scheduled on the client's timer (shared by the clients of the same IO threads) and not yet ended. */
    public static int pendingTimeouts(HttpJsonClient client) {
        return client.resources.timer instanceof HashedWheelTimer
                ? (int) ((HashedWheelTimer) client.resources.timer).pendingTimeouts()
                : -1;
    }

    /** Clients that share the IO threads and timer of {@code client}. */
    public static int resourceUsers(HttpJsonClient client) {
        return (int) read(client.resources, "users");
    }

    private static List<Connection> connections(ConnectionPool pool) {
        List<Connection> out = new ArrayList<>();
        Object closing = read(pool, "closing");
        Collection<?> channels;
        synchronized (pool) {
            channels = new ArrayList<>((Collection<?>) read(closing, "channels"));
        }
        for (Object o : channels) {
            ClientHandler h = ((Channel) o).pipeline().get(ClientHandler.class);
            if (h != null && h.connection() != null) {
                out.add(h.connection());
            }
        }
        return out;
    }

    private static Object read(Object o, String field) {
        try {
            Field f = o.getClass().getDeclaredField(field);
            f.setAccessible(true);
            return f.get(o);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
