package io.httpjson.protocol.internal;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.ssl.Cert;
import org.apache.dubbo.common.ssl.CertManager;
import org.apache.dubbo.common.ssl.ProviderCert;
import org.apache.dubbo.common.utils.IOUtils;
import org.apache.dubbo.config.SslConfig;

/**
 * What the server and the client share about TLS: where the certificates come from (Dubbo's {@link CertManager},
 * fed by {@code dubbo.ssl} or any {@code CertProvider} extension) and the checks that keep a half-made TLS setting
 * from quietly turning into plain text.
 */
public final class Tls {

    private Tls() {}

    /** The provider certificate Dubbo has for url now, or null. */
    public static ProviderCert providerCert(URL url) {
        CertManager certs = certManager(url);
        return certs == null ? null : certs.getProviderConnectionConfig(url, null);
    }

    /** The consumer certificate Dubbo has for calls to url, or null. */
    public static Cert consumerCert(URL url) {
        CertManager certs = certManager(url);
        return certs == null ? null : certs.getConsumerConnectionConfig(url);
    }

    private static CertManager certManager(URL url) {
        return url.getOrDefaultFrameworkModel().getBeanFactory().getBean(CertManager.class);
    }

    /**
     * Called when Dubbo has no certificate for one side ("server" or "client"): fails if {@code dubbo.ssl} asked
     * for one all the same. Dubbo logs a warning and goes on in plain text when a file cannot be read or a key
     * is missing; httpjson stops instead.
     */
    public static void checkNothingConfigured(URL url, String side) {
        Optional<SslConfig> ssl =
                url.getOrDefaultApplicationModel().getApplicationConfigManager().getSsl();
        if (ssl.isEmpty()) {
            return;
        }
        SslConfig c = ssl.get();
        boolean server = side.equals("server");
        String chain = server ? c.getServerKeyCertChainPath() : c.getClientKeyCertChainPath();
        String key = server ? c.getServerPrivateKeyPath() : c.getClientPrivateKeyPath();
        String trust = server ? c.getServerTrustCertCollectionPath() : c.getClientTrustCertCollectionPath();
        if (chain == null && key == null && trust == null) {
            return;
        }
        List<String> problems = new ArrayList<>();
        check(problems, "dubbo.ssl." + side + "-key-cert-chain-path", chain, "a readable PEM certificate chain");
        check(problems, "dubbo.ssl." + side + "-private-key-path", key, "a readable PEM (PKCS#8) private key");
        if (trust != null) {
            check(
                    problems,
                    "dubbo.ssl." + side + "-trust-cert-collection-path",
                    trust,
                    "a readable PEM certificate collection");
        }
        throw new IllegalStateException("dubbo.ssl asks for TLS on the " + (server ? "provider" : "consumer")
                + " side, but Dubbo has no usable " + side + " certificate: "
                + (problems.isEmpty()
                        ? "the files could not be read (see Dubbo's warning above)"
                        : String.join("; ", problems))
                + ". httpjson does not fall back to plain text; fix the setting, or remove the dubbo.ssl." + side
                + "-* settings for plain HTTP");
    }

    private static void check(List<String> problems, String name, String path, String expected) {
        if (path == null) {
            problems.add(name + ": not set (expected: " + expected + ")");
            return;
        }
        try (InputStream in = IOUtils.getURL(path).openStream()) {
            // readable: Dubbo turned it down for another reason, which its warning names
        } catch (IOException | RuntimeException e) {
            problems.add(name + ": " + path + " (expected: " + expected + ", as a file path or classpath:...; "
                    + rootMessage(e) + ")");
        }
    }

    /**
     * Dubbo gave one side ("server" or "client") a certificate that cannot be read as one: which settings it came
     * from, what went wrong, and what is expected.
     */
    public static IllegalStateException unusable(String side, Throwable e) {
        String prefix = "dubbo.ssl." + side + "-";
        return new IllegalStateException(
                "the " + (side.equals("server") ? "provider" : "consumer") + " certificate"
                        + " from Dubbo's CertManager (" + prefix + "key-cert-chain-path, " + side
                        + "-private-key-path, "
                        + side + "-key-password, " + side + "-trust-cert-collection-path) cannot be used: "
                        + rootMessage(e)
                        + ". Expected: a PEM certificate chain, its PEM (PKCS#8) private key and, if the key is encrypted,"
                        + " its password",
                e);
    }

    /** The innermost message of a chain of causes (what actually went wrong with a certificate or a handshake). */
    public static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }
}
