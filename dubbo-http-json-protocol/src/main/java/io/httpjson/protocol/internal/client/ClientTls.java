package io.httpjson.protocol.internal.client;

import java.net.InetSocketAddress;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLParameters;

import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.Tls;
import io.httpjson.protocol.internal.TlsKeys;
import io.httpjson.protocol.internal.Wire;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.NetUtil;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.ssl.Cert;
import org.apache.dubbo.remoting.RemotingException;

/**
 * The consumer's TLS, decided as Dubbo's own clients decide it: calls go over TLS when Dubbo's
 * {@code CertManager} has a consumer certificate for the URL (by default {@code dubbo.ssl.client-*}). The provider's
 * certificate must chain to {@code client-trust-cert-collection-path} (or to the JDK's trusted roots when that is
 * not set) and, as for any HTTPS client, name the address called (the host or IP address the provider
 * registered), unless {@code httpjson.tls-verify-hostname=false}.
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
        TlsKeys keys =
                cert.getKeyCertChain() != null && cert.getPrivateKey() != null ? TlsKeys.read(cert, "client") : null;
        try {
            SslContextBuilder b = SslContextBuilder.forClient();
            if (cert.getTrustCert() != null) {
                b.trustManager(cert.getTrustCertInputStream());
            }
            if (keys != null) {
                b.keyManager(keys.key, keys.chain);
            }
            return b.build();
        } catch (SSLException | RuntimeException e) {
            throw Tls.unusable("client", e);
        }
    }

    /**
     * The TLS handler of one connection. The peer's address goes in for SNI and session resumption; whether the
     * certificate must name it is set here, explicitly, so it does not depend on the Netty version's default.
     */
    static SslHandler newHandler(
            SslContext tls, ByteBufAllocator alloc, InetSocketAddress remote, boolean verifyHostname) {
        SslHandler handler = tls.newHandler(alloc, remote.getHostString(), remote.getPort());
        SSLEngine engine = handler.engine();
        SSLParameters params = engine.getSSLParameters();
        // "" and not null: the JDK keeps the algorithm it has when given null
        params.setEndpointIdentificationAlgorithm(verifyHostname ? "HTTPS" : "");
        engine.setSSLParameters(params);
        return handler;
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

    /**
     * True if a connection failed in its TLS handshake, as opposed to a TLS error after it (when requests may have
     * reached the provider): a handshake refused or a peer not speaking TLS, or any TLS error before the handshake
     * succeeded on ch.
     */
    static boolean isHandshakeFailure(Channel ch, Throwable cause) {
        if (!isTlsFailure(cause)) {
            return false;
        }
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SSLHandshakeException || t instanceof NotSslRecordException) {
                return true;
            }
        }
        SslHandler tls = ch == null ? null : ch.pipeline().get(SslHandler.class);
        return tls != null && !tls.handshakeFuture().isSuccess();
    }

    /** The error for a call whose connection failed in the TLS handshake: what to check on either side. */
    static RemotingException failed(InetSocketAddress local, InetSocketAddress remote, Throwable cause) {
        String host = remote.getHostString();
        String advice = isNameMismatch(cause)
                ? " The provider's certificate does not name " + host + ", the address this consumer called: it"
                        + " must carry it as a subject alternative name (" + (isAddress(host) ? "IP:" : "DNS:") + host
                        + "), or set " + HttpJsonConfig.TLS_VERIFY_HOSTNAME + "=false on the reference to check only"
                        + " that it chains to a trusted certificate"
                : " This consumer speaks TLS because Dubbo gave it a client certificate (dubbo.ssl.client-*): check"
                        + " that the provider serves TLS (dubbo.ssl.server-*), that its certificate chains to"
                        + " client-trust-cert-collection-path, and that it trusts this consumer's certificate"
                        + " (server-trust-cert-collection-path)";
        return new RemotingException(
                local,
                remote,
                "httpjson: TLS with " + host + ":" + remote.getPort() + " failed: " + ClientTls.describe(cause) + "."
                        + advice + "; see " + Wire.HELP + "#tls-failed",
                cause);
    }

    /**
     * Whether the JDK refused the provider's certificate because it does not name the address called (its messages
     * "No subject alternative names ..." and "No name matching ..."), not because of its chain.
     */
    static boolean isNameMismatch(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof CertificateException && t.getMessage() != null) {
                String m = t.getMessage();
                if (m.startsWith("No subject alternative") || m.startsWith("No name matching")) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isAddress(String host) {
        return NetUtil.isValidIpV4Address(host) || NetUtil.isValidIpV6Address(host);
    }
}
