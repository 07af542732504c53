package io.httpjson.protocol.internal.client;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Host header a consumer sends: an IPv6 address in brackets, as RFC 9110 wants and Jetty checks (a provider URL
 * written without them, {@code httpjson://0:0:0:0:0:0:0:1:8090/...}, got {@code 400 Bad HostPort} on every call).
 */
class HostHeaderTest {

    @Test
    void anIpv6AddressIsBracketed() {
        assertThat(HttpJsonClient.hostHeader("0:0:0:0:0:0:0:1", 8090)).isEqualTo("[0:0:0:0:0:0:0:1]:8090");
        assertThat(HttpJsonClient.hostHeader("[::1]", 8090)).isEqualTo("[::1]:8090");
        assertThat(HttpJsonClient.hostHeader("127.0.0.1", 8090)).isEqualTo("127.0.0.1:8090");
        assertThat(HttpJsonClient.hostHeader("provider.example", 80)).isEqualTo("provider.example:80");
    }

    @Test
    void aClientOfAnUnbracketedIpv6UrlSendsItBracketed() {
        HttpJsonClient c = new HttpJsonClient(URL.valueOf("httpjson://0:0:0:0:0:0:0:1:8090/x.Y"));
        try {
            assertThat(c.hostHeader).isEqualTo("[0:0:0:0:0:0:0:1]:8090");
        } finally {
            c.release();
        }
    }
}
