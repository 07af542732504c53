package io.httpjson.benchmark;

import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.UnknownHostException;

import org.apache.dubbo.common.utils.NetUtils;

/**
 * Keeps every Dubbo server and client of the benchmark on 127.0.0.1, without adding work to any call.
 *
 * <p>Dubbo 3.3 fights loopback in two places: consumers rewrite a 127.x target to the machine's "local host"
 * ({@code NetUtils.filterLocalHost}, the first non-loopback interface address), and its Netty servers widen any
 * 127.x bind address to 0.0.0.0 ({@code isInvalidLocalHost}). So:
 * <ul>
 *   <li>Dubbo's cached local address is set to 127.0.0.1. (The usual alternative,
 *       {@code dubbo.network.interface.ignored=.*}, leaves that cache empty, and Dubbo then rescans the network
 *       interfaces and logs warnings with stack traces on every request: that would be measured.)</li>
 *   <li>the dubbo and tri servers bind to {@code [::ffff:127.0.0.1]}, the IPv4-mapped literal of 127.0.0.1, which
 *       Dubbo does not recognise as loopback but the JDK resolves to 127.0.0.1.</li>
 * </ul>
 * httpjson keeps a loopback bind address as it is, so it needs nothing. Call before Dubbo starts.
 */
public final class Loopback {
    public static final String HOST = "127.0.0.1";
    static final String MAPPED_LOOPBACK = "[::ffff:127.0.0.1]";

    private static volatile boolean done;

    private Loopback() {}

    public static synchronized void configure() {
        if (done) {
            return;
        }
        done = true;
        setIfAbsent("java.net.preferIPv4Stack", "true");
        for (String protocol : new String[] {"DUBBO", "TRI"}) {
            setIfAbsent(protocol + "_DUBBO_IP_TO_BIND", MAPPED_LOOPBACK);
        }
        try {
            Field f = NetUtils.class.getDeclaredField("LOCAL_ADDRESS");
            f.setAccessible(true);
            f.set(null, InetAddress.getByName(HOST));
        } catch (ReflectiveOperationException | RuntimeException | UnknownHostException e) {
            // Dubbo changed: fall back to the slow but supported way, and say so.
            System.err.println("httpjson-benchmark: cannot pin Dubbo's local address to 127.0.0.1 (" + e
                    + "); using dubbo.network.interface.ignored=.*, which adds per-call work in Dubbo");
            setIfAbsent("dubbo.network.interface.ignored", ".*");
        }
    }

    private static void setIfAbsent(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
