package io.httpjson.protocol.it;

import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.registry.EchoService;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One port that exports one interface in many groups, as an application with hundreds of services does: each call
 * reaches its group's service, and a refusal lists a bounded number of them (any caller can ask for one, and the
 * list would otherwise grow with every export).
 */
class ManyServicesTest {

    static final int GROUPS = 40;
    static final String ECHO = "/" + EchoService.class.getName() + "/echo";

    @RegisterExtension
    static DubboServer server = groups(DubboServer.builder().service(TestService.class, new TestServiceImpl()))
            .build();

    private static DubboServer.Builder groups(DubboServer.Builder b) {
        for (int i = 0; i < GROUPS; i++) {
            String group = String.format("g%02d", i);
            b.service(EchoService.class, s -> group + ":" + s, s -> s.setGroup(group));
        }
        return b;
    }

    @Test
    void eachGroupAnswersForItself() {
        for (String group : new String[] {"g00", "g17", "g39"}) {
            HttpResponse<String> r = Http.post(server.baseUrl() + ECHO, "[\"x\"]", "Dubbo-Service-Group", group);
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEqualTo("\"" + group + ":x\"");
        }
        EchoService g21 = server.reference(EchoService.class, ref -> ref.setGroup("g21"));
        assertThat(g21.echo("y")).isEqualTo("g21:y");
    }

    @Test
    void anUnknownPathListsSomeServicesAndHowManyMore() {
        HttpResponse<String> r = Http.post(server.baseUrl() + "/no.such.Service/call", "[]");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(r.body()).contains("SERVICE_NOT_FOUND");
        // 41 exports: the first 32 by name (TestService, in package api, then 31 of EchoService's groups), then
        // how many more
        assertThat(listed(r.body())).isEqualTo(31);
        assertThat(r.body())
                .contains("exported: [" + TestService.class.getName() + ", ")
                .contains("group g30, and 9 more")
                .doesNotContain("g31");
    }

    @Test
    void anUnknownGroupListsSomeOfThePathsExports() {
        HttpResponse<String> r = Http.post(server.baseUrl() + ECHO, "[\"x\"]", "Dubbo-Service-Group", "nope");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(listed(r.body())).isEqualTo(32);
        assertThat(r.body()).contains(", and 8 more]");
        // with no group at all, as many: the path is exported more than once
        r = Http.post(server.baseUrl() + ECHO, "[\"x\"]");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(listed(r.body())).isEqualTo(32);
    }

    private static int listed(String body) {
        Matcher m = Pattern.compile(Pattern.quote(EchoService.class.getName()) + " group g\\d\\d")
                .matcher(body);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
