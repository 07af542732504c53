package io.httpjson.protocol.it;

import java.net.http.HttpResponse;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.internal.Attachments;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The nginx configuration of docs/gateways.md exactly as the page shows it (only its addresses changed), in front of
 * two providers that list {@code X-Forwarded-For:forwarded-for} in {@code httpjson.header-attachments}, as the page
 * says. What a service sees of its callers, and what attachments within httpjson's own limits do through it.
 */
class DocumentedNginxConfigTest {

    static final String SVC = "/" + TestService.class.getName() + "/";

    @RegisterExtension
    static DubboServer a = provider();

    @RegisterExtension
    static DubboServer b = provider();

    static NginxRunner nginx;
    static int port;

    private static DubboServer provider() {
        return DubboServer.builder()
                .param("httpjson.header-attachments", "X-Forwarded-For:forwarded-for")
                .service(TestService.class, new TestServiceImpl() {
                    /** The caller's address as the provider's RpcContext has it. */
                    @Override
                    public String hello(String who) {
                        return RpcContext.getServiceContext().getRemoteHost();
                    }

                    /** The length of the attachment named {@code key}, without sending it back. */
                    @Override
                    public String nullable(String key) {
                        Object v = RpcContext.getServerAttachment().getObjectAttachment(key);
                        return v == null ? "none" : String.valueOf(v.toString().length());
                    }
                })
                .build();
    }

    @BeforeAll
    static void startNginx() throws Exception {
        if (NginxTest.nginxBinary() == null) {
            return;
        }
        port = DubboServer.freePort();
        nginx = NginxRunner.start("nginx-documented", NginxRunner.documentedHttpBlock(port, a.port(), b.port()), port);
    }

    @AfterAll
    static void stopNginx() throws Exception {
        if (nginx != null) {
            nginx.close();
        }
    }

    @BeforeEach
    void nginxIsInstalled() {
        Assumptions.assumeTrue(nginx != null, NginxTest.NOT_INSTALLED);
    }

    static String url(String method) {
        return "http://127.0.0.1:" + port + SVC + method;
    }

    static TestService consumer() {
        return a.reference(TestService.class, r -> r.setUrl("httpjson://127.0.0.1:" + port));
    }

    /**
     * The service reads the forwarded-for attachment as the caller's address, and the configuration page says to
     * list only headers the gateway sets or overwrites. The documented config appends to what the caller sent
     * ({@code $proxy_add_x_forwarded_for}), so any caller could name itself.
     */
    @Test
    void forwardedForIsTheAddressNginxSawNotWhatTheCallerClaims() {
        HttpResponse<String> r =
                Http.post(url("echoAttachment"), "[\"forwarded-for\"]", "X-Forwarded-For", "203.0.113.9");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"127.0.0.1\"");
    }

    /** The provider's remote address is nginx's end of the connection: no forwarding header is taken for it. */
    @Test
    void theRemoteAddressIsNginxsAndNoForwardingHeaderIsTrusted() {
        HttpResponse<String> r = Http.post(
                url("hello"),
                "[\"x\"]",
                "X-Forwarded-For",
                "203.0.113.9",
                "Forwarded",
                "for=203.0.113.9;proto=https",
                "X-Real-IP",
                "203.0.113.9");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"127.0.0.1\"");
        assertThat(consumer().hello("java")).isEqualTo("127.0.0.1");
    }

    /**
     * A response whose attachments stay within {@code httpjson.max-attachment-bytes} (8192) passes a provider and a
     * consumer, so it must pass the documented gateway too; nginx's default {@code proxy_buffer_size} (4k) holds
     * less, and nginx answers 502 for a call that has run.
     */
    @Test
    void responseAttachmentsWithinHttpjsonsLimitComeBackThroughNginx() {
        String value = "v".repeat(6000);
        HttpResponse<String> r = Http.post(url("echoAttachment"), "[\"k\"]", "Dubbo-Attachments", "k=" + value);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Dubbo-Attachments"))
                .hasValueSatisfying(h -> assertThat(Attachments.decode(h, new java.util.HashMap<>()))
                        .containsEntry("reply-k", "seen:" + value));
    }

    /**
     * The Java consumer sends attachments that encode to at most 8192 bytes (here with its own
     * {@code remote.application}, 8187 in all), and a provider reads them (up to 16384 bytes of headers); nginx's
     * default {@code large_client_header_buffers} (8k a line) refuses such a header line with its own 400.
     */
    @Test
    void requestAttachmentsWithinHttpjsonsLimitPassNginx() {
        String value = "w".repeat(8140);
        RpcContext.getClientAttachment().setAttachment("big", value);
        assertThat(consumer().nullable("big")).isEqualTo("8140");
        String most = "w".repeat(8188); // "big=" and this: 8192 bytes
        HttpResponse<String> direct =
                Http.post(a.baseUrl() + SVC + "nullable", "[\"big\"]", "Dubbo-Attachments", "big=" + most);
        assertThat(direct.body()).as("the provider itself").isEqualTo("\"8188\"");
        HttpResponse<String> r = Http.post(url("nullable"), "[\"big\"]", "Dubbo-Attachments", "big=" + most);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"8188\"");
    }
}
