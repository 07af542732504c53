package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.List;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.common.utils.DefaultSerializeClassChecker;
import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dubbo's GenericFilter takes the {@code generic} attachment case-insensitively ({@code TRUE}, {@code True}) and a
 * blank one as its default mode, and then makes every map with a {@code "class"} key into that class (PojoUtils).
 * httpjson's generic-call guard must treat those spellings as the default mode too: re-read the arguments as the
 * method's types and refuse {@code "class"} keys, as it does for {@code generic=true}.
 */
class GenericModeSpellingTest {

    static final String SVC = "/io.httpjson.protocol.api.TestService/";
    static final String BODY = "[\"echo\", [\"java.lang.Object\"], [{\"class\":\"" + SerializableGadget.class.getName()
            + "\",\"command\":\"x\"}]]";

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .service(TestService.class, new TestServiceImpl())
            .build();

    private static RawHttp.Response call(String mode) throws IOException {
        return RawHttp.exchange(
                server.port(), RawHttp.post(SVC + "$invoke", BODY, "Dubbo-Attachments: generic=" + mode));
    }

    @Test
    void everyDefaultModeSpellingRefusesClassKeys() throws IOException {
        for (String mode : List.of("true", "TRUE", "True", "%20")) {
            RawHttp.Response r = call(mode);
            assertThat(r.status()).as("generic=%s -> %s", mode, r).isEqualTo(400);
            assertThat(r.text()).as("generic=%s", mode).contains("\\\"class\\\" key");
        }
        BadInputTest.noGadgetWasEverLoaded();
    }

    /** In WARN mode (which lets an unlisted class through with a warning) the "class" key reaches the gadget. */
    @Test
    void aClassKeyNeverSelectsAClassInWarnMode() throws IOException {
        // GenericFilter's PojoUtils asks the default framework model's checker (not the provider's)
        DefaultSerializeClassChecker checker = DefaultSerializeClassChecker.getInstance();
        SerializeCheckStatus before = status(checker);
        checker.notifyCheckStatus(SerializeCheckStatus.WARN);
        try {
            RawHttp.Response r = call("TRUE");
            assertThat(GadgetFlag.constructed)
                    .as("gadget instantiated from a \"class\" key (%s)", r)
                    .isFalse();
            assertThat(r.status()).as("%s", r).isEqualTo(400);
        } finally {
            checker.notifyCheckStatus(before);
        }
    }

    /**
     * The checker's status as it is (it has no getter), so that it is put back as it was and not to Dubbo's default
     * STRICT: the tests that run after in this JVM (generic calls over dubbo, realized by the same checker) see what
     * they would have seen without this one.
     */
    private static SerializeCheckStatus status(DefaultSerializeClassChecker checker) {
        try {
            Field f = DefaultSerializeClassChecker.class.getDeclaredField("checkStatus");
            f.setAccessible(true);
            return (SerializeCheckStatus) f.get(checker);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
