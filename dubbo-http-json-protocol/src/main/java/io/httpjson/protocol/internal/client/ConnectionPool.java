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
import io.netty.handler.timeout.IdleStateHandler;
import org.apache.dubbo.remoting.RemotingException;

/**
 * Keep-alive HTTP/1.1 connections to one provider address: at most {@code maxConnections} open (a call that
 * finds all busy waits in line, bounded by its own timeout), at most {@code maxIdle} kept idle (most recently
 * used first, so the others age out), none opened before the first call. A connection the server closed is
 * dropped when noticed and replaced on demand.
 */
final class ConnectionPool {

    private final InetSocketAddress remote;
    private final HttpJsonConfig config;
    private final ClientResources resources;
    private Bootstrap bootstrap;
    private final ArrayDeque<Channel> idle = new ArrayDeque<>(2);
    private final ArrayDeque<Call> waiters = new ArrayDeque<>(2);
    /** Connected channels, for choosing one to pipeline on (kept only when pipelining is on). */
    private final ArrayList<Channel> connected = new ArrayList<>();
    private int open;
    private boolean closed;

    ConnectionPool(InetSocketAddress remote, HttpJsonConfig config, ClientResources resources) {
        this.remote = remote;
        this.config = config;
        this.resources = resources;
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
     * Gives the call a connection now, or when one frees up, or fails it if none can be had. An idle connection
     * first, then a new one up to {@code maxConnections}, then (with pipelining) the least busy connection that
     * has room; otherwise the call waits.
     */
    void acquire(Call call) {
        Channel ch;
        boolean reused = true;
        synchronized (this) {
            if (closed) {
                call.fail(new RemotingException(null, remote, "httpjson client to " + remote + " is closed"));
                return;
            }
            while ((ch = idle.pollFirst()) != null && !ch.isActive()) {
                // closed while idle; its close listener has done (or will do) the accounting
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
                handler(ch).assigned++;
            }
        }
        if (ch != null) {
            start(call, ch, reused);
        } else {
            connect(call);
        }
    }

    /** With pipelining, the open connection with the fewest calls in flight, if it has room for one more. */
    private Channel leastBusy() {
        int depth = config.pipelining();
        Channel best = null;
        int least = depth;
        for (Channel c : connected) {
            int n = handler(c).assigned;
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
                    handler(ch).assigned++;
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
            release(ch, true);
            return;
        }
        ch.pipeline().get(ClientHandler.class).send(call, ch, reused);
    }

    /** Back from a finished exchange: reuse it for a waiting call, keep it idle, or close it. */
    void release(Channel ch, boolean reusable) {
        Call next = null;
        boolean close = false;
        synchronized (this) {
            ClientHandler h = handler(ch);
            if (h != null) {
                h.assigned--;
            }
            if (!reusable || closed || !ch.isActive() || h == null) {
                close = true;
            } else {
                while ((next = waiters.pollFirst()) != null && next.isDone()) {
                    // timed out while waiting
                }
                if (next != null) {
                    h.assigned++;
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
