package io.httpjson.protocol.internal.server;

import java.net.BindException;
import java.nio.channels.UnsupportedAddressTypeException;
import java.util.Locale;

import io.httpjson.protocol.internal.Dispatch;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.utils.NetUtils;
import org.apache.dubbo.rpc.RpcException;
import org.eclipse.jetty.server.DetectorConnectionFactory;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import static org.apache.dubbo.common.constants.CommonConstants.ANYHOST_KEY;
import static org.apache.dubbo.common.constants.CommonConstants.ANYHOST_VALUE;
import static org.apache.dubbo.remoting.Constants.BIND_IP_KEY;
import static org.apache.dubbo.remoting.Constants.BIND_PORT_KEY;

/**
 * How one httpjson port is built from Jetty's parts: the thread pool, the HTTP configuration (no server
 * version, bounded headers, a head deadline), and the connector (plain, or TLS and plain on one port with a
 * deadline for the handshake), bound where Dubbo's URL says. Nothing here runs per request.
 */
final class JettyAssembly {

    private JettyAssembly() {}

    /** A Jetty server with its connector added, not started. */
    static ServerConnector build(URL url, HttpJsonConfig config, ServerTls serverTls) {
        int selectors = config.selectors();
        int extra = config.dispatch() == Dispatch.POOL ? 8 : config.threads();
        // jobs stamped with when they were queued: a call's wait for a thread counts towards its timeout
        QueuedThreadPool pool =
                new QueuedThreadPool(Math.max(selectors + 4, selectors + 2 + extra), 2, 60_000, new StampedJobs(8192));
        pool.setName("httpjson-server-" + url.getPort());
        pool.setDaemon(true);
        Server jetty = new Server(pool);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(config.maxHeaderBytes());
        http.setResponseHeaderSize(config.maxHeaderBytes());
        HttpConnectionFactory httpFactory = new HeadTimeoutConnectionFactory(http, config.headerTimeoutMillis());
        ServerConnector connector;
        if (serverTls == null) {
            connector = new ServerConnector(jetty, 1, selectors, httpFactory);
        } else {
            // one port for both: a TLS handshake goes to TLS, anything else to plain HTTP, where Admission
            // turns it away with a 400 unless the policy allows plain text
            http.addCustomizer(new SecureRequestCustomizer(false, false, -1, false));
            SslConnectionFactory ssl = new SslConnectionFactory(serverTls.factory, httpFactory.getProtocol());
            connector = new ServerConnector(jetty, 1, selectors, new DetectorConnectionFactory(ssl), httpFactory);
            // the head deadline starts with the first HTTP byte, after the handshake: bound the handshake too
            connector.addBean(new HandshakeDeadline(connector, config.headerTimeoutMillis()));
            // new connections get a rotated certificate, as with Dubbo's own servers
            connector.addBean(serverTls.checkOnNewConnections(connector.getExecutor()));
        }
        connector.setHost(bindHost(url));
        connector.setPort(url.getParameter(BIND_PORT_KEY, url.getPort()));
        connector.setIdleTimeout(config.serverIdleTimeoutMillis());
        connector.setAcceptQueueSize(config.backlog());
        jetty.addConnector(connector);
        if (config.accepts() > 0) {
            // beyond it, connections wait in the accept queue until one closes
            jetty.addBean(new NetworkConnectionLimit(config.accepts(), connector));
        }
        jetty.setStopTimeout(0);
        return connector;
    }

    /** Starts the server, or stops what started and says why it could not. */
    static void start(ServerConnector connector) {
        Server jetty = connector.getServer();
        try {
            jetty.start();
        } catch (Exception e) {
            try {
                jetty.stop();
            } catch (Exception ignored) {
                // nothing more to release
            }
            throw new RpcException(
                    "httpjson: cannot start the server on " + connector.getHost() + ":" + connector.getPort() + ": "
                            + e.getMessage() + whyNotBound(e),
                    e);
        }
    }

    /** What the cause of a failed start says, and what to do about it. */
    private static String whyNotBound(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root instanceof UnsupportedAddressTypeException) {
            return ": this JVM cannot bind an IPv6 address (it speaks IPv4 only: java.net.preferIPv4Stack=true, or"
                    + " the machine has no IPv6). Set an IPv4 host on the protocol (host=...), or run the JVM"
                    + " without that setting";
        }
        String cause = root == e ? "" : ": " + root.getClass().getSimpleName() + ": " + root.getMessage();
        String message = String.valueOf(root.getMessage());
        if (root instanceof BindException && message.contains("in use")) {
            return cause + ". Another process, or another Dubbo framework or protocol in this JVM, listens on the"
                    + " port: set another port on the protocol (port=...)";
        }
        if (root instanceof BindException && message.contains("assign requested address")) {
            return cause + ". The host is not an address of this machine: set the protocol's host to one of its"
                    + " addresses, or leave it unset";
        }
        if (root instanceof BindException && message.contains("ermission denied")) {
            return cause + ". Ports below 1024 need privileges: set a port of 1024 or above on the protocol (port=...)";
        }
        return cause + ". Is the port already in use? Set another port on the protocol (port=...)";
    }

    /**
     * The address to bind: Dubbo's {@code bind.ip}. A loopback address stays loopback (Dubbo widens it to all
     * interfaces for its own servers; we don't) unless, with {@code anyhost=true}, the address registered (the
     * URL's host: DUBBO_IP_TO_REGISTRY, say, behind a port mapping) is not loopback, which a loopback server could
     * never be reached at; any other host with {@code anyhost=true} binds all.
     */
    static String bindHost(URL url) {
        String bind = url.getParameter(BIND_IP_KEY, url.getHost());
        boolean anyhost = url.getParameter(ANYHOST_KEY, false);
        if (loopback(bind) && (!anyhost || loopback(url.getHost()))) {
            return bind;
        }
        if (anyhost || NetUtils.isInvalidLocalHost(bind)) {
            return ANYHOST_VALUE;
        }
        return bind;
    }

    /** A loopback address as written in a URL: bracketed or not, IPv4-mapped too (no name is looked up). */
    private static boolean loopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        h = h.toLowerCase(Locale.ROOT);
        if (h.startsWith("::ffff:")) {
            h = h.substring("::ffff:".length());
        }
        return h.startsWith("127.") || h.equals("localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1");
    }
}
