package io.httpjson.protocol.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/** The {@code Dubbo-Attachments} header: what one side encodes, the other decodes to the same map. */
class AttachmentsTest {

    private static Map<String, Object> decode(String header) {
        return Attachments.decode(header, new HashMap<>());
    }

    /** Over the dubbo protocol {@code ""} is an ordinary key: what a consumer sends, a provider takes. */
    @Test
    void anEmptyKeyTravelsBothWays() {
        Map<String, Object> sent = new LinkedHashMap<>();
        sent.put("", "v");
        sent.put("k", "w");
        String header = Attachments.encodeRequest(sent, 8192).header();
        assertThat(header).isEqualTo("=v,k=w");
        assertThat(decode(header)).containsOnly(entry("", "v"), entry("k", "w"));
        assertThat(decode(" = x ")).containsOnly(entry("", "x"));
        assertThat(decode("=")).containsOnly(entry("", ""));
    }

    /** Whitespace around a pair is dropped, also when it is all there is of a key or a value. */
    @Test
    void aKeyOrValueOfSpacesAloneIsEmpty() {
        assertThat(decode(" \t=x")).containsOnly(entry("", "x"));
        assertThat(decode("k= \t,j=1")).containsOnly(entry("k", ""), entry("j", "1"));
        assertThat(decode(" k%20 = %20v ")).containsOnly(entry("k ", " v"));
    }

    /**
     * A trace attachment that can stand in a header goes as that header alone (the provider takes it from there),
     * and its bytes count against the limit: a large baggage beside attachments within the limit must not make a
     * request head that the provider refuses with 431 (reported as a proxy's answer), nor may it push the head past
     * the limit unnoticed.
     */
    @Test
    void traceAttachmentsGoAsTheirOwnHeadersOnlyAndCountAgainstTheLimit() {
        Map<String, Object> sent = new LinkedHashMap<>();
        sent.put("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01");
        sent.put("baggage", "k=" + "a".repeat(8000));
        sent.put("tracestate", "n\u00e4me=1"); // not header-safe: it stays in Dubbo-Attachments
        sent.put("pad", "p".repeat(60));
        EncodedAttachments e = Attachments.encodeRequest(sent, 8192);
        assertThat(e.header()).isEqualTo("tracestate=n%C3%A4me%3D1,pad=" + "p".repeat(60));
        assertThat(e.traceLines())
                .isEqualTo("traceparent: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\r\n" + "baggage: k="
                        + "a".repeat(8000) + "\r\n");
        assertThat(e.trace(0)).isEqualTo(sent.get("traceparent"));
        assertThat(e.trace(1)).as("tracestate").isNull();

        sent.put("pad", "p".repeat(200));
        assertThatThrownBy(() -> Attachments.encodeRequest(sent, 8192))
                .isInstanceOf(Attachments.AttachmentsTooLargeException.class)
                .hasMessageStartingWith("attachments: 8")
                .hasMessageContaining("of them in the trace headers [traceparent, tracestate, baggage]")
                .hasMessageContaining("at most 8192 bytes, set by httpjson.max-attachment-bytes")
                .hasMessageEndingWith("the attachment that crossed the limit is 'pad'");
        assertThatThrownBy(() -> Attachments.encodeResponse(Map.of("baggage", "k=" + "a".repeat(9000)), 8192))
                .hasMessageEndingWith("the attachment that crossed the limit is 'baggage'");
    }

    /** An empty trace value is no header line (a proxy may drop one): it goes in Dubbo-Attachments. */
    @Test
    void anEmptyTraceValueStaysInDubboAttachments() {
        EncodedAttachments e = Attachments.encodeRequest(Map.of("baggage", ""), 8192);
        assertThat(e.header()).isEqualTo("baggage=");
        assertThat(e.traceLines()).isNull();
    }

    /** The consumer reads an answer's trace headers as its attachments; the header wins over the list. */
    @Test
    void anAnswersTraceHeadersAreItsAttachments() {
        Map<String, String> headers = Map.of("traceparent", "00-a-b-01", "baggage", "u=\u0001x");
        assertThat(decode(Attachments.withTraceHeaders("k=v,traceparent=old", headers::get)))
                .containsOnly(entry("k", "v"), entry("traceparent", "00-a-b-01"), entry("baggage", "u=\u0001x"));
        assertThat(decode(Attachments.withTraceHeaders(null, headers::get)))
                .containsOnly(entry("traceparent", "00-a-b-01"), entry("baggage", "u=\u0001x"));
        assertThat(Attachments.withTraceHeaders("k=v", name -> null)).isEqualTo("k=v");
        assertThat(Attachments.withTraceHeaders(null, name -> null)).isNull();
    }

    /**
     * A request carries version, group, path, interface and timeout in its own headers or its path; an answer has no
     * such headers, so there they are attachments like any other.
     */
    @Test
    void routingKeysAreLeftOutOfRequestsOnly() {
        Map<String, Object> att = new LinkedHashMap<>();
        for (String key : new String[] {"version", "group", "path", "interface", "timeout", "k"}) {
            att.put(key, "v");
        }
        assertThat(Attachments.encodeRequest(att, 8192).header()).isEqualTo("k=v");
        assertThat(Attachments.encodeResponse(att, 8192).header())
                .isEqualTo("version=v,group=v,path=v,interface=v,timeout=v,k=v");
    }

    /**
     * A value that is not text (a byte[] token, a Map) is not sent, and that is said once per key at warn level, so
     * that it does not vanish without a word on either side.
     */
    @Test
    void aValueThatIsNotTextIsLeftOutAndSaidOncePerKey() {
        Map<String, Object> att = new LinkedHashMap<>();
        att.put("bytesToken-" + System.nanoTime(), new byte[] {1, 2});
        att.put("n", 42);
        att.put("nothing", null);
        assertThat(Attachments.encodeRequest(att, 8192).header()).isEqualTo("n=42");
        String key = att.keySet().iterator().next();
        assertThat(Attachments.DROPPED.said(key)).isTrue();
        assertThat(Attachments.DROPPED.said("n")).isFalse();
        assertThat(Attachments.DROPPED.said("nothing"))
                .as("a null value is not dropped for its type")
                .isFalse();

        List<String> warnings = new ArrayList<>();
        DroppedAttachments dropped = new DroppedAttachments(2, warnings::add);
        dropped.dropped("token", new byte[0], true);
        dropped.dropped("token", new byte[0], true);
        dropped.dropped("map", new HashMap<>(), false);
        dropped.dropped("third", List.of(), true); // past the bound: not said, not remembered
        assertThat(warnings)
                .containsExactly(
                        "httpjson: the attachment 'token' is not sent with a request: its value is a byte[], and"
                                + " attachments travel as text (a String, number, boolean, character or enum) in an"
                                + " HTTP header; send it as a String (Base64 for bytes) or as an argument. Said once"
                                + " per key",
                        "httpjson: the attachment 'map' is not sent with an answer: its value is a"
                                + " java.util.HashMap, and attachments travel as text (a String, number,"
                                + " boolean, character or enum) in an HTTP header; send it as a String"
                                + " (Base64 for bytes) or as an argument. Said once per key");
    }
}
