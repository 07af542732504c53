package io.httpjson.protocol.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.netty.handler.ssl.SslContext;
import org.apache.dubbo.common.ssl.Cert;

/**
 * One side's certificate chain and private key, read from the PEM bytes Dubbo's {@code CertManager} gives (with
 * Netty's reader, as Dubbo's own protocols read them) and checked before any connection: the key must be the first
 * certificate's own. Netty and Dubbo build a TLS context from any key, and the mistake then shows only in each
 * peer's handshake ("Invalid CertificateVerify signature"), far from where it was made.
 */
public final class TlsKeys {

    private static final Pattern BEGIN = Pattern.compile("-----BEGIN ([A-Z0-9 #]+)-----");

    private static final byte[] PROBE = "httpjson: is this the certificate's key?".getBytes(StandardCharsets.US_ASCII);

    /** The chain, the side's own certificate first. */
    public final X509Certificate[] chain;

    public final PrivateKey key;

    private TlsKeys(X509Certificate[] chain, PrivateKey key) {
        this.chain = chain;
        this.key = key;
    }

    /**
     * The chain and key of cert, for one side ("server" or "client"); fails, naming the {@code dubbo.ssl} settings,
     * if they cannot be read or the key is not the first certificate's.
     */
    public static TlsKeys read(Cert cert, String side) {
        // "" is no password, as for Netty (an empty password from ${KEY_PASSWORD:}, say)
        String password = cert.getPassword() == null || cert.getPassword().isEmpty() ? null : cert.getPassword();
        X509Certificate[] chain;
        PrivateKey key;
        try {
            chain = Pem.certificates(cert.getKeyCertChainInputStream());
            key = Pem.privateKey(cert.getPrivateKeyInputStream(), password);
        } catch (GeneralSecurityException | IOException | RuntimeException e) {
            // a key that reads is never refused for its label (Dubbo's own CA labels PKCS#8 keys "RSA PRIVATE
            // KEY", and with BouncyCastle the reader takes PKCS#1 and SEC1 keys): the label only says why not
            if (cert.getPrivateKey() != null) {
                checkKeyFormat(cert.getPrivateKey(), password != null, side);
            }
            throw Tls.unusable(side, e);
        }
        checkKeyBelongs(chain, key, side);
        return new TlsKeys(chain, key);
    }

    /**
     * Fails with what to do for the key formats the PEM reader takes for garbage ("algid parse error", "overrun"):
     * PKCS#1, SEC1 and traditional DSA keys, and a password that does not go with the key's encryption.
     */
    private static void checkKeyFormat(byte[] pem, boolean hasPassword, String side) {
        String text = new String(pem, StandardCharsets.US_ASCII);
        String label = null;
        for (Matcher m = BEGIN.matcher(text); m.find(); ) {
            if (m.group(1).endsWith("PRIVATE KEY")) {
                label = m.group(1);
                break;
            }
        }
        String keyPath = "dubbo.ssl." + side + "-private-key-path";
        String passwordKey = "dubbo.ssl." + side + "-key-password";
        String expected = " (expected: a PEM PKCS#8 key, BEGIN PRIVATE KEY, or BEGIN ENCRYPTED PRIVATE KEY with "
                + passwordKey + ")";
        if (label == null) {
            throw new IllegalStateException(keyPath + ": no PEM private key found" + expected);
        }
        boolean encrypted = label.equals("ENCRYPTED PRIVATE KEY") || text.contains("Proc-Type: 4,ENCRYPTED");
        String convert = encrypted
                ? "openssl pkcs8 -topk8 -v2 aes-256-cbc -in KEY -out KEY8 (it asks for the"
                        + " key's password, then for the new one)"
                : "openssl pkcs8 -topk8 -nocrypt -in KEY -out KEY8";
        switch (label) {
            case "PRIVATE KEY":
            case "ENCRYPTED PRIVATE KEY":
                if (encrypted && !hasPassword) {
                    throw new IllegalStateException(keyPath + ": an encrypted key (BEGIN ENCRYPTED PRIVATE KEY), but "
                            + passwordKey + " is not set, or empty (expected: the key's password there)");
                }
                if (!encrypted && hasPassword) {
                    throw new IllegalStateException(passwordKey + ": set, but the key in " + keyPath + " is not"
                            + " encrypted, BEGIN PRIVATE KEY (expected: no password, or a key encrypted with "
                            + "openssl pkcs8 -topk8 -v2 aes-256-cbc -in KEY -out KEY8)");
                }
                return;
            case "RSA PRIVATE KEY":
            case "EC PRIVATE KEY":
            case "DSA PRIVATE KEY":
                throw new IllegalStateException(keyPath + ": a" + (encrypted ? "n encrypted " : " ")
                        + (label.startsWith("RSA") ? "PKCS#1" : label.startsWith("EC") ? "SEC1" : "traditional DSA")
                        + " key, BEGIN " + label + expected
                        + "; convert it with " + convert);
            default:
                throw new IllegalStateException(keyPath + ": a key in another format, BEGIN " + label + expected);
        }
    }

    private static void checkKeyBelongs(X509Certificate[] chain, PrivateKey key, String side) {
        if (signs(key, chain[0])) {
            return;
        }
        String keyPath = "dubbo.ssl." + side + "-private-key-path";
        String chainPath = "dubbo.ssl." + side + "-key-cert-chain-path";
        String first = chain[0].getSubjectX500Principal().getName();
        for (int i = 1; i < chain.length; i++) {
            if (signs(key, chain[i])) {
                throw new IllegalStateException(chainPath + ": its first certificate is " + first + ", but the key in "
                        + keyPath + " is that of certificate " + (i + 1) + ", "
                        + chain[i].getSubjectX500Principal().getName() + " (expected: the "
                        + (side.equals("server") ? "provider" : "consumer")
                        + "'s own certificate first, then the certificates that issued it)");
            }
        }
        throw new IllegalStateException(keyPath + ": not the key of the first certificate in " + chainPath + ", "
                + first + " (expected: that certificate's own private key; check that the two files were issued"
                + " together)");
    }

    /**
     * Whether a signature made with key verifies with cert's public key. True also when the key's algorithm is not
     * one this check knows: the handshake then tells.
     */
    private static boolean signs(PrivateKey key, X509Certificate cert) {
        String algorithm = signatureAlgorithm(key.getAlgorithm());
        if (algorithm == null) {
            return true;
        }
        try {
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(PROBE);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(cert.getPublicKey());
            verifier.update(PROBE);
            return verifier.verify(signature);
        } catch (InvalidKeyException | SignatureException e) {
            // a public key of another kind (EC against an RSA key, say)
            return false;
        } catch (NoSuchAlgorithmException e) {
            return true;
        }
    }

    private static String signatureAlgorithm(String keyAlgorithm) {
        switch (keyAlgorithm) {
            case "RSA":
                return "SHA256withRSA";
            case "EC":
                return "SHA256withECDSA";
            case "DSA":
                return "SHA256withDSA";
            case "Ed25519":
            case "Ed448":
            case "EdDSA":
                return keyAlgorithm;
            default:
                return null;
        }
    }

    /**
     * Netty's PEM readers (PKCS#8 keys, plain or encrypted, and certificate chains), which Netty offers to subclasses
     * of {@link SslContext}; never instantiated.
     */
    private abstract static class Pem extends SslContext {

        private Pem() {}

        static X509Certificate[] certificates(InputStream in) throws CertificateException {
            return toX509Certificates(in);
        }

        static PrivateKey privateKey(InputStream in, String password) throws GeneralSecurityException, IOException {
            return toPrivateKey(in, password);
        }
    }
}
