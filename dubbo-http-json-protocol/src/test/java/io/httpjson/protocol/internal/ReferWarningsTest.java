package io.httpjson.protocol.internal;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReferWarningsTest {

    private static URL registered(String service, String providerQuery) {
        URL consumer = URL.valueOf("consumer://127.0.0.1/" + service + "?interface=" + service);
        return DubboServiceAddressURL.valueOf(
                URL.encode("httpjson://127.0.0.1:8090/" + service + "?interface=" + service + providerQuery), consumer);
    }

    @Test
    void aProvidersValueLeftOutIsSaidOncePerAddress() {
        ReferWarnings warnings = new ReferWarnings();
        URL a = registered("x.A", "&httpjson.pipelining=0");
        assertThat(warnings.warn(a, ConsumerView.of(a)))
                .singleElement()
                .asString()
                .startsWith("httpjson: the provider at 127.0.0.1:8090 registered httpjson.pipelining=0:"
                        + " httpjson.pipelining: 0 (expected: an integer from 1 to 1024)")
                .contains("This consumer calls it without that value");
        assertThat(warnings.warn(a, ConsumerView.of(a)))
                .as("the same push again")
                .isEmpty();
        URL b = registered("x.B", "&httpjson.pipelining=0");
        assertThat(warnings.warn(b, ConsumerView.of(b)))
                .as("another service of the address")
                .isEmpty();
        URL c = registered("x.B", "&httpjson.pipelining=2000");
        assertThat(warnings.warn(c, ConsumerView.of(c))).as("another value").hasSize(1);
    }

    @Test
    void dubbosConnectionsOnAReferenceIsSaidOnceToBeUnused() {
        ReferWarnings warnings = new ReferWarnings();
        URL consumer = URL.valueOf("consumer://127.0.0.1/x.A?interface=x.A&connections=1");
        URL a1 = DubboServiceAddressURL.valueOf(URL.encode("httpjson://127.0.0.1:8090/x.A?interface=x.A"), consumer);
        URL a2 = DubboServiceAddressURL.valueOf(URL.encode("httpjson://127.0.0.1:8091/x.A?interface=x.A"), consumer);
        assertThat(warnings.warn(a1, ConsumerView.of(a1)))
                .singleElement()
                .asString()
                .startsWith("httpjson: the reference to x.A sets connections=1, which httpjson does not use")
                .contains("set httpjson.max-connections on the reference instead");
        assertThat(warnings.warn(a2, ConsumerView.of(a2)))
                .as("its second provider address")
                .isEmpty();

        URL provider = registered("x.B", "&connections=1");
        assertThat(warnings.warn(provider, ConsumerView.of(provider)))
                .as("a provider's connections is not the reference's")
                .isEmpty();
        URL direct = URL.valueOf("httpjson://127.0.0.1:8090/x.C?connections=2");
        assertThat(warnings.warn(direct, ConsumerView.of(direct))).hasSize(1);
    }
}
