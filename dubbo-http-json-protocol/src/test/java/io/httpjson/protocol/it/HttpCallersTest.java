package io.httpjson.protocol.it;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** The same service called as curl, a gateway or a browser would: plain HTTP/1.1 and JSON, no Dubbo. */
class HttpCallersTest {

    @RegisterExtension
    static DubboServer server = DubboServer.builder()
            .param("payload", String.valueOf(64 * 1024))
            .param("httpjson.gzip-threshold", "1024")
            .service(TestService.class, new TestServiceImpl())
            .service(
                    TestService.class,
                    new TestServiceImpl() {
                        @Override
                        public String hello(String name) {
                            return "v2 " + name;
                        }
                    },
                    s -> {
                        s.setVersion("2.0.0");
                        s.setGroup("blue");
                    })
            .build();

    private static final String SVC = "/io.httpjson.protocol.api.TestService/";

    private static HttpResponse<String> post(String method, String json, String... headers) {
        return Http.post(server.baseUrl() + SVC + method, json, headers);
    }

    @Test
    void argumentsAsArrayObjectOrBareValue() {
        assertThat(post("hello", "[\"world\"]").body()).isEqualTo("\"Hello, world\"");
        assertThat(post("hello", "\"bare\"").body()).isEqualTo("\"Hello, bare\"");
        assertThat(post("hello", "{\"name\":\"named\"}").body()).isEqualTo("\"Hello, named\"");
        assertThat(post("concat", "{\"b\":\"2\",\"a\":\"1\"}").body()).isEqualTo("\"12\"");
        assertThat(post("concat", "[\"1\",\"2\"]").body()).isEqualTo("\"12\"");
        assertThat(post("users", "[1,2]").body()).contains("\"user-1\"", "\"user-2\"");
        assertThat(post("users", "[[3]]").body()).contains("\"user-3\"").doesNotContain("user-1");
        assertThat(post("doubled", "[1,2,3]").body()).isEqualTo("[2,4,6]");
    }

    @Test
    void returnValuesAreJson() {
        HttpResponse<String> r = post("getUser", "[42]");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
        assertThat(r.body())
                .contains(
                        "\"name\":\"user-42\"",
                        "\"birthday\":\"1990-01-31\"",
                        "\"createdAt\":\"2024-02-29T10:15:30.123\"",
                        "\"status\":\"ACTIVE\"",
                        "\"balance\":12345678901234567890.123456789",
                        "\"avatar\":\"AAEC/4A=\"");
        assertThat(post("big", "[9007199254740993]").body()).isEqualTo("9007199254740994");
        HttpResponse<String> v = post("ping", "[]");
        assertThat(v.statusCode()).isEqualTo(200);
        assertThat(v.body()).isEmpty();
        assertThat(post("nullable", "[null]").body()).isEqualTo("null");
    }

