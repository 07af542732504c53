package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.Wire;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;
import org.apache.dubbo.remoting.RemotingException;

/**
 * Keep-alive HTTP/1.1 connections to one provider address: at most {@code maxConnections} open (a call that
 * finds all busy waits in line, bounded by its own timeout), at most {@code maxIdle} kept idle (most recently
 * used first, so the others age out), none opened before the first call. The pool only chooses: each
 * {@link Connection} keeps its own state. Short calls share connections (pipelining, see {@link #acquire}).
 * Lock order: the pool, then a connection.
 */
final class ConnectionPool {

    /** How often a request that never left may go back to the pool before its call fails. */
    private static final int MAX_RESENDS = 3;

    private final InetSocketAddress remote;
    private final HttpJsonConfig config;
    private final ClientResources resources;
    /** Null for plain HTTP. */
    private final SslContext tls;

    private Bootstrap bootstrap;
    private final ArrayDeque<Connection> idle = new ArrayDeque<>(2);
    private final ArrayDeque<Call> waiters = new ArrayDeque<>(2);
    /** Connected connections, for choosing one to pipeline on (kept only when pipelining is on). */
    private final ArrayList<Connection> connected = new ArrayList<>();
    /** Connections open or being opened. */
    private int open;

    private boolean closed;
    /** The connection the last short call joined. */
    private Connection hot;
    /** Calls that joined a busy connection. */
    private long pipelined;
    /** Run once the pool is closed and its last connection too. */
    private Runnable whenClosed;

    ConnectionPool(InetSocketAddress remote, HttpJsonConfig config, ClientResources resources, SslContext tls) {
        this.remote = remote;
        this.config = config;
        this.resources = resources;
        this.tls = tls;
    }

    boolean isTls() {
        return tls != null;
    }

    InetSocketAddress remote() {
        return remote;
    }

    boolean pipelining() {
        return config.pipelining() > 1;
    }

    int maxBody() {
        return config.payload();
    }

