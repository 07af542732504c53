package io.httpjson.protocol.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every error body links to a section of docs/troubleshooting.md: each of those sections must exist. */
class ErrorCodeTest {

    @Test
    void everyHelpLinkNamesASectionOfTheTroubleshootingGuide() throws IOException {
        Path guide = Path.of("..", Wire.HELP);
        Set<String> anchors = Files.readAllLines(guide).stream()
                .filter(l -> l.startsWith("## "))
                .map(l -> l.substring(3).trim().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(code.help()).startsWith(Wire.HELP + "#");
            assertThat(anchors)
                    .as("section for " + code)
                    .contains(code.help().substring(code.help().indexOf('#') + 1));
        }
    }
}
