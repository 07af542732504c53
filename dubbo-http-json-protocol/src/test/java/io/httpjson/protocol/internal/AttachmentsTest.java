package io.httpjson.protocol.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
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
        String header = Attachments.encode(sent, 8192);
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
}
