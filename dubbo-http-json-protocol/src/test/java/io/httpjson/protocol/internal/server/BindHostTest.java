package io.httpjson.protocol.internal.server;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which address the server binds, for the URLs Dubbo 3.3's ServiceConfig builds (findConfiguredHosts): with the
 * protocol's host unset or a loopback one, {@code anyhost=true} and {@code bind.ip} the address Dubbo found for the
 * machine; the URL's host is what it registers ({@code DUBBO_IP_TO_REGISTRY}, else {@code bind.ip}). Checked on the
 * URL alone: these tests bind nothing but loopback.
 */
class BindHostTest {

    /**
     * In a container whose registered address is given (DUBBO_IP_TO_REGISTRY, say the node's address behind a port
     * mapping) while Dubbo finds no address of its own but loopback, the dubbo protocol binds every interface. Bound
     * to loopback alone, the server could never be reached at the address it registers.
     */
    @Test
    void aRegisteredAddressOtherThanLoopbackBindsEveryInterface() {
        URL url = URL.valueOf("httpjson://192.0.2.10:30090/S?anyhost=true&bind.ip=127.0.0.1&bind.port=8090");
        assertThat(JettyAssembly.bindHost(url)).isEqualTo("0.0.0.0");
    }

    /** Registered on loopback too (dubbo.network.interface.ignored=.*, for tests and demos): it stays loopback. */
    @Test
    void loopbackRegisteredStaysLoopback() {
        assertThat(JettyAssembly.bindHost(URL.valueOf("httpjson://127.0.0.1:8090/S?anyhost=true&bind.ip=127.0.0.1")))
                .isEqualTo("127.0.0.1");
        assertThat(JettyAssembly.bindHost(URL.valueOf("httpjson://127.0.0.1:8090/S?bind.ip=127.0.0.1")))
                .isEqualTo("127.0.0.1");
        assertThat(JettyAssembly.bindHost(
                        URL.valueOf("httpjson://[::ffff:127.0.0.1]:8090/S?anyhost=true&bind.ip=127.0.0.1")))
                .isEqualTo("127.0.0.1");
        assertThat(JettyAssembly.bindHost(URL.valueOf("httpjson://[::1]:8090/S?anyhost=true&bind.ip=127.0.0.1")))
                .isEqualTo("127.0.0.1");
        // a URL given to the protocol directly, without anyhost: the loopback bind address it names
        assertThat(JettyAssembly.bindHost(URL.valueOf("httpjson://192.0.2.10:8090/S?bind.ip=127.0.0.2")))
                .isEqualTo("127.0.0.2");
    }

    /** What Dubbo found for the machine, with anyhost: every interface, as the dubbo protocol binds. */
    @Test
    void aMachineAddressWithAnyhostBindsEveryInterface() {
        assertThat(JettyAssembly.bindHost(URL.valueOf("httpjson://192.0.2.10:8090/S?anyhost=true&bind.ip=192.0.2.2")))
                .isEqualTo("0.0.0.0");
        assertThat(JettyAssembly.bindHost(URL.valueOf("httpjson://192.0.2.10:8090/S?anyhost=false&bind.ip=192.0.2.2")))
                .isEqualTo("192.0.2.2");
    }
}
