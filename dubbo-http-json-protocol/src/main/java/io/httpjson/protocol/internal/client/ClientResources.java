package io.httpjson.protocol.internal.client;

import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.HashedWheelTimer;
import io.netty.util.Timer;
import io.netty.util.concurrent.DefaultThreadFactory;

/**
 * The IO threads and the timeout timer every httpjson client in the JVM shares, created with the first client
 * and released with the last. NIO transport so that the same code runs on Netty 4.1 (Spring Boot) and 4.2.
 */
final class ClientResources {

    private static ClientResources shared;
    private static int users;

    final EventLoopGroup group;
    final Timer timer;

    private ClientResources(int ioThreads) {
        this.group = new NioEventLoopGroup(ioThreads, new DefaultThreadFactory("httpjson-client-io", true));
        this.timer = new HashedWheelTimer(new DefaultThreadFactory("httpjson-client-timer", true), 10,
                TimeUnit.MILLISECONDS);
    }

    static synchronized ClientResources acquire(int ioThreads) {
        if (shared == null) {
            shared = new ClientResources(ioThreads);
        }
        users++;
        return shared;
    }

    static synchronized void release() {
        if (--users == 0 && shared != null) {
            shared.group.shutdownGracefully(0, 2, TimeUnit.SECONDS);
            shared.timer.stop();
            shared = null;
        }
    }
}
