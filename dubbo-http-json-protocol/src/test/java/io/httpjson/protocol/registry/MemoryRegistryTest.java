package io.httpjson.protocol.registry;

import java.util.List;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The test registry tells a consumer what ZooKeeper or Nacos would: its interface's URLs, of its group and version. */
class MemoryRegistryTest {

    private final MemoryRegistry registry = new MemoryRegistry(URL.valueOf("memreg://127.0.0.1:9"));

    @AfterEach
    void forget() {
        MemoryRegistry.reset();
    }

    private void provider(int port, String group, String version) {
        registry.register(URL.valueOf("httpjson://127.0.0.1:" + port + "/x.Echo?interface=x.Echo&side=provider"
                + (group == null ? "" : "&group=" + group) + (version == null ? "" : "&version=" + version)));
    }

    private List<Integer> ports(String consumerQuery) {
        return registry
                .lookup(URL.valueOf("consumer://127.0.0.1/x.Echo?interface=x.Echo"
                        + "&category=providers,configurators,routers" + consumerQuery))
                .stream()
                .filter(u -> !"empty".equals(u.getProtocol()))
                .map(URL::getPort)
                .sorted()
                .toList();
    }

    @Test
    void aConsumerIsToldTheProvidersOfItsGroupAndVersion() {
        provider(1, "ga", "1.0.a");
        provider(2, "gb", "1.0.b");
        provider(3, null, null);
        registry.register(URL.valueOf("httpjson://127.0.0.1:4/x.Other?interface=x.Other&side=provider"));

        assertThat(ports("&group=gb&version=1.0.b")).containsExactly(2);
        assertThat(ports("&group=gb&version=1.0.a")).isEmpty();
        assertThat(ports("")).containsExactly(3);
        assertThat(ports("&group=*&version=*")).containsExactly(1, 2, 3);
        assertThat(ports("&group=ga,gb&version=*")).containsExactly(1, 2);
    }
}
