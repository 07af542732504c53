package io.httpjson.protocol.it;

import java.net.InetAddress;
import java.net.ServerSocket;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** A port that cannot be bound: the export fails with a message that says why and what to do. */
class BindAddressTest {

    /** The message of the failure of exporting TestService on host:port. */
    private static String exportFailure(String host, int port) {
        FrameworkModel framework = new FrameworkModel();
        try {
            ProtocolConfig pc = new ProtocolConfig("httpjson", port);
            pc.setHost(host);
            ApplicationConfig app = new ApplicationConfig("bind-test");
            app.setQosEnable(false);
            ServiceConfig<TestService> s = new ServiceConfig<>();
            s.setInterface(TestService.class);
            s.setRef(new TestServiceImpl());
            Throwable t = catchThrowable(() -> DubboBootstrap.newInstance(framework)
                    .application(app)
                    .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                    .protocol(pc)
                    .service(s)
                    .start());
            assertThat(t).isNotNull();
            while (t.getCause() != null && !String.valueOf(t.getMessage()).startsWith("httpjson:")) {
                t = t.getCause();
            }
            return t.getMessage();
        } finally {
            framework.destroy();
        }
    }

    @Test
    void aPortTakenSaysSo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            assertThat(exportFailure("127.0.0.1", taken.getLocalPort()))
                    .startsWith("httpjson: cannot start the server on 127.0.0.1:" + taken.getLocalPort())
                    .contains("Address already in use")
                    .contains("set another port on the protocol (port=...)");
        }
    }

    /**
     * An IPv6 host in a JVM that speaks IPv4 only (java.net.preferIPv4Stack=true, as the tests run) cannot be bound,
     * whatever the port: the message says that, not that the port may be in use.
     */
    @Test
    void anIpv6HostInAnIpv4OnlyJvmSaysSo() {
        assumeTrue(Boolean.getBoolean("java.net.preferIPv4Stack"));
        assertThat(exportFailure("::1", DubboServer.freePort()))
                .contains("java.net.preferIPv4Stack=true")
                .doesNotContain("already in use");
    }
}
