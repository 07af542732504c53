package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.HttpJsonConfig;
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
 * used first, so the others age out), none opened before the first call. A connection the server closed is
 * dropped when noticed and replaced on demand. Short calls share connections (pipelining, see {@link #acquire});
 * connections they no longer need fall idle and age out.
 */
final class ConnectionPool {

    private final InetSocketAddress remote;
    private final HttpJsonConfig config;
    private final ClientResources resources;
    /** Null for plain HTTP. */
    private final SslContext tls;
    private Bootstrap bootstrap;
    private final ArrayDeque<Channel> idle = new ArrayDeque<>(2);
    private final ArrayDeque<Call> waiters = new ArrayDeque<>(2);
    /** Connected channels, for choosing one to pipeline on (kept only when pipelining is on). */
    private final ArrayList<Channel> connected = new ArrayList<>();
    private int open;
    private boolean closed;
    /** The connection the last short call joined (guarded by this). */
    private Channel hot;
    /** Calls that joined a busy connection (guarded by this). */
    private long pipelined;

    ConnectionPool(InetSocketAddress remote, HttpJsonConfig config, ClientResources resources, SslContext tls) {
        this.remote = remote;
        this.config = config;
        this.resources = resources;
        this.tls = tls;
    }

    boolean isTls() {
        return tls != null;
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
                            ClientHandler handler = new ClientHandler(ConnectionPool.this, config.payload(), config.pipelining());
                            if (tls != null) {
                                // requests written before the handshake ends wait in the handler
                                ch.pipeline().addLast("tls", ClientTls.newHandler(tls, ch.alloc(), remote,
                                        config.tlsVerifyHostname()));
                            }
                            ch.pipeline()
                                    .addLast("started", handler.readMarker())
                                    .addLast("idle", new IdleStateHandler(0, 0, config.clientIdleTimeoutMillis(),
                                            TimeUnit.MILLISECONDS))
                                    // requests go out as the bytes RequestWriter made; responses are
                                    // decoded here and their bodies gathered by the handler
                                    .addLast("http", new HttpResponseDecoder(4096, config.maxHeaderBytes(), 16384))
                                    .addLast("call", handler);
                        }
                    });
        }
        return bootstrap;
    }

    InetSocketAddress remote() {
        return remote;
    }

    /**
     * Gives the call a connection now, or when one frees up, or fails it if none can be had.
     * <p>A short call (its method is known, from the provider's {@code Server-Timing}, to take less than
     * the pipelining budget ({@code httpjson.pipelining-budget-micros})) first joins a busy connection that carries only short calls, if that connection has
     * room ({@code httpjson.pipelining}) and the calls on it are expected to take, together, at most the budget:
     * the busiest such connection, so that requests share flushes and reads, and connections not needed fall idle.
     * Any other call, and a short call with no such connection, takes an idle connection, then a new one up to
     * {@code maxConnections}, then (with pipelining) the least busy connection that has room; otherwise it waits.
     */
    void acquire(Call call) {
        Channel ch;
        boolean reused = true;
        long pace = paceOf(call);
        synchronized (this) {
            if (closed) {
                call.fail(new RemotingException(null, remote, "httpjson client to " + remote + " is closed"));
                return;
            }
            ch = pace >= 0 ? busyWithRoom(pace) : null;
            if (ch == null) {
                while ((ch = idle.pollFirst()) != null && !ch.isActive()) {
                    // closed while idle; its close listener has done (or will do) the accounting
                }
            }
            if (ch == null) {
                if (open < config.maxConnections()) {
                    open++;
                    reused = false;
                } else if ((ch = leastBusy()) == null) {
                    waiters.addLast(call);
                    return;
                }
            }
            if (ch != null) {
                assign(handler(ch), call, pace);
                if (pace >= 0) {
                    hot = ch;
                }
            }
        }
        if (ch != null) {
            start(call, ch, reused);
        } else {
            connect(call);
        }
    }

    /** Gives the call to the connection's handler (holding the lock). */
    private void assign(ClientHandler h, Call call, long pace) {
        if (h.assigned > 0) {
            pipelined++;
        }
        h.assign(call, pace);
    }

    /** The provider time the call is expected to take if it may be pipelined, else -1. */
    private long paceOf(Call call) {
        if (config.pipelining() <= 1) {
            return -1;
        }
        long p = call.pace.nanos();
        return p >= 0 && p < config.pipeliningBudgetNanos() ? p : -1;
    }

    /**
     * The busiest connection a short call may join: carrying only short calls, at least one, fewer than the
     * pipelining depth, and with room in the budget for this one. The connection chosen last is tried first.
     */
    private Channel busyWithRoom(long pace) {
        if (hot != null && mayJoin(hot, pace)) {
            return hot;
        }
        Channel best = null;
        int most = 0;
        for (int i = 0, n = connected.size(); i < n; i++) {
            Channel c = connected.get(i);
            ClientHandler h = handler(c);
            if (h != null && h.assigned > most && mayJoin(c, h, pace)) {
                best = c;
                most = h.assigned;
            }
        }
        return best;
    }

    private boolean mayJoin(Channel c, long pace) {
        ClientHandler h = handler(c);
        return h != null && mayJoin(c, h, pace);
    }

    private boolean mayJoin(Channel c, ClientHandler h, long pace) {
        return h.assigned > 0 && h.assigned < config.pipelining() && h.unpaced == 0
                && h.expectedNanos + pace <= config.pipeliningBudgetNanos() && c.isActive();
    }

    /** With pipelining, the open connection with the fewest calls in flight, if it has room for one more. */
    private Channel leastBusy() {
        int depth = config.pipelining();
        Channel best = null;
        int least = depth;
        for (Channel c : connected) {
            ClientHandler h = handler(c);
            int n = h == null ? depth : h.assigned;
            if (n < least && c.isActive()) {
                best = c;
                least = n;
            }
        }
        return best;
    }

    private static ClientHandler handler(Channel ch) {
        return ch.pipeline().get(ClientHandler.class);
    }

    private void connect(Call call) {
        ChannelFuture f = bootstrap().connect(remote);
        Channel ch = f.channel();
        ch.closeFuture().addListener(x -> onClosed(ch));
        f.addListener(x -> {
            if (x.isSuccess()) {
                synchronized (this) {
                    assign(handler(ch), call, paceOf(call));
                    if (config.pipelining() > 1) {
                        connected.add(ch);
                    }
                }
                start(call, ch, false);
            } else {
                call.fail(new RemotingException(null, remote, "httpjson: cannot connect to " + remote + ": "
                        + x.cause(), x.cause()));
            }
        });
    }

    private void start(Call call, Channel ch, boolean reused) {
        if (call.isDone()) {
            release(ch, call, true);
            return;
        }
        ch.pipeline().get(ClientHandler.class).send(call, ch, reused);
    }

    /** Back from a finished exchange: reuse it for a waiting call, keep it idle, or close it. */
    void release(Channel ch, Call call, boolean reusable) {
        Call next = null;
        boolean close = false;
        synchronized (this) {
            ClientHandler h = handler(ch);
            if (h != null && call != null) {
                h.unassign(call);
            }
            if (!reusable || closed || !ch.isActive() || h == null) {
                close = true;
            } else {
                while ((next = waiters.pollFirst()) != null && next.isDone()) {
                    // timed out while waiting
                }
                if (next != null) {
                    assign(h, next, paceOf(next));
                } else if (h.assigned == 0) {
                    if (idle.size() >= config.maxIdle()) {
                        close = true;
                    } else {
                        idle.addFirst(ch);
                    }
                }
            }
        }
        if (close) {
            ch.close();
        } else if (next != null) {
            start(next, ch, true);
        }
    }

    /** A connection closed (by us, by the server, or by a failed connect). */
    private void onClosed(Channel ch) {
        Call next = null;
        synchronized (this) {
            open--;
            idle.remove(ch);
            connected.remove(ch);
            if (hot == ch) {
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
    }

    /** The call timed out: forget it if it is still waiting for a connection. */
    synchronized void abandon(Call call) {
        waiters.remove(call);
    }

    /** Sends a request that was never sent once more, on a new connection. */
    void retry(Call call) {
        call.retried = true;
        boolean connect;
        synchronized (this) {
            if (closed) {
                connect = false;
            } else {
                connect = open < config.maxConnections();
                if (connect) {
                    open++;
                } else {
                    waiters.addFirst(call);
                    return;
                }
            }
        }
        if (connect) {
            connect(call);
        } else {
            call.fail(new RemotingException(null, remote, "httpjson client to " + remote + " was closed"));
        }
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

    void close() {
        Channel[] toClose;
        Call[] waiting;
        synchronized (this) {
            closed = true;
            toClose = idle.toArray(new Channel[0]);
            idle.clear();
            connected.clear();
            hot = null;
            waiting = waiters.toArray(new Call[0]);
            waiters.clear();
        }
        for (Channel ch : toClose) {
            ch.close();
        }
        for (Call c : waiting) {
            c.fail(new RemotingException(null, remote, "httpjson client to " + remote + " was closed"));
        }
    }
}