    @Test
    void errorsAreJsonWithTheRightStatus() {
        assertError(post("nope", "[]"), 404, "METHOD_NOT_FOUND", "hello(java.lang.String name)");
        assertError(
                Http.post(server.baseUrl() + "/com.acme.Missing/x", "[]"),
                404,
                "SERVICE_NOT_FOUND",
                "io.httpjson.protocol.api.TestService");
        assertError(post("hello", "[\"a\""), 400, "BAD_REQUEST", "hello");
        assertError(post("hello", "[\"a\",\"b\"]"), 400, "BAD_REQUEST", "1");
        assertError(post("big", "[\"not a number\"]"), 400, "BAD_REQUEST", "big");
        assertError(
                post("hello", "[1]", "Content-Type", "application/x-www-form-urlencoded"),
                415,
                "UNSUPPORTED_MEDIA_TYPE",
                "application/json");
        assertError(post("hello", "\"" + "x".repeat(70 * 1024) + "\""), 413, "PAYLOAD_TOO_LARGE", "65536");
        HttpResponse<String> get = Http.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + SVC + "hello"))
                .GET()
                .build());
        assertError(get, 405, "METHOD_NOT_ALLOWED", "POST");
        assertThat(get.headers().firstValue("Allow")).hasValue("POST");
        // the server keeps serving after all of that
        assertThat(post("hello", "[\"still here\"]").body()).isEqualTo("\"Hello, still here\"");
    }

    @Test
    void businessExceptionBody() {
        HttpResponse<String> r = post("fail", "[\"no such user\", 404]");
        assertError(r, 500, "BUSINESS_EXCEPTION", "no such user");
        assertThat(r.body()).contains("\"exception\":\"io.httpjson.protocol.api.Types$BizException\"", "\"code\":404");
    }

    @Test
    void versionAndGroupFromHeadersOrQuery() {
        assertThat(post("hello", "[\"x\"]").body()).isEqualTo("\"Hello, x\"");
        assertThat(post("hello", "[\"x\"]", "Dubbo-Service-Version", "2.0.0", "Dubbo-Service-Group", "blue")
                        .body())
                .isEqualTo("\"v2 x\"");
        assertThat(Http.post(server.baseUrl() + SVC + "hello?version=2.0.0&group=blue", "[\"q\"]")
                        .body())
                .isEqualTo("\"v2 q\"");
        assertError(post("hello", "[\"x\"]", "Dubbo-Service-Version", "9.9"), 404, "SERVICE_NOT_FOUND", "2.0.0");
    }

    @Test
    void overloadsByArityOrHeader() {
        assertThat(post("overloaded", "[\"s\", 1]").body()).isEqualTo("\"both:s1\"");
        assertError(post("overloaded", "[\"s\"]"), 404, "METHOD_NOT_FOUND", "Dubbo-Parameter-Types");
        assertThat(post("overloaded", "[\"s\"]", "Dubbo-Parameter-Types", "java.lang.String")
                        .body())
                .isEqualTo("\"string:s\"");
        assertThat(post("overloaded", "[7]", "Dubbo-Parameter-Types", "int").body())
                .isEqualTo("\"int:7\"");
    }

    @Test
    void attachmentsAsHeaders() {
        HttpResponse<String> r = post("echoAttachment", "[\"k\"]", "Dubbo-Attachments", "k=v%20%E2%9C%93,other=1");
        assertThat(r.body()).isEqualTo("\"v ✓\"");
        assertThat(r.headers().firstValue("Dubbo-Attachments"))
                .hasValueSatisfying(h -> assertThat(h).contains("reply-k=seen%3Av%20%E2%9C%93"));
        assertError(post("echoAttachment", "[\"k\"]", "Dubbo-Attachments", "broken"), 400, "BAD_REQUEST", "key=value");
    }

    @Test
    void gzipBothWays() throws Exception {
        String big = "y".repeat(4000);
        ByteArrayOutputStream zipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(zipped)) {
            gz.write(("[\"" + big + "\"]").getBytes(StandardCharsets.UTF_8));
        }
        HttpResponse<byte[]> r =
                Http.sendForBytes(HttpRequest.newBuilder(URI.create(server.baseUrl() + SVC + "nullable"))
                        .header("Content-Type", "application/json")
                        .header("Content-Encoding", "gzip")
                        .header("Accept-Encoding", "gzip")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(zipped.toByteArray()))
                        .build());
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Encoding")).hasValue("gzip");
        String body = new String(
                new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(r.body())).readAllBytes(),
                StandardCharsets.UTF_8);
        assertThat(body).isEqualTo("\"" + big + "\"");
        // without Accept-Encoding the same answer comes plain
        assertThat(post("nullable", "[\"" + big + "\"]").headers().firstValue("Content-Encoding"))
                .isEmpty();
    }

    @Test
    void genericInvokeOverHttp() {
        assertThat(post(
                                "$invoke",
                                "[\"hello\", [\"java.lang.String\"], [\"generic\"]]",
                                "Dubbo-Attachments",
                                "generic=true")
                        .body())
                .isEqualTo("\"Hello, generic\"");
        assertThat(post("$invoke", "[\"getUser\", [\"long\"], [3]]").body()).contains("\"name\":\"user-3\"");
        // read as the method's own types: an enum, a list of POJOs, a map, no types for a method of one name
        String generic = "generic=true";
        assertThat(post(
                                "$invoke",
                                "[\"flip\", [\"io.httpjson.protocol.api.Types$Status\"], [\"ACTIVE\"]]",
                                "Dubbo-Attachments",
                                generic)
                        .body())
                .isEqualTo("\"LOCKED\"");
        assertThat(post(
                                "$invoke",
                                "[\"userArray\", [\"io.httpjson.protocol.api.Types$User[]\"], [[{\"id\":4}]]]",
                                "Dubbo-Attachments",
                                generic)
                        .body())
                .contains("\"id\":4");
        assertThat(post("$invoke", "[\"echo\", null, [{\"a\":[1,2]}]]", "Dubbo-Attachments", generic)
                        .body())
                .isEqualTo("{\"a\":[1,2]}");
    }

    @Test
    void curl() throws Exception {
        List<String> out = run(
                "curl",
                "-s",
                "-w",
                "\\n%{http_code}",
                "-H",
                "Content-Type: application/json",
                "-d",
                "[\"curl\"]",
                server.baseUrl() + SVC + "hello");
        assertThat(out).containsExactly("\"Hello, curl\"", "200");
        List<String> err = run(
                "curl",
                "-s",
                "-w",
                "\\n%{http_code}",
                "-H",
                "Content-Type: application/json",
                "-d",
                "[1,2,3]",
                server.baseUrl() + SVC + "hello");
        assertThat(err.get(0)).contains("\"code\":\"BAD_REQUEST\"");
        assertThat(err.get(1)).isEqualTo("400");
    }

    @Test
    void pythonStandardLibrary() throws Exception {
        String script = String.join(
                "\n",
                "import json, sys, urllib.request, urllib.error",
                "base = sys.argv[1]",
                "def call(method, args, headers={}):",
                "    req = urllib.request.Request(base + method, data=json.dumps(args).encode(),",
                "        headers=dict({'Content-Type': 'application/json'}, **headers), method='POST')",
                "    try:",
                "        with urllib.request.urlopen(req, timeout=10) as r:",
                "            body = r.read()",
                "            return r.status, json.loads(body) if body else None",
                "    except urllib.error.HTTPError as e:",
                "        return e.code, json.loads(e.read())",
                "s, v = call('hello', ['python'])",
                "assert (s, v) == (200, 'Hello, python'), (s, v)",
                "s, v = call('getUser', [5])",
                "assert s == 200 and v['data']['name'] == 'user-5' and v['data']['tags'] == ['a', 'b'], v",
                "s, v = call('big', [2**62])",
                "assert v == 2**62 + 1, v",
                "s, v = call('fail', ['boom', 7])",
                "assert s == 500 and v['code'] == 'BUSINESS_EXCEPTION' and v['message'] == 'boom', v",
                "s, v = call('nope', [])",
                "assert s == 404 and v['code'] == 'METHOD_NOT_FOUND', v",
                "print('python ok')");
        java.nio.file.Path file = java.nio.file.Files.createTempFile("httpjson", ".py");
        java.nio.file.Files.writeString(file, script);
        assertThat(run("python3", file.toString(), server.baseUrl() + SVC)).containsExactly("python ok");
    }

    private static List<String> run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(30, TimeUnit.SECONDS))
                .as("%s finished", command[0])
                .isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }

    static void assertError(HttpResponse<String> r, int status, String code, String messagePart) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("application/json"));
        assertThat(r.body())
                .contains("\"code\":\"" + code + "\"", "\"status\":" + status, "\"help\":")
                .contains(messagePart);
    }
}
