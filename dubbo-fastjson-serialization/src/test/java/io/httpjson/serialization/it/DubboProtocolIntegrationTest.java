package io.httpjson.serialization.it;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.httpjson.codec.RemoteException;
import io.httpjson.codec.conformance.GadgetFlags;
import io.httpjson.codec.conformance.GadgetThrowable;
import io.httpjson.codec.conformance.Model;
import io.httpjson.codec.conformance.Model.BizException;
import io.httpjson.codec.conformance.Model.Color;
import io.httpjson.codec.conformance.Model.Foo;
import io.httpjson.codec.conformance.Model.Result;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.remoting.exchange.support.header.HeartbeatHandler;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** One service exported over the real dubbo protocol with hessian2, gson-text and fastjson2-text; real consumers. */
class DubboProtocolIntegrationTest {

    static final List<String> SERIALIZATIONS = List.of("hessian2", "gson-text", "fastjson2-text");
    static final Map<String, DemoService> CLIENTS = new LinkedHashMap<>();
    static final Map<String, Integer> PORTS = new LinkedHashMap<>();
    static DubboBootstrap bootstrap;

    @BeforeAll
    static void start() throws IOException {
        bootstrap = DubboBootstrap.newInstance();
        List<ProtocolConfig> protocols = new ArrayList<>();
        for (String s : SERIALIZATIONS) {
            int port = freePort();
            PORTS.put(s, port);
            ProtocolConfig p = new ProtocolConfig("dubbo", port);
            p.setId("dubbo-" + s);
            p.setHost("127.0.0.1");
            p.setSerialization(s);
            p.setPreferSerialization(s);
            protocols.add(p);
        }
        ServiceConfig<DemoService> service = new ServiceConfig<>();
        service.setInterface(DemoService.class);
        service.setRef(new DemoServiceImpl());
        service.setProtocols(protocols);
        bootstrap
                .application(new ApplicationConfig("httpjson-serialization-it"))
                .registry(new RegistryConfig("N/A"))
                .protocols(protocols)
                .service(service)
                .start();
        for (String s : SERIALIZATIONS) {
            ReferenceConfig<DemoService> ref = new ReferenceConfig<>();
            ref.setInterface(DemoService.class);
            ref.setId("ref-" + s);
            ref.setUrl("dubbo://127.0.0.1:" + PORTS.get(s) + "/" + DemoService.class.getName() + "?serialization=" + s
                    + "&prefer.serialization=" + s + "&heartbeat=1000");
            ref.setTimeout(5000);
            ref.setCheck(true);
            bootstrap.reference(ref);
            CLIENTS.put(s, ref.get());
        }
    }

    @AfterAll
    static void stop() {
        if (bootstrap != null) {
            bootstrap.destroy();
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    @Test
    void sameResultsForAllSerializations() {
        List<Object> reference = null;
        for (Map.Entry<String, DemoService> e : CLIENTS.entrySet()) {
            DemoService c = e.getValue();
            List<Object> results = new ArrayList<>();
            Foo full = c.echo(Model.fullFoo());
            assertThat(full).as(e.getKey()).isEqualTo(Model.fullFoo());
            assertThat(full.secret).isNull();
            results.add(full);

            Result<List<Foo>> page = c.page(List.of(Model.fullFoo(), new Foo("b", 2)));
            assertThat(page.code).isEqualTo(200);
            assertThat(page.data).as(e.getKey()).containsExactly(Model.fullFoo(), new Foo("b", 2));
            results.add(page.message);
            results.add(page.data);

            Map<String, Foo> byName = c.byName(Model.fooMap());
            assertThat(new ArrayList<>(byName.keySet())).containsExactly("x!", "y!");
            assertThat(byName.get("y!")).isEqualTo(Model.fullFoo());
            results.add(byName);

            assertThat(c.ints(new int[] {1, -2, Integer.MAX_VALUE})).containsExactly(1, -2, Integer.MAX_VALUE);
            assertThat(c.colors(Color.values())).containsExactly(Color.values());
            byte[] all = Model.allBytes(1000);
            assertThat(c.bytes(all)).isEqualTo(all);
            assertThat(c.big((1L << 53) + 1)).isEqualTo((1L << 53) + 1);
            assertThat(c.big(Long.MIN_VALUE)).isEqualTo(Long.MIN_VALUE);
            assertThat(c.nothing(null)).isNull();
            assertThat(c.empty(List.of())).isEmpty();

            RpcContext.getClientAttachment().setAttachment("trace", "t-" + e.getKey());
            assertThat(c.attachment("trace")).isEqualTo("t-" + e.getKey());
            assertThat(RpcContext.getServerContext().getAttachment("reply"))
                    .as(e.getKey())
                    .isEqualTo("from-provider");

            Throwable thrown = null;
            try {
                c.fail(42);
            } catch (Throwable t) {
                thrown = t;
            }
            assertThat(thrown)
                    .as(e.getKey())
                    .isExactlyInstanceOf(BizException.class)
                    .hasMessage("business failed 42");
            assertThat(((BizException) thrown).getCode()).isEqualTo(42);
            assertThat(thrown.getCause())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("root cause");
            results.add(thrown.getMessage());

            if (reference == null) {
                reference = results;
            } else {
                assertThat(results).as(e.getKey() + " vs hessian2").isEqualTo(reference);
            }
        }
    }

    @Test
    void idleConnectionSurvivesHeartbeats() {
        for (String s : List.of("gson-text", "fastjson2-text")) {
            DemoService c = CLIENTS.get(s);
            assertThat(c.big(1L)).isEqualTo(1L);
            long after = lastServerRead(PORTS.get(s));
            // Only heartbeats move the provider's read timestamp while the client is idle.
            Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> lastServerRead(PORTS.get(s)) > after + 200);
            assertThat(c.big(2L)).as(s).isEqualTo(2L);
        }
    }

    static long lastServerRead(int port) {
        return DubboProtocol.getDubboProtocol(FrameworkModel.defaultModel()).getServers().stream()
                .filter(server -> server.getUrl().getPort() == port)
                .flatMap(server -> ((org.apache.dubbo.remoting.exchange.ExchangeServer) server.getRemotingServer())
                        .getExchangeChannels().stream())
                .map(ch -> (Long) ch.getAttribute(HeartbeatHandler.KEY_READ_TIMESTAMP))
                .filter(v -> v != null)
                .max(Long::compare)
                .orElse(0L);
    }

    @Test
    void hostileExceptionClassIsRefused() throws Exception {
        for (String s : List.of("gson-text", "fastjson2-text")) {
            Serialization serialization = FrameworkModel.defaultModel()
                    .getExtensionLoader(Serialization.class)
                    .getExtension(s);
            for (String gadget : List.of(
                    "com.sun.rowset.JdbcRowSetImpl",
                    GadgetThrowable.class.getName(),
                    "com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl")) {
                byte[] body =
                        ("{\"exception\":\"" + gadget + "\",\"message\":\"boom\"}\n").getBytes(StandardCharsets.UTF_8);
                ObjectInput in = serialization.deserialize(null, new ByteArrayInputStream(body));
                Throwable t = in.readThrowable();
                assertThat(t).isExactlyInstanceOf(RemoteException.class).hasMessageStartingWith(gadget + ": boom (");
                assertThat(((RemoteException) t).getRemoteClassName()).isEqualTo(gadget);
            }
            assertThat(GadgetFlags.gadgetThrowable).isFalse();
        }
    }
}
