package io.httpjson.benchmark;

/**
 * Keeps every Dubbo server and client of the benchmark on 127.0.0.1. Call before Dubbo's NetUtils first runs.
 *
 * <p>Dubbo 3.3 fights loopback in two places: its consumers rewrite a 127.x target to the machine's first
 * network address ({@code NetUtils.filterLocalHost}), and its Netty servers widen any 127.x bind address to
 * 0.0.0.0 ({@code isInvalidLocalHost}). Ignoring every network interface makes the "local host" 127.0.0.1 for
 * both sides; binding the dubbo and tri servers to the IPv4-mapped literal of 127.0.0.1, which Dubbo does not
 * recognise as loopback but the JDK resolves to 127.0.0.1, keeps those sockets on loopback. httpjson keeps a
 * loopback bind address as it is, so it needs nothing.
 */
public final class Loopback {
    public static final String HOST = "127.0.0.1";
    static final String MAPPED_LOOPBACK = "[::ffff:127.0.0.1]";

    private Loopback() {}

    public static void configure() {
        setIfAbsent("dubbo.network.interface.ignored", ".*");
        setIfAbsent("java.net.preferIPv4Stack", "true");
        for (String protocol : new String[] {"DUBBO", "TRI"}) {
            setIfAbsent(protocol + "_DUBBO_IP_TO_BIND", MAPPED_LOOPBACK);
        }
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
