package io.httpjson.protocol.internal.server;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;

import io.httpjson.protocol.internal.Tls;
import io.httpjson.protocol.internal.TlsKeys;
import io.netty.handler.ssl.JdkSslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.ssl.AuthPolicy;
import org.apache.dubbo.common.ssl.ProviderCert;
import org.eclipse.jetty.util.ssl.SslContextFactory;

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
 * The certificate is looked up once, when the server starts.
 */
final class ServerTls {

    final SslContextFactory.Server factory;
    /** Plain-text requests are refused. */
    final boolean required;

    private ServerTls(SslContextFactory.Server factory, boolean required) {
        this.factory = factory;
        this.required = required;
    }

    /** The TLS the provider serves on url's port, or null for plain HTTP. */
    static ServerTls of(URL url) {
        ProviderCert cert = Tls.providerCert(url);
        if (cert == null) {
            Tls.checkNothingConfigured(url, "server");
            return null;
        }
        TlsKeys keys = TlsKeys.read(cert, "server");
        SSLContext context;
        try {
            SslContextBuilder b = SslContextBuilder.forServer(keys.key, keys.chain);
            if (cert.getTrustCert() != null) {
                b.trustManager(cert.getTrustCertInputStream());
            }
            // Jetty runs the JDK's TLS engine: ask Netty only to read the PEM files into a JDK SSLContext
            context = ((JdkSslContext) b.sslProvider(SslProvider.JDK).build()).context();
        } catch (SSLException | RuntimeException e) {
            throw Tls.unusable("server", e);
        }
        SslContextFactory.Server factory = new SslContextFactory.Server();
        factory.setSslContext(context);
        if (cert.getTrustCert() != null) {
            if (cert.getAuthPolicy() == AuthPolicy.CLIENT_AUTH) {
                factory.setNeedClientAuth(true);
            } else {
                factory.setWantClientAuth(true);
            }
        }
        return new ServerTls(factory, cert.getAuthPolicy() != AuthPolicy.NONE);
    }
}
