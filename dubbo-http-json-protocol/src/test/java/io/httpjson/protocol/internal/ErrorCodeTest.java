package io.httpjson.protocol.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Every error body links to a section of docs/troubleshooting.md: each of those sections must exist. */
class ErrorCodeTest {

    @Test
    void everyHelpLinkNamesASectionOfTheTroubleshootingGuide() throws IOException {
        Path guide = Path.of("..", "docs", Wire.HELP_PAGE);
        Set<String> anchors = Files.readAllLines(guide).stream()
                .filter(l -> l.startsWith("## "))
                .map(l -> l.substring(3).trim().toLowerCase(Locale.ROOT))
                .collect(Collectors.toSet());
        HttpJsonConfig defaults = HttpJsonConfig.of(URL.valueOf("httpjson://127.0.0.1:8090/x.Y"));
        for (ErrorCode code : ErrorCode.values()) {
            assertThat(anchors).as("section for " + code).contains(code.section());
            assertThat(defaults.help(code))
                    .isEqualTo(
                            "https://github.com/httpjson/httpjson/blob/main/docs/troubleshooting.md#" + code.section());
        }
    }

    @Test
    void theConsumersOwnMessagesLinkToThePublishedGuide() {
        assertThat(Wire.HELP).isEqualTo(Wire.DOCS_URL + "troubleshooting.md").startsWith("https://");
    }
}