    /** Made on the first connect: an address that is never called holds no Netty state. */
    private synchronized Bootstrap bootstrap() {
        if (bootstrap == null) {
            bootstrap = new Bootstrap()
                    .group(resources.group)
                    .channel(NioSocketChannel.class)
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.SO_KEEPALIVE, true)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.connectTimeoutMillis())
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            if (tls != null) {
                                // requests written before the handshake ends wait in the TLS handler
                                ch.pipeline()
                                        .addLast(
                                                "tls",
                                                ClientTls.newHandler(
                                                        tls, ch.alloc(), remote, config.tlsVerifyHostname()));
                            }
                            ch.pipeline()
                                    .addLast(
                                            "idle",
                                            new IdleStateHandler(
                                                    0, 0, config.clientIdleTimeoutMillis(), TimeUnit.MILLISECONDS))
                                    // requests go out as the bytes RequestWriter made; responses are
                                    // decoded here and their bodies gathered by the handler
                                    .addLast("http", new HttpResponseDecoder(4096, config.maxHeaderBytes(), 16384))
                                    .addLast("call", new ClientHandler(config.payload()));
                        }
                    });
        }
        return bootstrap;
    }

    /**
     * Gives the call a connection now, or when one frees up, or fails it if none can be had.
     * <p>A short call (its method is known, from the provider's {@code Server-Timing}, to take less than the
     * pipelining budget ({@code httpjson.pipelining-budget-micros})) first joins a busy connection that carries only
     * short calls, if that connection has room ({@code httpjson.pipelining}) and the calls on it are expected to
     * take, together, at most the budget: the busiest such connection, so that requests share flushes and reads, and
     * connections not needed fall idle. Any other call, and a short call with no such connection, takes an idle
     * connection, then a new one up to {@code maxConnections}, then (with pipelining) the least busy connection that
     * has room; otherwise it waits.
     */
    void acquire(Call call) {
        Connection c;
        long pace = paceOf(call);
        List<Connection> stale = null;
        boolean waiting = false;
        synchronized (this) {
            if (closed) {
                call.fail(new RemotingException(null, remote, "httpjson client to " + remote + " is closed"));
                return;
            }
            c = pace >= 0 ? busyWithRoom(pace) : null;
            while (c == null && (c = idle.pollFirst()) != null && !c.usableAfterIdle()) {
                // closed while idle, or the provider's keep-alive is running out: not worth the risk
                (stale == null ? stale = new ArrayList<>(2) : stale).add(c);
                c = null;
            }
            if (c == null) {
                if (open < config.maxConnections()) {
                    open++;
                } else if ((c = leastBusy()) == null) {
                    waiters.addLast(call);
                    waiting = true;
                }
            }
            if (c != null) {
                give(c, call, pace);
                if (pace >= 0) {
                    hot = c;
                }
            }
        }
        if (stale != null) {
            stale.forEach(s -> s.channel.close());
        }
        if (c != null) {
            c.send(call);
        } else if (!waiting) {
            connect(call);
        }
    }

    private void give(Connection c, Call call, long pace) {
        if (c.load() > 0) {
            pipelined++;
        }
        c.assign(call, pace);
    }

    /** The provider time the call is expected to take if it may be pipelined, else -1. */
    private long paceOf(Call call) {
        if (config.pipelining() <= 1) {
            return -1;
        }
        long p = call.pace.nanos();
        return p >= 0 && p < config.pipeliningBudgetNanos() ? p : -1;
    }

    /** The busiest connection a short call may join; the connection chosen last is tried first. */
    private Connection busyWithRoom(long pace) {
        int depth = config.pipelining();
        long budget = config.pipeliningBudgetNanos();
        if (hot != null && hot.joinable(pace, depth, budget) >= 0) {
            return hot;
        }
        Connection best = null;
        int most = 0;
        for (int i = 0, n = connected.size(); i < n; i++) {
            Connection c = connected.get(i);
            int load = c.joinable(pace, depth, budget);
            if (load > most) {
                best = c;
                most = load;
            }
        }
        return best;
    }

    /** With pipelining, the open connection with the fewest calls in flight, if it has room for one more. */
    private Connection leastBusy() {
        Connection best = null;
        int least = config.pipelining();
        for (int i = 0, n = connected.size(); i < n; i++) {
            Connection c = connected.get(i);
            int load = c.load();
            if (load >= 0 && load < least) {
                best = c;
                least = load;
            }
        }
        return best;
    }

    private void connect(Call call) {
        ChannelFuture f = bootstrap().connect(remote);
        Channel ch = f.channel();
        ch.closeFuture().addListener(x -> onClosed(ch));
        f.addListener(x -> {
            if (!x.isSuccess()) {
                call.fail(new RemotingException(
                        null, remote, "httpjson: cannot connect to " + remote + ": " + x.cause(), x.cause()));
                return;
            }
            // before anything can be read: the connect listener runs ahead of channelActive
            Connection c = new Connection(this, ch);
            ch.pipeline().get(ClientHandler.class).bind(c);
            synchronized (this) {
                give(c, call, paceOf(call));
                if (config.pipelining() > 1) {
                    connected.add(c);
                }
            }
            c.send(call);
        });
    }

    /**
     * A call ended on the connection: give it to a waiting call, keep it idle, or close it once nobody waits for
     * anything on it (the pool is closed, the provider said it closes, or a timed-out call's answer is overdue).
     */
    void released(Connection c) {
        Call next = null;
        boolean close = false;
        synchronized (this) {
            if (closed || !c.usable()) {
                close = c.nobodyWaiting();
            } else {
                while ((next = waiters.pollFirst()) != null && next.isDone()) {
                    // timed out while waiting
                }
                if (next != null) {
                    give(c, next, paceOf(next));
                } else if (c.isIdle() && !idle.contains(c)) {
                    if (idle.size() >= config.maxIdle()) {
                        close = true;
                    } else {
                        idle.addFirst(c);
                    }
                }
            }
        }
        if (close) {
            c.channel.close();
        } else if (next != null) {
            c.send(next);
        }
    }

    /** A connection closed (by us, by the provider, or a failed connect): its place goes to a waiting call. */
    private void onClosed(Channel ch) {
        Call next = null;
        Runnable last = null;
        synchronized (this) {
            open--;
            if (closed && open == 0) {
                last = whenClosed;
                whenClosed = null;
            }
            idle.removeIf(c -> c.channel == ch);
            connected.removeIf(c -> c.channel == ch);
            if (hot != null && hot.channel == ch) {
                hot = null;
            }
            if (!closed) {
                while ((next = waiters.pollFirst()) != null && next.isDone()) {
                    // timed out while waiting
                }
                if (next != null) {
                    open++;
                }
            }
        }
        if (next != null) {
            connect(next);
        }
        if (last != null) {
            last.run();
        }
    }

    /** The call timed out: forget it if it waits for a connection; else let its connection drop its answer. */
    void abandon(Call call) {
        synchronized (this) {
            waiters.remove(call);
        }
        Connection c = call.connection;
        if (c != null) {
            c.abandon(call);
        }
    }

    /** A request that provably never left (its connection had closed before its turn): another connection. */
    void resend(Call call) {
        if (++call.resends > MAX_RESENDS) {
            call.fail(closedBeforeResponse(null, null));
            return;
        }
        call.connection = null;
        acquire(call);
    }

    /** The error for a call whose connection closed after its request was written: the cluster may retry it. */
    RemotingException closedBeforeResponse(Channel ch, Throwable cause) {
        InetSocketAddress local = ch != null && ch.localAddress() instanceof InetSocketAddress
                ? (InetSocketAddress) ch.localAddress()
                : null;
        if (cause != null && ClientTls.isTlsFailure(cause)) {
            return new RemotingException(
                    local,
                    remote,
                    "httpjson: TLS with " + remote.getHostString() + ":"
                            + remote.getPort() + " failed: " + ClientTls.describe(cause)
                            + ". This consumer speaks TLS because"
                            + " Dubbo gave it a client certificate (dubbo.ssl.client-*): check that the provider serves TLS"
                            + " (dubbo.ssl.server-*), that its certificate chains to client-trust-cert-collection-path, and"
                            + " that it trusts this consumer's certificate (server-trust-cert-collection-path); see "
                            + Wire.HELP + "#tls-failed",
                    cause);
        }
        return new RemotingException(
                local,
                remote,
                "httpjson: connection to " + remote + " closed before the"
                        + " response" + (cause != null ? ": " + cause : "")
                        + "; the request may have reached the provider,"
                        + " so it was not sent again (Dubbo's 'retries' decides)",
                cause);
    }

    synchronized int openConnections() {
        return open;
    }

    /** Calls that were sent on a connection that had others in flight (pipelined), since the pool was made. */
    synchronized long pipelinedCalls() {
        return pipelined;
    }

    synchronized int idleConnections() {
        return idle.size();
    }

    /**
     * Closes idle connections now and busy ones when their calls end; calls waiting for a connection fail.
     * {@code whenClosed} runs once the last connection has closed.
     */
    void close(Runnable whenClosed) {
        Connection[] toClose;
        Call[] waiting;
        boolean none;
        synchronized (this) {
            closed = true;
            none = open == 0;
            this.whenClosed = none ? null : whenClosed;
            toClose = idle.toArray(new Connection[0]);
            idle.clear();
            hot = null;
            waiting = waiters.toArray(new Call[0]);
            waiters.clear();
        }
        for (Connection c : toClose) {
            c.channel.close();
        }
        for (Call c : waiting) {
            c.fail(new RemotingException(null, remote, "httpjson client to " + remote + " was closed"));
        }
        if (none) {
            whenClosed.run();
        }
    }
}
