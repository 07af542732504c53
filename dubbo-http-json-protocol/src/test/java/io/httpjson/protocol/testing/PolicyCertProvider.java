package io.httpjson.protocol.testing;

import java.io.IOException;
import java.io.InputStream;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.common.ssl.AuthPolicy;
import org.apache.dubbo.common.ssl.Cert;
import org.apache.dubbo.common.ssl.CertProvider;
import org.apache.dubbo.common.ssl.ProviderCert;

/**
 * A {@link CertProvider} extension, as an application would plug in its own: it serves the test provider
 * certificate with the auth policy named by the exported URL's {@code test.tls-policy} parameter, and stays out
 * of the way for URLs without it (so {@code dubbo.ssl} applies there as usual).
 */
@Activate(order = -1000)
public final class PolicyCertProvider implements CertProvider {

    public static final String KEY = "test.tls-policy";

    @Override
    public boolean isSupport(URL url) {
        return url.getParameter(KEY) != null;
    }

    @Override
    public ProviderCert getProviderConnectionConfig(URL url) {
        return new ProviderCert(
                read("tls/server.pem"),
                read("tls/server.key"),
                read("tls/ca.pem"),
                AuthPolicy.valueOf(url.getParameter(KEY)));
    }

    @Override
    public Cert getConsumerConnectionConfig(URL url) {
        return null;
    }

    private static byte[] read(String resource) {
        try (InputStream in = PolicyCertProvider.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + resource + " is missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
