package io.httpjson.protocol.internal.server;

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;

import io.httpjson.protocol.internal.Tls;
import io.httpjson.protocol.internal.TlsKeys;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.logger.ErrorTypeAwareLogger;
import org.apache.dubbo.common.logger.LoggerFactory;
import org.apache.dubbo.common.ssl.AuthPolicy;
import org.apache.dubbo.common.ssl.ProviderCert;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.util.ssl.SslContextFactory;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.CONFIG_SSL_CERT_GENERATE_FAILED;

/**
 * The provider's TLS, from the certificate Dubbo's {@code CertManager} gives for the exported URL (by default
 * {@code dubbo.ssl.server-*}), the way Dubbo's own servers take it:
 * <ul>
 * <li>no certificate: plain HTTP only;</li>
 * <li>a certificate with a trust collection: callers may present a certificate, and must when the policy is
 * {@link AuthPolicy#CLIENT_AUTH} (the policy of {@code dubbo.ssl});</li>
 * <li>policy {@link AuthPolicy#NONE}: plain HTTP is served on the same port too; any other policy refuses it
 * (with a 400 that says to call {@code https://}).</li>
 * </ul>
 * Dubbo asks its {@code CertManager} on every new connection, so rotated files (cert-manager, Vault) and a mesh CA's
 * new certificates are served without a restart. So does this server, at most once per {@link #CHECK_NANOS}, off the
 * connection's thread: when the certificate, key, trust or policy changed, connections from then on get the new
 * ones; connections already open keep theirs. One that cannot be used (files rewritten one at a time, say) is logged
 * and the previous one served until the new one is whole.
 */
final class ServerTls {

    private static final ErrorTypeAwareLogger LOG = LoggerFactory.getErrorTypeAwareLogger(ServerTls.class);

    /** At most how often new connections make the server ask the {@code CertManager} again. */
    static final long CHECK_NANOS = TimeUnit.SECONDS.toNanos(1);

    final SslContextFactory.Server factory = new SslContextFactory.Server();

    /** The URL to ask the CertManager with: that of an application still serving on the port. */
    private final Supplier<URL> url;

    private final int port;
    /** Plain-text requests are refused. */
    private volatile boolean required;
    /** The certificate served, and the last one refused since (logged once); both only under {@link #checking}. */
    private volatile ProviderCert served;

    private ProviderCert refused;
    private final AtomicBoolean checking = new AtomicBoolean();
    private volatile long checkedNanos = System.nanoTime();

    private ServerTls(Supplier<URL> url, int port, ProviderCert cert) {
        this.url = url;
        this.port = port;
        this.served = cert;
        use(cert, context(cert));
    }

    /**
     * The TLS the provider serves on url's port, or null for plain HTTP. {@code current} gives the URL to ask for a
     * new certificate later: the application that opened the port may have stopped while others serve on it.
     */
    static ServerTls of(URL url, Supplier<URL> current) {
        ProviderCert cert = Tls.providerCert(url);
        if (cert == null) {
            Tls.checkNothingConfigured(url, "server");
            return null;
        }
        return new ServerTls(current, url.getPort(), cert);
    }

    /**
     * Null if {@code service}'s application would open the port ({@code port}: its TLS, null for plain HTTP) with the
     * certificate it serves; else why not, as {@code dubbo.ssl: ... (expected: ...)}. Two applications of one framework
     * share a port (as over the dubbo protocol): one's services must not be served in plain text, or without the
     * client certificates it asks for, because another opened the port.
     */
    static String differs(ServerTls port, URL service) {
        if (PortSettings.dubbos(service)) {
            return null;
        }
        ProviderCert theirs;
        try {
            theirs = Tls.providerCert(service);
            if (theirs == null) {
                Tls.checkNothingConfigured(service, "server");
            }
        } catch (IllegalStateException e) {
            return e.getMessage();
        }
        ProviderCert ports = port == null ? null : port.current();
        // who may call: TLS or not, which client certificates, whether one is needed (not the port's own key,
        // which a CertProvider may make anew per request)
        if (theirs == null || ports == null) {
            return theirs == ports ? null : refusal(describe(theirs), describe(ports));
        }
        if (theirs.getAuthPolicy() != ports.getAuthPolicy()) {
            return refusal("policy " + theirs.getAuthPolicy(), "policy " + ports.getAuthPolicy());
        }
        if (!Arrays.equals(theirs.getTrustCert(), ports.getTrustCert())) {
            return refusal(
                    theirs.getTrustCert() == null
                            ? "no trust collection"
                            : ports.getTrustCert() == null ? "a trust collection" : "another trust collection",
                    ports.getTrustCert() == null ? "none" : "the port's trust collection");
        }
        return null;
    }

