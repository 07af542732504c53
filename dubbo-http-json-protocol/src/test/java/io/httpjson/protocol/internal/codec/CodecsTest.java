package io.httpjson.protocol.internal.codec;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CodecsTest {

    @Test
    void aSerializationThatIsNotJsonSaysWhereToSetAJsonOne() {
        // <dubbo:provider serialization="hessian2"/>, for the dubbo protocol: httpjson has no setting to remove
        URL provider = URL.valueOf("httpjson://127.0.0.1:8090/x.Y?side=provider&serialization=hessian2");
        assertThatThrownBy(() -> Codecs.forUrl(provider, FrameworkModel.defaultModel()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("serialization: hessian2 (expected: one of ")
                .hasMessageContaining("Set serialization=fastjson2-text (or gson-text) on the httpjson protocol"
                        + " (<dubbo:protocol name=\"httpjson\" serialization=\"fastjson2-text\"/>) or on the service:"
                        + " it overrides a default such as <dubbo:provider serialization=\"hessian2\"/>")
                .hasMessageNotContaining("Remove");
        URL consumer = URL.valueOf("httpjson://127.0.0.1:8090/x.Y?side=consumer&serialization=hessian2");
        assertThatThrownBy(() -> Codecs.forUrl(consumer, FrameworkModel.defaultModel()))
                .hasMessageContaining("on the reference (<dubbo:reference serialization=\"fastjson2-text\"/>): it"
                        + " overrides a default such as <dubbo:consumer serialization=\"hessian2\"/>");
        assertThat(Codecs.codecName("gson")).isEqualTo("gson-text");
    }
}
