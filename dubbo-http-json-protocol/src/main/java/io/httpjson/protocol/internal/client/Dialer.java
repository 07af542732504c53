package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPromise;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;
import org.apache.dubbo.remoting.RemotingException;

/**
 * Opens connections to one provider address: the Netty bootstrap and the channel pipeline (TLS when the consumer
 * has a client certificate, the idle timer, the HTTP response decoder, the {@link ClientHandler}). The bootstrap
 * is made on the first connect, so an address that is never called holds no Netty state.
 */
final class Dialer {

    private final InetSocketAddress remote;
    private final HttpJsonConfig config;
    private final ClientResources resources;
    /** Whether the provider answers connects (for the invoker's availability). */
    final Reachability reachability = new Reachability();
    /** Null for plain HTTP. */
    private final SslContext tls;

    private Bootstrap bootstrap;
    /** Makes each connection's channel (a test may make it fail, as the system does when no socket is left). */
    private ChannelFactory<? extends Channel> channels = NioSocketChannel::new;

    Dialer(InetSocketAddress remote, HttpJsonConfig config, ClientResources resources, SslContext tls) {
        this.remote = remote;
        this.config = config;
        this.resources = resources;
        this.tls = tls;
    }

    InetSocketAddress remote() {
        return remote;
    }

    boolean isTls() {
        return tls != null;
    }

    /** The error for a call sent back to the pool too often: its connections kept closing before its turn. */
    RemotingException neverLeft(int times) {
        return new RemotingException(
                null,
                remote,
                "httpjson: connections to " + remote + " closed " + times + " times before the request could run on"
                        + " them (closed before its turn, or behind an announced close), so it did not reach the"
                        + " provider; Dubbo's 'retries' decides whether to try again");
    }

    RemotingException cannotConnect(Throwable cause) {
        return new RemotingException(null, remote, "httpjson: cannot connect to " + remote + ": " + cause, cause);
    }

    /**
     * The error for a call that comes to, waited in, or was put back into a pool that was closed: it was never
     * sent, or only behind a response that announced the connection's close, so it did not run.
     */
    RemotingException poolClosed() {
        return new RemotingException(
                null,
                remote,
                "httpjson client to " + remote + " was closed (the provider was removed from the registry or the"
                        + " reference destroyed) and no connection of it was left to carry this call, so it did"
                        + " not run; Dubbo's 'retries' decides whether another provider takes it");
    }

    /** Why a closed pool closed a connection at the end of the shutdown wait ({@link Closing}). */
    static final class Destroyed extends Exception {
        private static final long serialVersionUID = 1L;

        final int waitMillis;

        Destroyed(int waitMillis) {
            super("closed at the end of the shutdown wait", null, false, false);
            this.waitMillis = waitMillis;
        }
    }

    /**
     * The error for a call whose connection closed after its request was written: the cluster may retry it. A TLS
     * error after the handshake (a response cut without close_notify, say) is such a close, with its reason.
     */
    RemotingException closedBeforeResponse(Channel ch, Throwable cause) {
        InetSocketAddress local = ch != null && ch.localAddress() instanceof InetSocketAddress
                ? (InetSocketAddress) ch.localAddress()
                : null;
        if (cause instanceof Destroyed) {
            return new RemotingException(
                    local,
                    remote,
                    "httpjson: the reference to " + remote + " was destroyed while the call was in flight (or the"
                            + " provider was removed from the registry), and no response came within the shutdown"
                            + " wait that follows (" + ((Destroyed) cause).waitMillis + " ms,"
                            + " dubbo.service.shutdown.wait); the request may have reached the provider, so the call"
                            + " may have run: it was not sent again");
        }
        if (cause != null && ClientTls.isHandshakeFailure(ch, cause)) {
            return ClientTls.failed(local, remote, cause);
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

    /**
     * Starts a connect; the channel's pipeline ends in an unbound {@link ClientHandler}. {@code connected} is
     * listening before the connect starts, so it runs on the IO thread as the connect completes, ahead of anything
     * the channel reads or of its close (added to a connect already done, a listener would run later, as a task).
     */
    ChannelFuture connect(ChannelFutureListener connected) {
        ChannelFuture registered = bootstrap().register();
        if (neverRegistered(registered)) {
            // no event loop has the channel, so no listener of it could run there: the caller ends the attempt
            return registered;
        }
        Channel ch = registered.channel();
        ChannelPromise promise = ch.newPromise();
        // first, so that a call failed by the pool's listener finds the provider already marked
        promise.addListener(reachability);
        promise.addListener(connected);
        registered.addListener(r -> {
            if (r.isSuccess()) {
                ch.connect(remote, promise);
            } else {
                promise.setFailure(r.cause());
            }
        });
        return promise;
    }

    /**
     * Whether a connect failed before an event loop took its channel: the socket could not be made (no file
     * descriptor left, say). Such a channel never closes, so nothing waiting for its close would ever run.
     */
    static boolean neverRegistered(ChannelFuture f) {
        return f.isDone() && !f.isSuccess() && !f.channel().isRegistered();
    }

    /** For tests: how channels are made from now on (before the first connect). */
    synchronized void channels(ChannelFactory<? extends Channel> factory) {
        this.channels = factory;
        this.bootstrap = null;
    }

    private synchronized Bootstrap bootstrap() {
        if (bootstrap == null) {
            bootstrap = new Bootstrap()
                    .group(resources.group)
                    .channelFactory(channels)
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
                                    .addLast("http", new ResponseDecoder(4096, config.maxHeaderBytes(), 16384))
                                    .addLast("call", new ClientHandler(config.payload()));
                        }
                    });
        }
        return bootstrap;
    }
}
