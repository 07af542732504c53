package io.httpjson.protocol.parity;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.rpc.RpcContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The same calls over Dubbo's own {@code dubbo} protocol and over httpjson, through a real provider and consumer:
 * what the dubbo protocol does is what a user who switches to {@code protocol="httpjson"} expects.
 */
class ProtocolParityTest {

    /** Attachment strings arrive as they were set, spaces and line breaks included, in both directions. */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void attachmentStringsArriveExactlyBothWays(String protocol) throws Exception {
        DubboServer.builder()
                .protocol(protocol)
                .service(ParityService.class, new ParityServiceImpl())
                .build()
                .run(server -> {
                    ParityService s = server.reference(ParityService.class);
                    RpcContext.getClientAttachment().setAttachment("padded", "  two spaces, then a line break\n");
                    assertThat(s.attachment("padded")).isEqualTo("String:  two spaces, then a line break\n");
                    RpcContext.getClientAttachment().setAttachment(" key ", "v");
                    assertThat(s.attachment(" key ")).isEqualTo("String:v");

                    assertThat(s.reply("reply", " padded\t")).isEqualTo("ok");
                    assertThat(RpcContext.getServerContext().getAttachment("reply"))
                            .isEqualTo(" padded\t");
                });
    }

    /**
     * Over dubbo {@code ""} is an ordinary attachment key. The consumer sends it as {@code =v}, and the provider must
     * take it: a header the consumer writes and its own provider refuses would fail the call with 400.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void anEmptyAttachmentKeyDoesNotFailTheCall(String protocol) throws Exception {
        DubboServer.builder()
                .protocol(protocol)
                .service(ParityService.class, new ParityServiceImpl())
                .build()
                .run(server -> {
                    ParityService s = server.reference(ParityService.class);
                    RpcContext.getClientAttachment().setAttachment("", "v");
                    assertThat(s.attachment("")).isEqualTo("String:v");
                });
    }

    /**
     * A large W3C baggage (up to 8192 bytes) beside attachments within the limit: the trace attachments went out
     * twice (as their own headers and in Dubbo-Attachments), so the request head passed the provider's header
     * limit while the consumer counted less than its own, and the provider's 431 was reported as a proxy's answer.
     */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void attachmentsUnderTheLimitArriveWithALargeBaggage(String protocol) throws Exception {
        DubboServer.builder()
                .protocol(protocol)
                .service(ParityService.class, new ParityServiceImpl())
                .build()
                .run(server -> {
                    ParityService s = server.reference(ParityService.class);
                    String baggage = "k=" + "a".repeat(8000);
                    RpcContext.getClientAttachment().setAttachment("baggage", baggage);
                    RpcContext.getClientAttachment().setAttachment("pad", "p".repeat(60));
                    assertThat(s.attachment("pad")).isEqualTo("String:" + "p".repeat(60));
                    RpcContext.getClientAttachment().setAttachment("baggage", baggage);
                    assertThat(s.attachment("baggage")).isEqualTo("String:" + baggage);
                });
    }

    /** The trace context a provider sets on its answer reaches the consumer (it travels as headers only). */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void traceAttachmentsOfAnAnswerArrive(String protocol) throws Exception {
        DubboServer.builder()
                .protocol(protocol)
                .service(ParityService.class, new ParityServiceImpl())
                .build()
                .run(server -> {
                    ParityService s = server.reference(ParityService.class);
                    String parent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
                    assertThat(s.reply("traceparent", parent)).isEqualTo("ok");
                    assertThat(RpcContext.getServerContext().getAttachment("traceparent"))
                            .isEqualTo(parent);
                    assertThat(s.reply("baggage", "user=J\u00f6rg")).isEqualTo("ok"); // not header-safe
                    assertThat(RpcContext.getServerContext().getAttachment("baggage"))
                            .isEqualTo("user=J\u00f6rg");
                });
    }

    /** An answer has no routing headers: its attachments named like them arrive as any other. */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void responseAttachmentsNamedLikeRoutingKeysArrive(String protocol) throws Exception {
        DubboServer.builder()
                .protocol(protocol)
                .service(ParityService.class, new ParityServiceImpl())
                .build()
                .run(server -> {
                    ParityService s = server.reference(ParityService.class);
                    for (String key : new String[] {"version", "group", "path", "interface", "timeout"}) {
                        assertThat(s.reply(key, "9.9")).isEqualTo("ok");
                        assertThat(RpcContext.getServerContext().getAttachment(key))
                                .as(key)
                                .isEqualTo("9.9");
                    }
                });
    }

    /**
     * A response attachment larger than the header limit must not turn a call that ran into a failure: the
     * failure is not a business one, so failover would run the call again on the next provider (here: again on
     * the same one, retries=2). The dubbo protocol delivers the result (and the attachment).
     */
    @ParameterizedTest
    @ValueSource(strings = {"dubbo", "httpjson"})
    void anOversizedResponseAttachmentDoesNotFailACallThatRan(String protocol) throws Exception {
        ParityServiceImpl impl = new ParityServiceImpl();
        DubboServer.builder()
                .protocol(protocol)
                .service(ParityService.class, impl)
                .build()
                .run(server -> {
                    ParityService s = server.reference(ParityService.class, r -> r.setRetries(2));
                    assertThat(s.bigReply(10_000)).isEqualTo("ok");
                    assertThat(impl.bigReplies).hasValue(1);
                });
    }
}
