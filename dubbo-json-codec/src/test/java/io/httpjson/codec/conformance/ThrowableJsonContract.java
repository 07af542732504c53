package io.httpjson.codec.conformance;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.RemoteException;
import io.httpjson.codec.ThrowableJson;
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

    private final FrameworkModel framework = Frameworks.strict();

    @AfterEach
    void destroyFramework() {
        framework.destroy();
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

    /**
     * A field of a type JSON reads only as null (a library's interface, or a collection of them) is not written: both
     * engines leave it out (one wrote each element's getters, the call's arguments held by a validation exception
     * among them). The JDK's own interfaces are written as before.
     */
    @Test
    void fieldsThatCannotBeReadBackAreNotWritten() throws Exception {
        String j = json(new ViolationsException("bad", Set.of(() -> "secret"), 42));
        assertThat(j).contains("\"code\":42").contains("\"foos\":[").doesNotContain("secret");
        assertThat(j).doesNotContain("violations");
        assertThat(j).as("a field of the JDK's CharSequence").contains("\"detail\":\"a detail\"");
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

    static final String SUPPRESSED = "{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"top\","
            + "\"cause\":{\"exception\":\"java.lang.IllegalArgumentException\",\"message\":\"c\"},"
            + "\"suppressed\":[{\"exception\":\"java.lang.IllegalArgumentException\",\"message\":\"s1\"},"
            + "{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"s2\","
            + "\"cause\":{\"exception\":\"java.lang.IllegalArgumentException\",\"message\":\"s2c\"}}]}";

    /**
     * Suppressed exceptions (try-with-resources, a close that failed too) arrive as over hessian2: written as a
     * {@code "suppressed"} array after the cause, each a tree of its own, and restored with addSuppressed.
     */
    @Test
    void suppressedExceptionsAreWrittenAsAnArrayAndRestored() throws Exception {
        IllegalStateException top = new IllegalStateException("top", new IllegalArgumentException("c"));
        top.addSuppressed(new IllegalArgumentException("s1"));
        top.addSuppressed(new IllegalStateException("s2", new IllegalArgumentException("s2c")));
        assertThat(json(top)).isEqualTo(SUPPRESSED);

        Throwable back = rebuild(SUPPRESSED);
        assertThat(back).isExactlyInstanceOf(IllegalStateException.class).hasMessage("top");
        assertThat(back.getCause())
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("c");
        assertThat(back.getSuppressed()).hasSize(2);
        assertThat(back.getSuppressed()[0])
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("s1");
        assertThat(back.getSuppressed()[1])
                .isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("s2");
        assertThat(back.getSuppressed()[1].getCause()).hasMessage("s2c");
    }

    /** A tree without "suppressed" (a writer of before) reads as it did; one with them is read by old readers. */
    @Test
    void aTreeWithoutSuppressedReadsAsBefore() throws Exception {
        Throwable back = rebuild("{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"top\","
                + "\"cause\":{\"exception\":\"java.lang.IllegalArgumentException\",\"message\":\"c\"}}");
        assertThat(back).isExactlyInstanceOf(IllegalStateException.class).hasMessage("top");
        assertThat(back.getCause()).hasMessage("c");
        assertThat(back.getSuppressed()).isEmpty();
        assertThat(json(new IllegalStateException("top", new IllegalArgumentException("c"))))
                .as("nothing is added to an exception that suppressed none")
                .doesNotContain("suppressed");
    }

    /**
     * An exception read after its framework was destroyed (an answer that came late) has no allow-list to pass: it
     * arrives as a RemoteException naming it, and its class is never initialized (it was loaded and made).
     */
    @Test
    void withTheFrameworkGoneNoExceptionClassIsMade() {
        FrameworkModel gone = new FrameworkModel();
        gone.destroy();
        byte[] b = ("{\"exception\":\"" + GadgetException.class.getName() + "\",\"message\":\"late\"}")
                .getBytes(StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Map<String, Object> tree = (Map<String, Object>) codec().read(b, 0, b.length, Object.class);
        Throwable back = ThrowableJson.rebuild(tree, codec(), getClass().getClassLoader(), gone);
        assertThat(back).isExactlyInstanceOf(RemoteException.class).hasMessageContaining("late");
        assertThat(((RemoteException) back).getRemoteClassName()).isEqualTo(GadgetException.class.getName());
        assertThat(GadgetFlags.gadgetException)
                .as("GadgetException initialized")
                .isFalse();
    }

    /**
     * A suppressed exception is rebuilt as any other, through Dubbo's serialize allow-list: a class it does not
     * admit, or that is no Throwable, arrives as a RemoteException naming it, and is never initialized.
     */
    @Test
    void suppressedExceptionsPassTheAllowList() {
        Throwable back = rebuild("{\"exception\":\"java.lang.IllegalStateException\",\"message\":\"top\","
                + "\"suppressed\":[{\"exception\":\"" + Model.DetailedException.class.getName()
                + "\",\"message\":\"a\"},"
                + "{\"exception\":\"" + GadgetThrowable.class.getName() + "\",\"message\":\"b\"},"
                + "{\"exception\":\"com.sun.rowset.JdbcRowSetImpl\",\"message\":\"c\"}, 7, \"x\", null]}");
        assertThat(back).isExactlyInstanceOf(IllegalStateException.class).hasMessage("top");
        assertThat(back.getSuppressed()).hasSize(3).allSatisfy(s -> assertThat(s)
                .isExactlyInstanceOf(RemoteException.class));
        assertThat(((RemoteException) back.getSuppressed()[0]).getRemoteClassName())
                .isEqualTo(Model.DetailedException.class.getName());
        assertThat(back.getSuppressed()[0].getMessage()).contains("allow-list");
        assertThat(((RemoteException) back.getSuppressed()[1]).getRemoteClassName())
                .isEqualTo(GadgetThrowable.class.getName());
        assertThat(GadgetFlags.gadgetThrowable)
                .as("GadgetThrowable initialized")
                .isFalse();
    }

    /**
     * An exception whose class has no constructor that takes a message is made without one, and so records no
     * suppressed exceptions by itself: they are restored all the same.
     */
    @Test
    void anExceptionMadeWithoutAConstructorGetsItsSuppressedOnesToo() throws Exception {
        framework
                .getBeanFactory()
                .getOrRegisterBean(SerializeSecurityManager.class)
                .addToAllowed(Model.BizException.class.getName());
        Model.BizException e = new Model.BizException("biz", 4, null);
        e.addSuppressed(new IllegalStateException("close failed"));
        Throwable back = rebuild(json(e));
        assertThat(back).isExactlyInstanceOf(Model.BizException.class).hasMessage("biz");
        assertThat(((Model.BizException) back).getCode()).isEqualTo(4);
        assertThat(back.getSuppressed()).singleElement().satisfies(s -> assertThat(s)
                .isExactlyInstanceOf(IllegalStateException.class)
                .hasMessage("close failed"));
    }

    /**
     * At most 8 suppressed exceptions of one exception (its first) and 32 exceptions in one tree, written and read:
     * suppressed ones can nest, and even refer back to each other, so nothing else would bound a tree.
     */
    @Test
    void suppressedExceptionsAreCapped() throws Exception {
        IllegalStateException many = new IllegalStateException("many");
        for (int i = 0; i < 20; i++) {
            many.addSuppressed(new IllegalArgumentException("s" + i));
        }
        Throwable back = rebuild(json(many));
        assertThat(back.getSuppressed()).hasSize(ThrowableJson.MAX_SUPPRESSED);
        assertThat(back.getSuppressed()[7]).hasMessage("s7");

        IllegalStateException a = new IllegalStateException("a");
        IllegalStateException b = new IllegalStateException("b");
        a.addSuppressed(b);
        b.addSuppressed(a);
        for (int i = 0; i < 7; i++) {
            a.addSuppressed(chainOf(12));
            b.addSuppressed(chainOf(12));
        }
        String tree = json(a);
        assertThat(count(tree, "\"exception\":")).isEqualTo(ThrowableJson.MAX_EXCEPTIONS);
        assertThat(count(rebuild(tree))).isEqualTo(ThrowableJson.MAX_EXCEPTIONS);

        // a hostile tree: 4 levels of 9 suppressed exceptions each (6,561), read no further than a written one
        String nested = "{\"exception\":\"java.lang.IllegalStateException\"}";
        for (int level = 0; level < 4; level++) {
            StringBuilder sb = new StringBuilder("{\"exception\":\"java.lang.IllegalStateException\",\"suppressed\":[");
            for (int i = 0; i < 9; i++) {
                sb.append(i == 0 ? "" : ",").append(nested);
            }
            nested = sb.append("]}").toString();
        }
        Throwable hostile = rebuild(nested);
        assertThat(count(hostile)).isEqualTo(ThrowableJson.MAX_EXCEPTIONS);
        assertThat(hostile.getSuppressed()).hasSizeLessThanOrEqualTo(ThrowableJson.MAX_SUPPRESSED);
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    /** The exceptions of a rebuilt tree: it, its causes and its suppressed ones, each counted once. */
    private static int count(Throwable t) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> todo = new ArrayDeque<>(List.of(t));
        while (!todo.isEmpty()) {
            Throwable e = todo.pop();
            if (seen.add(e)) {
                if (e.getCause() != null) {
                    todo.push(e.getCause());
                }
                todo.addAll(Arrays.asList(e.getSuppressed()));
            }
        }
        return seen.size();
    }
}