    private static String refusal(String theirs, String ports) {
        return "dubbo.ssl: " + theirs + " (expected: " + ports + ", as the port serves the services already exported"
                + " on it; give every application that exports on this port the same server TLS settings, dubbo.ssl"
                + " or a CertProvider's, or export on another port)";
    }

    /** What the CertManager gives for the port now, or, if it cannot tell, what the port serves. */
    private ProviderCert current() {
        try {
            ProviderCert now = Tls.providerCert(url.get());
            return now != null ? now : served;
        } catch (RuntimeException e) {
            return served;
        }
    }

    private static String describe(ProviderCert cert) {
        if (cert == null) {
            return "no server certificate (plain HTTP)";
        }
        return "a server certificate" + (cert.getTrustCert() != null ? " and a trust collection" : "") + " (TLS)";
    }

    /** Plain-text requests are refused (any policy but {@code NONE}). */
    boolean required() {
        return required;
    }

    /** For the connector: each new connection starts a check on executor, unless one ran within CHECK_NANOS. */
    Connection.Listener checkOnNewConnections(Executor executor) {
        return new Connection.Listener() {
            @Override
            public void onOpened(Connection connection) {
                if (System.nanoTime() - checkedNanos >= CHECK_NANOS && checking.compareAndSet(false, true)) {
                    try {
                        executor.execute(ServerTls.this::check);
                    } catch (RejectedExecutionException stopping) {
                        checking.set(false);
                    }
                }
            }
        };
    }

    /** Asks the CertManager again and, if what it gives changed and can be used, serves it from now on. */
    void check() {
        try {
            ProviderCert cert = Tls.providerCert(url.get());
            // none any more (files removed): the port stays TLS, with the last certificate
            if (cert == null || same(cert, served) || same(cert, refused)) {
                return;
            }
            SSLContext context;
            try {
                context = context(cert);
            } catch (IllegalStateException e) {
                refused = cert;
                LOG.error(
                        CONFIG_SSL_CERT_GENERATE_FAILED,
                        "the files changed in an unusable way",
                        "",
                        "httpjson: port " + port + " keeps serving its previous certificate: the new one from"
                                + " Dubbo's CertManager cannot be used: " + e.getMessage()
                                + ". Fix the files; they are read again as connections come",
                        e);
                return;
            }
            factory.reload(f -> use(cert, context));
            served = cert;
            refused = null;
            LOG.info("httpjson: port " + port + " serves a new certificate from Dubbo's CertManager to new"
                    + " connections");
        } catch (Exception e) {
            LOG.error(
                    CONFIG_SSL_CERT_GENERATE_FAILED,
                    "",
                    "",
                    "httpjson: port " + port + " could not check for a new certificate, and keeps serving"
                            + " the one it has: " + Tls.rootMessage(e),
                    e);
        } finally {
            checkedNanos = System.nanoTime();
            checking.set(false);
        }
    }

    private void use(ProviderCert cert, SSLContext context) {
        factory.setSslContext(context);
        boolean trust = cert.getTrustCert() != null;
        factory.setNeedClientAuth(trust && cert.getAuthPolicy() == AuthPolicy.CLIENT_AUTH);
        factory.setWantClientAuth(trust && cert.getAuthPolicy() != AuthPolicy.CLIENT_AUTH);
        required = cert.getAuthPolicy() != AuthPolicy.NONE;
    }

    private static SSLContext context(ProviderCert cert) {
        TlsKeys keys = TlsKeys.read(cert, "server");
        try {
            SslContextBuilder b = SslContextBuilder.forServer(keys.key, keys.chain);
            if (cert.getTrustCert() != null) {
                b.trustManager(cert.getTrustCertInputStream());
            }
            // Jetty runs the JDK's TLS engine: ask Netty only to read the PEM files into a JDK SSLContext
            return ((JdkSslContext) b.sslProvider(SslProvider.JDK).build()).context();
        } catch (SSLException | RuntimeException e) {
            throw Tls.unusable("server", e);
        }
    }

    private static boolean same(ProviderCert a, ProviderCert b) {
        return b != null
                && Arrays.equals(a.getKeyCertChain(), b.getKeyCertChain())
                && Arrays.equals(a.getPrivateKey(), b.getPrivateKey())
                && Arrays.equals(a.getTrustCert(), b.getTrustCert())
                && Objects.equals(a.getPassword(), b.getPassword())
                && a.getAuthPolicy() == b.getAuthPolicy();
    }
}
