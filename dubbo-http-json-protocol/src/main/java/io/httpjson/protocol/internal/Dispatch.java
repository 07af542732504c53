package io.httpjson.protocol.internal;

/** Where a request's Dubbo invocation runs on the provider ({@code httpjson.dispatch}). */
public enum Dispatch {
    /** On the provider's Dubbo thread pool ({@code threads}, {@code threadpool}, {@code queues}). */
    POOL,
    /**
     * On the Jetty selector thread that read the request: no hand-off; only for methods that never block. There is a
     * selector per core unless {@code iothreads} says otherwise.
     */
    DIRECT,
    /**
     * The default: on Jetty's thread pool, sized by {@code threads}; Jetty runs a request on the thread that read it
     * when it can, saving the hand-off to another pool (measured 1.4x the throughput of POOL).
     */
    JETTY
}
