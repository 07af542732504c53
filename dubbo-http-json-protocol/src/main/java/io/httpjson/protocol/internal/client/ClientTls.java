package io.httpjson.protocol.internal.client;

import javax.net.ssl.SSLException;

import io.httpjson.protocol.internal.Tls;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.ssl.Cert;

/**
 * The consumer's TLS, decided as Dubbo's own clients decide it: calls go over TLS when Dubbo's
 * {@code CertManager} has a consumer certificate for the URL (by default {@code dubbo.ssl.client-*}). The provider's
 * certificate must chain to {@code client-trust-cert-collection-path} (or to the JDK's trusted roots when that is
 * not set); as with Dubbo's protocols, its names are not matched against the address, which is the IP address the
 * provider registered.
 */
final class ClientTls {

    private ClientTls() {}

    /** The TLS for calls to url's provider, or null for plain HTTP. */
    static SslContext forConsumer(URL url) {
        Cert cert = Tls.consumerCert(url);
        if (cert == null) {
            Tls.checkNothingConfigured(url, "client");
            return null;
        }
        try {
            SslContextBuilder b = SslContextBuilder.forClient();
            if (cert.getTrustCert() != null) {
                b.trustManager(cert.getTrustCertInputStream());
            }
            if (cert.getKeyCertChain() != null && cert.getPrivateKey() != null) {
                if (cert.getPassword() != null) {
                    b.keyManager(cert.getKeyCertChainInputStream(), cert.getPrivateKeyInputStream(), cert.getPassword());
                } else {
                    b.keyManager(cert.getKeyCertChainInputStream(), cert.getPrivateKeyInputStream());
                }
            }
            return b.build();
        } catch (SSLException | RuntimeException e) {
            throw new IllegalStateException("httpjson: the consumer certificate from Dubbo's CertManager (dubbo.ssl.client-"
                    + "key-cert-chain-path, client-private-key-path, client-key-password, client-trust-cert-collection-path)"
                    + " cannot be used: " + Tls.rootMessage(e) + ". Expected: a PEM certificate chain, its PEM (PKCS#8)"
                    + " private key and, if the key is encrypted, its password", e);
        }
    }

    /** What went wrong, in words: the innermost message, or what a record that is not TLS means. */
    static String describe(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof NotSslRecordException) {
                return "the provider answered in plain text, not TLS";
            }
        }
        return Tls.rootMessage(cause);
    }

    /** True if a connection failed in TLS (a handshake refused, a certificate not trusted, a peer not speaking TLS). */
    static boolean isTlsFailure(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SSLException || t instanceof NotSslRecordException) {
                return true;
            }
            if (!(t instanceof DecoderException)) {
                return false;
            }
        }
        return false;
    }
}
