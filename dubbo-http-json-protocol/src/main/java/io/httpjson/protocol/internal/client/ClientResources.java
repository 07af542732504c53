package io.httpjson.protocol.internal.client;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The IO threads and the timeout timer that httpjson clients share: one set per {@code iothreads} value in
 * the JVM, created with the first client that asks for it and released when the last one has closed its last
 * connection (so calls still in flight finish on it). NIO transport so that the same code runs on Netty 4.1
 * (Spring Boot) and 4.2.
 */
final class ClientResources {

    private static final Map<Integer, ClientResources> SHARED = new HashMap<>();

    private final int ioThreads;
    private int users;
    final EventLoopGroup group;
    final Timer timer;

    private ClientResources(int ioThreads) {
        this.ioThreads = ioThreads;
        this.group = new NioEventLoopGroup(ioThreads, new DefaultThreadFactory("httpjson-client-io", true));
        this.timer = new HashedWheelTimer(
                new DefaultThreadFactory("httpjson-client-timer", true), 10, TimeUnit.MILLISECONDS);
    }

    static ClientResources acquire(int ioThreads) {
        synchronized (SHARED) {
            ClientResources r = SHARED.computeIfAbsent(ioThreads, ClientResources::new);
            r.users++;
            return r;
        }
    }

    /** One client is done with these and has no connection left on them. */
    void release() {
        synchronized (SHARED) {
            if (--users > 0) {
                return;
            }
            SHARED.remove(ioThreads, this);
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        timer.stop();
    }
}
