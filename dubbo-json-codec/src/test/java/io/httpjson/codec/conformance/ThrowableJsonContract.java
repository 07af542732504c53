package io.httpjson.codec.conformance;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.ThrowableJson;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Exceptions as JSON ({@link ThrowableJson}) through each engine: the golden bytes a tree is written as, and the
 * exception rebuilt from them, with Dubbo's serialize allow-list in {@code STRICT} mode. Each engine module runs it
 * (one subclass).
 */
public abstract class ThrowableJsonContract {

    /** The engine under test. */
    protected abstract JsonCodec codec();

    private final FrameworkModel framework = strictFramework();

    @AfterEach
    void destroyFramework() {
        framework.destroy();
    }

    private static FrameworkModel strictFramework() {
        FrameworkModel framework = new FrameworkModel();
        framework
                .getBeanFactory()
                .getOrRegisterBean(SerializeSecurityManager.class)
                .setCheckStatus(SerializeCheckStatus.STRICT);
        return framework;
    }

    /** The JSON an engine writes for the tree of {@code t}. */
    String json(Throwable t) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        codec().write(ThrowableJson.describe(t, codec()), null, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The exception rebuilt from {@code json}, read as the consumer reads an error body. */
    @SuppressWarnings("unchecked")
    Throwable rebuild(String json) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        Map<String, Object> tree = (Map<String, Object>) codec().read(b, 0, b.length, Object.class);
        return ThrowableJson.rebuild(tree, codec(), getClass().getClassLoader(), framework);
    }

    static List<String> messages(Throwable t) {
        List<String> messages = new ArrayList<>();
        for (Throwable c = t; c != null; c = c.getCause()) {
            messages.add(c.getMessage());
        }
        return messages;
    }

    /** {@code c(n-1) <- ... <- c0}: c0 is the root cause. */
    static Throwable chainOf(int n) {
        Throwable t = new IllegalArgumentException("c0");
        for (int i = 1; i < n; i++) {
            t = new IllegalStateException("c" + i, t);
        }
        return t;
    }

    /** A chain of 8 (the most a tree holds) arrives whole, as it did before. */
    @Test
    void aCauseChainOfEightArrivesWhole() throws Exception {
        assertThat(messages(rebuild(json(chainOf(8))))).containsExactly("c7", "c6", "c5", "c4", "c3", "c2", "c1", "c0");
    }

    /**
     * Of a longer chain the first seven and the root cause arrive: the root is most often the one that says what
     * went wrong (the SQLException under the wrappers), and it was the one lost.
     */
    @Test
    void aLongerCauseChainKeepsItsFirstSevenAndTheRootCause() throws Exception {
        String json = json(chainOf(12));
        assertThat(json)
                .startsWith("{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"c11\",\"cause\":")
                .endsWith("{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"c5\",\"cause\":"
                        + "{\"exception\":\"java.lang.IllegalArgumentException\",\"message\":\"c0\"}}}}}}}}");
        Throwable back = rebuild(json);
        assertThat(messages(back)).containsExactly("c11", "c10", "c9", "c8", "c7", "c6", "c5", "c0");
        Throwable root = back;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        assertThat(root).isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("c0");
    }

    /** A chain that comes back to an exception seen before ends there, once. */
    @Test
    void aCauseCycleEndsTheChain() throws Exception {
        IllegalStateException a = new IllegalStateException("a");
        IllegalStateException b = new IllegalStateException("b", a);
        a.initCause(b);
        assertThat(json(a))
                .isEqualTo("{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"a\",\"cause\":"
                        + "{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"b\"}}");
    }
}
