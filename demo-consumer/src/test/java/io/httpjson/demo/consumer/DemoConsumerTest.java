package io.httpjson.demo.consumer;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import io.httpjson.demo.provider.DemoProvider;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The demo's main command, self-contained: consumer plus in-process provider on free loopback ports. */
class DemoConsumerTest {

    @Test
    void everyCallSucceedsOverDubbo() {
        assertDemoPasses("dubbo");
    }

    @Test
    void everyCallSucceedsOverHttpjson() {
        assumeTrue(DemoProvider.httpjsonAvailable(), "httpjson protocol not on the classpath yet");
        assertDemoPasses("httpjson");
    }

    @Test
    void exitsNonZeroWhenNothingAnswers() {
        int port = DemoProvider.freeLoopbackPort();
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int exit = DemoConsumer.run(
                new String[] {"--protocol", "dubbo", "--port", String.valueOf(port)},
                new PrintStream(buffer, true, StandardCharsets.UTF_8));
        assertThat(exit).as(buffer.toString(StandardCharsets.UTF_8)).isEqualTo(1);
    }

    private static void assertDemoPasses(String protocol) {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int exit = DemoConsumer.run(
                new String[] {"--protocol", protocol, "--embedded-provider"},
                new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String output = buffer.toString(StandardCharsets.UTF_8);
        System.out.println(output);
        assertThat(output)
                .contains("ALL CALLS OK")
                .contains("OK   UserService.getUser(999) throws UserNotFoundException");
        assertThat(exit).as(output).isZero();
    }
}
