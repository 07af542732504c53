package io.httpjson.protocol.reliability;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import io.httpjson.protocol.api.TestService;
import io.httpjson.protocol.api.TestServiceImpl;
import io.httpjson.protocol.testing.DubboServer;
import io.httpjson.protocol.testing.Http;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Hostile and broken requests against a real httpjson provider (once per JSON engine): every one gets its
 * documented status with a JSON error body that names the problem, and the provider answers the next valid call.
 */
class BadInputTest {

    static final int PAYLOAD = 1024 * 1024;
    static final String SVC = "/io.httpjson.protocol.api.TestService/";
    static final String GADGET = "io.httpjson.protocol.reliability.Gadget";

    @RegisterExtension
    static DubboServer fastjson = DubboServer.builder()
            .param("payload", String.valueOf(PAYLOAD))
            .service(TestService.class, new TestServiceImpl())
            .build();

    @RegisterExtension
    static DubboServer gson = DubboServer.builder()
            .param("payload", String.valueOf(PAYLOAD))
            .param("serialization", "gson-text")
            .service(TestService.class, new TestServiceImpl())
            .build();

    /** Slow clients: a provider whose idle timeout is short. */
    @RegisterExtension
    static DubboServer impatient = DubboServer.builder()
            .param("httpjson.idle-timeout", "300")
            .service(TestService.class, new TestServiceImpl())
            .build();

    static final AtomicLong CASES = Figures.counter("Bad input (server)", "hostile requests tried");
    static final AtomicLong RECOVERED = Figures.counter("Bad input (server)", "valid calls answered right after one");

    /** One hostile request and what the provider must answer, the same in both JSON engines. */
    record Case(String name, byte[] request, int status, String code, String fragment) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case c(String name, byte[] request, int status, String code, String fragment) {
        return new Case(name, request, status, code, fragment);
    }

    static Case post(
            String name, String method, String body, int status, String code, String fragment, String... headers) {
        return c(name, RawHttp.post(SVC + method, body, headers), status, code, fragment);
    }

    static byte[] bytes(String prefix, byte[] middle, String suffix) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(prefix.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(middle);
        out.writeBytes(suffix.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    static byte[] gzip(byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(data);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toByteArray();
    }

    static List<Case> cases() {
        List<Case> l = new ArrayList<>();
        // malformed and truncated JSON
        l.add(post("truncated array", "hello", "[\"a\"", 400, "BAD_REQUEST", "hello"));
        l.add(post("lone bracket", "hello", "[", 400, "BAD_REQUEST", "hello"));
        l.add(post("truncated object", "concat", "{\"a\":", 400, "BAD_REQUEST", "concat"));
        l.add(post("truncated string", "hello", "[\"abc", 400, "BAD_REQUEST", "hello"));
        l.add(post("bad literal", "hello", "[tru]", 400, "BAD_REQUEST", "hello"));
        l.add(post("single quotes", "concat", "['a','b']", 400, "BAD_REQUEST", "single quotes"));
        l.add(post("trailing garbage", "hello", "[\"a\"] xyz", 400, "BAD_REQUEST", "hello"));
        l.add(post("two documents", "hello", "[\"a\"][\"b\"]", 400, "BAD_REQUEST", "hello"));
        l.add(post("binary garbage", "hello", "\u0000\u0001\u0002\u0003", 400, "BAD_REQUEST", "hello"));
        l.add(post("unterminated escape", "hello", "[\"\\u12\"]", 400, "BAD_REQUEST", "hello"));
        l.add(post("comment", "hello", "[/* hi */ \"a\"]", 400, "BAD_REQUEST", "comments are not JSON"));
        l.add(post("line comment", "hello", "// hi\n[\"a\"]", 400, "BAD_REQUEST", "comments are not JSON"));
        l.add(post(
                "raw control character in a string",
                "hello",
                "[\"a\u0001b\"]",
                400,
                "BAD_REQUEST",
                "raw control character U+0001"));
        l.add(post("raw newline in a string", "hello", "[\"a\nb\"]", 400, "BAD_REQUEST", "U+000A"));
        l.add(post("trailing comma", "concat", "[\"a\",\"b\",]", 400, "BAD_REQUEST", "trailing comma"));
        l.add(post("unquoted keys", "concat", "{a:\"1\",b:\"2\"}", 400, "BAD_REQUEST", "quoted"));
        l.add(post("leading zeros", "big", "[007]", 400, "BAD_REQUEST", "leading zeros"));
        l.add(post("Infinity", "echo", "[Infinity]", 400, "BAD_REQUEST", "NaN and Infinity"));
        // wrong arity
        l.add(post("too many arguments", "hello", "[\"a\",\"b\"]", 400, "BAD_REQUEST", "1"));
        l.add(post("too few arguments", "concat", "[\"a\"]", 400, "BAD_REQUEST", "2"));
        l.add(post("argument for none", "ping", "[1]", 400, "BAD_REQUEST", "ping"));
        l.add(post("scalar for two", "concat", "\"a\"", 400, "BAD_REQUEST", "concat"));
        l.add(post("unknown named argument", "concat", "{\"a\":\"1\",\"zz\":\"2\"}", 400, "BAD_REQUEST", "zz"));
        // wrong types
        l.add(post("string for long", "big", "[\"x\"]", 400, "BAD_REQUEST", "big"));
        l.add(post("object for long", "getUser", "[{\"a\":1}]", 400, "BAD_REQUEST", "getUser"));
        l.add(post("string for int[]", "doubled", "\"no\"", 400, "BAD_REQUEST", "doubled"));
        l.add(post(
                "unknown enum",
                "flip",
                "[\"NOPE\"]",
                400,
                "BAD_REQUEST",
                "argument 0 (Status): expected one of the constants [ACTIVE, LOCKED] (Status) but found \"NOPE\""));
        l.add(post(
                "unknown enum in a POJO",
                "userArray",
                "[[{\"id\":1,\"status\":\"GONE\"}]]",
                400,
                "BAD_REQUEST",
                "argument 0 (User[])[0].status"));
        l.add(post(
                "bad date",
                "plusDays",
                "[\"yesterday\", 1]",
                400,
                "BAD_REQUEST",
                "argument 0 (LocalDateTime): expected an ISO-8601 LocalDateTime string but found \"yesterday\""));
        l.add(post(
                "bad date in a POJO",
                "userArray",
                "[[{\"id\":1,\"birthday\":\"31.01.2024\"}]]",
                400,
                "BAD_REQUEST",
                "[0].birthday: expected an ISO-8601 LocalDate"));
        l.add(post(
                "object for a List",
                "users",
                "{\"a\":1}",
                400,
                "BAD_REQUEST",
                "expected an array (List<Long>) but found an object"));
        l.add(post(
                "number for a List field",
                "userArray",
                "[[{\"id\":1,\"tags\":5}]]",
                400,
                "BAD_REQUEST",
                "argument 0 (User[])[0].tags: expected an array (List<String>) but found 5"));
        l.add(post(
                "object for a List field",
                "userArray",
                "[[{\"id\":1,\"tags\":{\"a\":\"b\"}}]]",
                400,
                "BAD_REQUEST",
                "[0].tags: expected an array"));
        l.add(post(
                "number in a List<String>",
                "userArray",
                "[[{\"id\":1,\"tags\":[\"a\",\"b\",3]}]]",
                400,
                "BAD_REQUEST",
                "[0].tags[2]: expected a string but found 3"));
        l.add(post(
                "scalar for a POJO",
                "userArray",
                "[[1]]",
                400,
                "BAD_REQUEST",
                "[0]: expected an object (User) but found 1"));
        l.add(post(
                "string for int",
                "doubled",
                "[\"1\"]",
                400,
                "BAD_REQUEST",
                "expected an integer (int) but found the string"));
        l.add(post("string for a long field", "userArray", "[[{\"id\":\"1\"}]]", 400, "BAD_REQUEST", "[0].id"));
        l.add(post("strings for List<Long>", "users", "[[\"x\"]]", 400, "BAD_REQUEST", "users"));
        l.add(post("array for map", "byName", "[[1,2]]", 400, "BAD_REQUEST", "byName"));
        l.add(post("bad base64", "echoBytes", "[\"%%%\"]", 400, "BAD_REQUEST", "echoBytes"));
        l.add(post("bad big decimal", "add", "[\"1.2.3\", 1]", 400, "BAD_REQUEST", "add"));
        // unknown service, method, version, group; bad paths
        l.add(post("path traversal", "../../com.acme.Nope/hello", "[]", 400, "BAD_REQUEST", "400"));
        l.add(c(
                "unknown service path",
                RawHttp.post("/com.acme.Nope/hello", "[]"),
                404,
                "SERVICE_NOT_FOUND",
                "com.acme.Nope"));
        l.add(post("unknown method", "nope", "[]", 404, "METHOD_NOT_FOUND", "nope"));
        l.add(post(
                "unknown version",
                "hello",
                "[\"a\"]",
                404,
                "SERVICE_NOT_FOUND",
                "9.9.9",
                "Dubbo-Service-Version: 9.9.9"));
        l.add(post(
                "unknown group",
                "hello",
                "[\"a\"]",
                404,
                "SERVICE_NOT_FOUND",
                "nogroup",
                "Dubbo-Service-Group: nogroup"));
        l.add(c(
                "no method in path",
                RawHttp.post("/io.httpjson.protocol.api.TestService", "[]"),
                404,
                "SERVICE_NOT_FOUND",
                "/{interface}/{method}"));
        l.add(c("root path", RawHttp.post("/", "[]"), 404, "SERVICE_NOT_FOUND", "/{interface}/{method}"));
        l.add(post(
                "unknown overload",
                "overloaded",
                "[\"a\"]",
                404,
                "METHOD_NOT_FOUND",
                "Dubbo-Parameter-Types",
                "Dubbo-Parameter-Types: java.lang.Thread"));
        // empty body
        l.add(post("empty body", "hello", "", 400, "BAD_REQUEST", "empty body"));
        l.add(post("blank body", "concat", "  \r\n ", 400, "BAD_REQUEST", "empty body"));
        // size
        String within = "x".repeat(PAYLOAD - 64);
        l.add(post("huge string within payload", "nullable", "[\"" + within + "\"]", 200, null, within));
        l.add(post(
                "huge string beyond payload",
                "nullable",
                "[\"" + "x".repeat(PAYLOAD) + "\"]",
                413,
                "PAYLOAD_TOO_LARGE",
                String.valueOf(PAYLOAD)));
        StringBuilder ints = new StringBuilder("[");
        for (int i = 0; i < 100_000; i++) {
            ints.append(i % 10).append(',');
        }
        ints.setLength(ints.length() - 1);
        l.add(post("huge array within payload", "doubled", ints + "]", 200, null, "18,0,2"));
        l.add(post(
                "huge array beyond payload",
                "doubled",
                "[" + "7,".repeat(PAYLOAD / 2) + "7]",
                413,
                "PAYLOAD_TOO_LARGE",
                String.valueOf(PAYLOAD)));
        byte[] bomb = gzip(("[\"" + "y".repeat(4 * PAYLOAD) + "\"]").getBytes(StandardCharsets.UTF_8));
        l.add(c(
                "gzip bomb",
                RawHttp.post(SVC + "nullable", bomb, "Content-Encoding: gzip"),
                413,
                "PAYLOAD_TOO_LARGE",
                "decompressed"));
        l.add(c(
                "gzip header, plain body",
                RawHttp.post(SVC + "hello", "[\"a\"]".getBytes(StandardCharsets.UTF_8), "Content-Encoding: gzip"),
                400,
                "BAD_REQUEST",
                "gzip"));
        // deep nesting: 10^5 levels
        l.add(post(
                "10^5 nested arrays", "hello", "[".repeat(100_000) + "]".repeat(100_000), 400, "BAD_REQUEST", "hello"));
        l.add(post(
                "10^5 nested arrays, List<Long>",
                "users",
                "[".repeat(100_000) + "]".repeat(100_000),
                400,
                "BAD_REQUEST",
                "users"));
        l.add(post(
                "10^5 nested objects",
                "byName",
                "[" + "{\"a\":".repeat(100_000) + "1" + "}".repeat(100_000) + "]",
                400,
                "BAD_REQUEST",
                "byName"));
        l.add(post("10^5 unclosed arrays", "doubled", "[".repeat(100_000), 400, "BAD_REQUEST", "doubled"));
        // invalid UTF-8
        l.add(c(
                "invalid UTF-8 continuation",
                RawHttp.post(SVC + "hello", bytes("[\"", new byte[] {(byte) 0xC3, 0x28}, "\"]")),
                400,
                "BAD_REQUEST",
                "UTF-8"));
        l.add(c(
                "overlong UTF-8",
                RawHttp.post(SVC + "hello", bytes("[\"", new byte[] {(byte) 0xC0, (byte) 0xAF}, "\"]")),
                400,
                "BAD_REQUEST",
                "UTF-8"));
        l.add(c(
                "lone 0xFF",
                RawHttp.post(SVC + "hello", bytes("[\"", new byte[] {(byte) 0xFF}, "\"]")),
                400,
                "BAD_REQUEST",
                "UTF-8"));
        l.add(c(
                "truncated UTF-8 at the end",
                RawHttp.post(SVC + "hello", bytes("[\"a\"]", new byte[] {(byte) 0xE2, (byte) 0x9C}, "")),
                400,
                "BAD_REQUEST",
                "UTF-8"));
        l.add(post(
                "valid UTF-8 of 2, 3 and 4 bytes",
                "hello",
                "[\"\u00e9\u2713\ud83d\ude00\"]",
                200,
                null,
                "\u00e9\u2713\ud83d\ude00"));
        l.add(c(
                "UTF-8-encoded surrogate",
                RawHttp.post(SVC + "hello", bytes("[\"", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, "\"]")),
                400,
                "BAD_REQUEST",
                "UTF-8"));
        // half of a UTF-16 pair is no character: it could only come back changed ("?"), so it is refused
        l.add(post(
                "UTF-16 surrogate escape alone", "hello", "[\"\\ud800\"]", 400, "BAD_REQUEST", "unpaired surrogate"));
        // duplicate keys
        // documented: the last of duplicate keys wins, in both engines
        l.add(post("duplicate named argument", "concat", "{\"a\":\"1\",\"a\":\"2\",\"b\":\"3\"}", 200, null, "\"23\""));
        l.add(post("duplicate POJO field", "userArray", "[[{\"id\":1,\"id\":2}]]", 200, null, "[{\"id\":2}]"));
        // numbers out of range
        l.add(post("long overflow", "big", "[99999999999999999999999]", 400, "BAD_REQUEST", "big"));
        l.add(post("int overflow", "doubled", "[3000000000]", 400, "BAD_REQUEST", "doubled"));
        l.add(post(
                "int overflow, named",
                "plusDays",
                "{\"t\":\"2024-01-01T00:00:00\",\"days\":1e30}",
                400,
                "BAD_REQUEST",
                "argument \"days\" (int): expected an integer (int) but found 1e30"));
        l.add(post(
                "int overflow in a POJO",
                "userArray",
                "[[{\"id\":1e30}]]",
                400,
                "BAD_REQUEST",
                "[0].id: expected an integer (long)"));
        l.add(post("huge exponent", "big", "[1e999999999]", 400, "BAD_REQUEST", "big"));
        l.add(post(
                "fraction for long",
                "getUser",
                "[1.5]",
                400,
                "BAD_REQUEST",
                "argument 0 (long): expected an integer (long) but found 1.5 (not an integer)"));
        l.add(post("fraction for Long, bare", "big", "1.5", 400, "BAD_REQUEST", "not an integer"));
        l.add(post("huge exponent for BigDecimal", "add", "[1e999999999, 1]", 400, "BAD_REQUEST", "exponent beyond"));
        l.add(post("huge exponent for Object", "echo", "[1e999999999]", 400, "BAD_REQUEST", "exponent beyond"));
        l.add(post(
                "million-digit Object",
                "echo",
                "[" + "9".repeat(1_000_000) + "]",
                400,
                "BAD_REQUEST",
                "longer than 10000 characters"));
        l.add(post("NaN", "add", "[NaN, 1]", 400, "BAD_REQUEST", "add"));
        l.add(post(
                "20000-digit BigDecimal",
                "add",
                "[" + "9".repeat(20_000) + ", 1]",
                400,
                "BAD_REQUEST",
                "longer than 10000 characters"));
        l.add(post("500000-digit Long", "big", "[" + "9".repeat(500_000) + "]", 400, "BAD_REQUEST", "big"));
        // class-name gadgets: never loaded, never instantiated
        l.add(post(
                "@type JdbcRowSetImpl for String",
                "hello",
                "[{\"@type\":\"com.sun.rowset.JdbcRowSetImpl\","
                        + "\"dataSourceName\":\"ldap://127.0.0.1:1/x\",\"autoCommit\":true}]",
                400,
                "BAD_REQUEST",
                "expected a string but found an object"));
        l.add(post(
                "@type TemplatesImpl in a POJO",
                "userArray",
                "[[{\"@type\":"
                        + "\"com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl\",\"_bytecodes\":[\"yv66vg==\"],"
                        + "\"_name\":\"a\",\"_tfactory\":{},\"_outputProperties\":{}}]]",
                400,
                "BAD_REQUEST",
                "@type"));
        l.add(post(
                "@type Spring context in a map",
                "byName",
                "[{\"k\":{\"@type\":"
                        + "\"org.springframework.context.support.ClassPathXmlApplicationContext\",\"configLocation\":"
                        + "\"http://127.0.0.1:1/x.xml\"}}]",
                400,
                "BAD_REQUEST",
                "@type"));
        l.add(post(
                "@type test gadget as the body",
                "users",
                "{\"@type\":\"" + GADGET + "\",\"command\":\"x\"}",
                400,
                "BAD_REQUEST",
                "users"));
        l.add(post(
                "@type test gadget in a POJO",
                "userArray",
                "[[{\"@type\":\"" + GADGET + "\",\"id\":1}]]",
                400,
                "BAD_REQUEST",
                "@type"));
        l.add(post("gadget in a list", "users", "[[{\"@type\":\"" + GADGET + "\"}]]", 400, "BAD_REQUEST", "users"));
        l.add(post(
                "gadget as parameter type",
                "overloaded",
                "[\"a\"]",
                404,
                "METHOD_NOT_FOUND",
                GADGET,
                "Dubbo-Parameter-Types: " + GADGET));
        // documented: unknown keys of a POJO are ignored, so "$ref" resolves nothing
        l.add(post("$ref cycle", "userArray", "[[{\"$ref\":\"$\"}]]", 200, null, "[{\"id\":0}]"));
        l.add(post(
                "$ref to the parent in a map",
                "byName",
                "[{\"a\":{\"id\":1},\"b\":{\"$ref\":\"..\"}}]",
                200,
                null,
                "{\"A\":{\"id\":1},\"B\":{\"id\":0}}"));
        // documented: "$ref" is a key like any other where the declared type is Object or a Map
        l.add(post(
                "$ref as Object",
                "echo",
                "[{\"$ref\":\"$\",\"x\":{\"$ref\":\"..\"}}]",
                200,
                null,
                "{\"$ref\":\"$\",\"x\":{\"$ref\":\"..\"}}"));
        // headers
        l.add(post(
                "oversized header",
                "hello",
                "[\"a\"]",
                431,
                "HEADERS_TOO_LARGE",
                "header",
                "X-Big: " + "h".repeat(20_000)));
        String[] many = new String[3000];
        for (int i = 0; i < many.length; i++) {
            many[i] = "X-H" + i + ": v";
        }
        l.add(post("too many headers", "hello", "[\"a\"]", 431, "HEADERS_TOO_LARGE", "header", many));
        l.add(post(
                "attachment bad escape",
                "echoAttachment",
                "[\"k\"]",
                400,
                "BAD_REQUEST",
                "%ZZ",
                "Dubbo-Attachments: k=%ZZ"));
        l.add(post(
                "attachment truncated escape",
                "echoAttachment",
                "[\"k\"]",
                400,
                "BAD_REQUEST",
                "truncated",
                "Dubbo-Attachments: k=%E"));
        l.add(post(
                "attachment without =",
                "echoAttachment",
                "[\"k\"]",
                400,
                "BAD_REQUEST",
                "key=value",
                "Dubbo-Attachments: novalue"));
        l.add(post(
                "attachment empty key (an ordinary key, as over dubbo)",
                "echoAttachment",
                "[\"\"]",
                200,
                null,
                "\"x\"",
                "Dubbo-Attachments: =x"));
        l.add(post(
                "attachment escape to invalid UTF-8",
                "echoAttachment",
                "[\"k\"]",
                200,
                null,
                "\uFFFD",
                "Dubbo-Attachments: k=%C3%28"));
        l.add(c(
                "attachment with raw 8-bit bytes",
                bytes(
                        "POST " + SVC + "echoAttachment HTTP/1.1\r\nHost: x\r\n"
                                + "Content-Type: application/json\r\nContent-Length: 5\r\nDubbo-Attachments: k=",
                        new byte[] {(byte) 0xFF, (byte) 0xFE},
                        "\r\n\r\n[\"k\"]"),
                200,
                null,
                "\""));
        l.add(post(
                "bad timeout header", "hello", "[\"a\"]", 400, "BAD_REQUEST", "Dubbo-Timeout", "Dubbo-Timeout: soon"));
        l.add(post(
                "negative timeout header",
                "hello",
                "[\"a\"]",
                400,
                "BAD_REQUEST",
                "Dubbo-Timeout",
                "Dubbo-Timeout: -5"));
        l.add(post(
                "signed timeout header", "hello", "[\"a\"]", 400, "BAD_REQUEST", "Dubbo-Timeout", "Dubbo-Timeout: +5"));
        l.add(post(
                "text/plain",
                "hello",
                "[\"a\"]",
                415,
                "UNSUPPORTED_MEDIA_TYPE",
                "text/plain",
                "Content-Type: text/plain"));
        l.add(post(
                "JSON in latin-1",
                "hello",
                "[\"a\"]",
                415,
                "UNSUPPORTED_MEDIA_TYPE",
                "iso-8859-1",
                "Content-Type: application/json; charset=iso-8859-1"));
        l.add(post("brotli", "hello", "[\"a\"]", 415, "UNSUPPORTED_MEDIA_TYPE", "br", "Content-Encoding: br"));
        l.add(c(
                "bad Content-Length",
                RawHttp.post(SVC + "hello", "[\"a\"]".getBytes(StandardCharsets.UTF_8), "Content-Length: five"),
                400,
                "BAD_REQUEST",
                "400"));
        l.add(c(
                "Content-Length and chunked",
                RawHttp.post(
                        SVC + "hello",
                        "3\r\n[1]\r\n0\r\n\r\n".getBytes(StandardCharsets.UTF_8),
                        "Content-Length: 3",
                        "Transfer-Encoding: chunked"),
                400,
                "BAD_REQUEST",
                "400"));
        l.add(c(
                "header without colon",
                RawHttp.post(SVC + "hello", "[\"a\"]", "NoColonHere"),
                400,
                "BAD_REQUEST",
                "400"));
        l.add(c("garbage request line", "FOO\r\n\r\n".getBytes(StandardCharsets.US_ASCII), 400, "BAD_REQUEST", "400"));
        l.add(c(
                "HTTP/2 preface over HTTP/1.1",
                "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                426,
                "BAD_REQUEST",
                "426"));
        // wrong HTTP methods and versions
        l.add(c("GET", RawHttp.request("GET", SVC + "hello", "HTTP/1.1", null), 405, "METHOD_NOT_ALLOWED", "POST"));
        l.add(c(
                "PUT",
                RawHttp.request("PUT", SVC + "hello", "HTTP/1.1", "[\"a\"]".getBytes(StandardCharsets.UTF_8)),
                405,
                "METHOD_NOT_ALLOWED",
                "PUT"));
        l.add(c(
                "DELETE",
                RawHttp.request("DELETE", SVC + "hello", "HTTP/1.1", null),
                405,
                "METHOD_NOT_ALLOWED",
                "DELETE"));
        l.add(c(
                "OPTIONS",
                RawHttp.request("OPTIONS", SVC + "hello", "HTTP/1.1", null),
                405,
                "METHOD_NOT_ALLOWED",
                "OPTIONS"));
        l.add(c(
                "HTTP/1.0 call",
                RawHttp.request("POST", SVC + "hello", "HTTP/1.0", "[\"old\"]".getBytes(StandardCharsets.UTF_8)),
                200,
                null,
                "Hello, old"));
        l.add(c(
                "HTTP/1.0 bad JSON",
                RawHttp.request("POST", SVC + "hello", "HTTP/1.0", "[".getBytes(StandardCharsets.UTF_8)),
                400,
                "BAD_REQUEST",
                "hello"));
        l.add(c(
                "HTTP/3.7",
                RawHttp.request("POST", SVC + "hello", "HTTP/3.7", "[\"a\"]".getBytes(StandardCharsets.UTF_8)),
                505,
                "BAD_REQUEST",
                "505"));
        l.add(c(
                "TRACE",
                RawHttp.request("TRACE", SVC + "hello", "HTTP/1.1", null),
                405,
                "METHOD_NOT_ALLOWED",
                "TRACE"));
        l.add(c("HEAD", RawHttp.request("HEAD", SVC + "hello", "HTTP/1.1", null), 405, null, null));
        l.add(c(
                "absolute URI to another host",
                RawHttp.request(
                        "POST",
                        "http://example.invalid" + SVC + "hello",
                        "HTTP/1.1",
                        "[\"abs\"]".getBytes(StandardCharsets.UTF_8)),
                400,
                "BAD_REQUEST",
                "Authority"));
        l.add(c(
                "encoded slash in the path",
                RawHttp.post("/io.httpjson.protocol.api%2FTestService/hello", "[\"a\"]"),
                400,
                "BAD_REQUEST",
                "400"));
        l.add(c("NUL in the path", RawHttp.post(SVC + "hel%00lo", "[\"a\"]"), 400, "BAD_REQUEST", "400"));
        // a method without parameters takes null, not anything that starts with n
        l.add(post("no-argument method, a word", "ping", "nonsense", 400, "BAD_REQUEST", "ping"));
        l.add(post("no-argument method, null and more", "ping", "null garbage", 400, "BAD_REQUEST", "ping"));
        // Dubbo's generic call: the named types must be the method's own, its arguments as strict as a direct call
        String generic = "Dubbo-Attachments: generic=true";
        l.add(post(
                "generic call naming a class that is not a parameter type",
                "$invoke",
                "[\"echo\", [\"" + GADGET + "\"], [{\"command\":\"x\"}]]",
                404,
                "METHOD_NOT_FOUND",
                "no method",
                generic));
        l.add(post(
                "generic call of a method the service does not have",
                "$invoke",
                "[\"nope\", [\"long\"], [1]]",
                404,
                "METHOD_NOT_FOUND",
                "no method 'nope'",
                generic));
        l.add(post(
                "generic call, a fraction for a long",
                "$invoke",
                "[\"getUser\", [\"long\"], [1.5]]",
                400,
                "BAD_REQUEST",
                "generic argument 0 (long)",
                generic));
        l.add(post(
                "generic call, a string for a long",
                "$invoke",
                "[\"getUser\", [\"long\"], [\"12\"]]",
                400,
                "BAD_REQUEST",
                "generic argument 0 (long)",
                generic));
        l.add(post(
                "generic call, an unknown enum constant",
                "$invoke",
                "[\"flip\", [\"io.httpjson.protocol.api.Types$Status\"], [\"NOPE\"]]",
                400,
                "BAD_REQUEST",
                "generic argument 0",
                generic));
        l.add(post(
                "generic call, a class key that would select a class",
                "$invoke",
                "[\"echo\", [\"java.lang.Object\"], [{\"class\":\"" + GADGET + "\",\"command\":\"x\"}]]",
                400,
                "BAD_REQUEST",
                "\"class\" key",
                generic));
        l.add(post(
                "generic call, too few arguments",
                "$invoke",
                "[\"concat\", [\"java.lang.String\", \"java.lang.String\"], [\"a\"]]",
                400,
                "BAD_REQUEST",
                "expected 2 argument(s) but found 1",
                generic));
        return l;
    }

    static Stream<Arguments> hostileRequests() {
        return cases().stream().flatMap(c -> Stream.of(Arguments.of("fastjson2", c), Arguments.of("gson", c)));
    }

    static DubboServer server(String engine) {
        return engine.equals("gson") ? gson : fastjson;
    }

    @ParameterizedTest(name = "[{0}] {1}")
    @MethodSource("hostileRequests")
    void hostileRequestIsRejectedAndTheServerStillServes(String engine, Case c) throws IOException {
        DubboServer server = server(engine);
        CASES.incrementAndGet();
        RawHttp.Response r = RawHttp.exchange(server.port(), c.request());
        assertThat(r.status()).as("%s -> %s", c.name(), r).isEqualTo(c.status());
        if (c.code() != null) {
            assertErrorBody(r, c.status(), c.code(), c.fragment());
        } else if (c.fragment() != null) {
            assertThat(r.text()).as(c.name()).contains(c.fragment());
        }
        assertThat(GadgetFlag.initialized).as("gadget class initialized").isFalse();
        assertThat(GadgetFlag.constructed).as("gadget instantiated").isFalse();
        assertNextCallSucceeds(server);
    }

    static void assertErrorBody(RawHttp.Response r, int status, String code, String fragment) {
        assertThat(r.header("Content-Type")).as(r.toString()).startsWith("application/json");
        Object parsed = new Fastjson2TextCodec().read(r.body(), 0, r.body().length, Object.class);
        assertThat(parsed).as(r.text()).isInstanceOf(Map.class);
        Map<?, ?> body = (Map<?, ?>) parsed;
        assertThat(body.get("code")).as(r.text()).isEqualTo(code);
        assertThat(body.get("status")).as(r.text()).isEqualTo(status);
        assertThat((String) body.get("help")).as(r.text()).contains("troubleshooting.md#");
        assertThat((String) body.get("message")).as(r.text()).containsIgnoringCase(fragment);
    }

    static void assertNextCallSucceeds(DubboServer server) {
        assertThat(Http.post(server.baseUrl() + SVC + "hello", "[\"next\"]").body())
                .isEqualTo("\"Hello, next\"");
        RECOVERED.incrementAndGet();
    }

    /** 100 MB announced, a little sent: the provider answers 413 at once, without waiting for (or buffering) it. */
    @Test
    void hundredMegabytesAreRejectedBeforeTheyAreSent() throws IOException {
        CASES.incrementAndGet();
        try (Socket s = RawHttp.connect(fastjson.port())) {
            OutputStream out = s.getOutputStream();
            out.write(RawHttp.post(
                    SVC + "nullable", "[\"" + "z".repeat(1000), "Content-Length: " + (100L * 1024 * 1024)));
            out.flush();
            // the rest (100 MB) is never sent: the response must come without it
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).isEqualTo(413);
            assertErrorBody(r, 413, "PAYLOAD_TOO_LARGE", "104857600");
            assertThat(r.header("Connection")).isEqualToIgnoringCase("close");
        }
        assertNextCallSucceeds(fastjson);
    }

    /**
     * Clients that announce bodies of the maximum size and send a few bytes must not make the provider reserve
     * that memory: 64 such requests at 1 MB each would hold 64 MB before a byte of it arrived.
     */
    @Test
    void announcedButUnsentBodiesDoNotReserveMemory() throws Exception {
        CASES.incrementAndGet();
        java.lang.management.MemoryMXBean memory = java.lang.management.ManagementFactory.getMemoryMXBean();
        List<Socket> sockets = new ArrayList<>();
        try {
            long before = heapAfterGc(memory);
            int inFlightBefore = gson.httpJsonServer().inFlight();
            for (int i = 0; i < 64; i++) {
                Socket s = RawHttp.connect(gson.port());
                sockets.add(s);
                s.getOutputStream().write(RawHttp.post(SVC + "nullable", "[\"" + i, "Content-Length: " + PAYLOAD));
                s.getOutputStream().flush();
            }
            // every one of them is being read by the provider now
            await().atMost(Duration.ofSeconds(20))
                    .until(() -> gson.httpJsonServer().inFlight() >= inFlightBefore + 64);
            long during = heapAfterGc(memory);
            long grown = during - before;
            Figures.put(
                    "Bad input (server)",
                    "heap held by 64 requests announcing 1 MB each and sending 3 bytes (MB)",
                    String.format(java.util.Locale.ROOT, "%.1f", grown / 1024.0 / 1024.0));
            assertThat(grown).as("heap growth (bytes)").isLessThan(24L * 1024 * 1024);
        } finally {
            for (Socket s : sockets) {
                s.close();
            }
        }
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertNextCallSucceeds(gson));
    }

    static long heapAfterGc(java.lang.management.MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            memory.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** A chunked body has no length up front: the provider stops reading once it passes the limit. */
    @Test
    void chunkedBodyOverTheLimitIsRejected() throws Exception {
        CASES.incrementAndGet();
        try (Socket s = RawHttp.connect(fastjson.port())) {
            OutputStream out = s.getOutputStream();
            out.write(RawHttp.post(SVC + "nullable", new byte[0], "Transfer-Encoding: chunked"));
            byte[] chunk = ("10000\r\n" + "c".repeat(0x10000) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            out.write("1\r\n[\r\n".getBytes(StandardCharsets.US_ASCII));
            AtomicBoolean writing = new AtomicBoolean(true);
            AtomicInteger sent = new AtomicInteger();
            Thread writer = new Thread(
                    () -> {
                        try {
                            // up to 4x the limit; the provider answers before the end, and the body never ends
                            for (int i = 0; i < 4 * PAYLOAD / 0x10000 && writing.get(); i++) {
                                out.write(chunk);
                                sent.addAndGet(0x10000);
                            }
                        } catch (IOException closedByServer) {
                            // expected once the provider has answered and closed
                        }
                    },
                    "chunked-writer");
            writer.start();
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            writing.set(false);
            writer.join(10_000);
            assertThat(r.status()).isEqualTo(413);
            assertErrorBody(r, 413, "PAYLOAD_TOO_LARGE", String.valueOf(PAYLOAD));
        }
        assertNextCallSucceeds(fastjson);
    }

    /**
     * curl sends {@code Expect: 100-continue} before a large body and waits for the interim answer (a second,
     * if none comes): the provider sends it when it is ready to read, and refuses a call it cannot route
     * without asking for the body at all.
     */
    @Test
    void expectContinueIsAnsweredBeforeTheBodyIsSent() throws IOException {
        CASES.incrementAndGet();
        byte[] body = "[\"curl\"]".getBytes(StandardCharsets.UTF_8);
        try (Socket s = RawHttp.connect(fastjson.port())) {
            s.getOutputStream()
                    .write(RawHttp.request(
                            "POST",
                            SVC + "hello",
                            "HTTP/1.1",
                            null,
                            "Content-Length: " + body.length,
                            "Expect: 100-continue"));
            RawHttp.Response interim = RawHttp.read(s.getInputStream(), true);
            assertThat(interim.status()).as(interim.toString()).isEqualTo(100);
            s.getOutputStream().write(body);
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).as(r.toString()).isEqualTo(200);
            assertThat(r.text()).isEqualTo("\"Hello, curl\"");
        }
        try (Socket s = RawHttp.connect(fastjson.port())) {
            s.getOutputStream()
                    .write(RawHttp.request(
                            "POST",
                            SVC + "nope",
                            "HTTP/1.1",
                            null,
                            "Content-Length: " + body.length,
                            "Expect: 100-continue"));
            RawHttp.Response r = RawHttp.read(s.getInputStream());
            assertThat(r.status()).as(r.toString()).isEqualTo(404);
            // the body was never asked for, so the connection cannot carry another request
            assertThat(r.header("Connection")).as(r.toString()).isEqualTo("close");
        }
        assertNextCallSucceeds(fastjson);
    }

    /**
     * An error found from the headers alone (unknown service or method, wrong Content-Type) while the body is
     * still on its way: either the provider reads the body and answers on a connection that stays usable, or its
     * early answer says {@code Connection: close}. Answering early and then closing over the unread body without
     * saying so made a pooling caller (the JDK's HttpClient) send its next call into a closed connection.
     */
    @Test
    void anErrorFoundFromTheHeadersLeavesTheConnectionUsableOrSaysItCloses() throws IOException {
        String[][] requests = {
            {"/com.acme.Nope/hello", "application/json"},
            {SVC + "nope", "application/json"},
            {SVC + "hello", "text/plain"},
        };
        for (String[] e : requests) {
            CASES.incrementAndGet();
            byte[] body = "[\"the body comes later\"]".getBytes(StandardCharsets.UTF_8);
            try (Socket s = RawHttp.connect(fastjson.port())) {
                OutputStream out = s.getOutputStream();
                out.write(RawHttp.request(
                        "POST", e[0], "HTTP/1.1", null, "Content-Type: " + e[1], "Content-Length: " + body.length));
                out.flush();
                BufferedInputStream in = new BufferedInputStream(s.getInputStream());
                if (answersWithin(s, in, 300)) {
                    RawHttp.Response early = RawHttp.read(in);
                    assertThat(early.header("Connection"))
                            .as("an answer before the body: %s", early)
                            .isEqualTo("close");
                    continue;
                }
                ByteArrayOutputStream rest = new ByteArrayOutputStream();
                rest.writeBytes(body);
                rest.writeBytes(RawHttp.post(SVC + "hello", "[\"again\"]"));
                out.write(rest.toByteArray());
                out.flush();
                RawHttp.Response first = RawHttp.read(in);
                assertThat(first.status()).as(first.toString()).isBetween(400, 499);
                assertThat(first.header("Connection")).as(first.toString()).isNull();
                RawHttp.Response second = RawHttp.read(in);
                assertThat(second.text()).as(e[0]).isEqualTo("\"Hello, again\"");
            }
        }
        assertNextCallSucceeds(fastjson);
    }

    /** Whether the provider starts an answer within {@code millis}; consumes nothing. */
    private static boolean answersWithin(Socket s, BufferedInputStream in, int millis) throws IOException {
        int before = s.getSoTimeout();
        s.setSoTimeout(millis);
        in.mark(1);
        try {
            return in.read() >= 0;
        } catch (java.net.SocketTimeoutException quiet) {
            return false;
        } finally {
            in.reset();
            s.setSoTimeout(before);
        }
    }

    /** Two requests in one write: both answered, in order, on the same connection. */
    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws IOException {
        CASES.incrementAndGet();
        ByteArrayOutputStream both = new ByteArrayOutputStream();
        both.writeBytes(RawHttp.post(SVC + "hello", "[\"first\"]"));
        both.writeBytes(RawHttp.post(SVC + "nope", "[]"));
        both.writeBytes(RawHttp.post(SVC + "hello", "[\"third\"]"));
        try (Socket s = RawHttp.connect(fastjson.port())) {
            s.getOutputStream().write(both.toByteArray());
            s.getOutputStream().flush();
            InputStream in = s.getInputStream();
            RawHttp.Response a = RawHttp.read(in);
            RawHttp.Response b = RawHttp.read(in);
            RawHttp.Response c = RawHttp.read(in);
            assertThat(a.text()).isEqualTo("\"Hello, first\"");
            assertErrorBody(b, 404, "METHOD_NOT_FOUND", "nope");
            assertThat(c.text()).isEqualTo("\"Hello, third\"");
        }
        assertNextCallSucceeds(fastjson);
    }

    /**
     * A slowloris client trickles header lines, each after a pause longer than the idle timeout: the provider
     * closes its connection while it keeps serving everyone else.
     */
    @Test
    void slowlorisIsClosedByTheIdleTimeoutWhileOthersAreServed() throws Exception {
        CASES.incrementAndGet();
        try (Socket s = RawHttp.connect(impatient.port())) {
            OutputStream out = s.getOutputStream();
            out.write(("POST " + SVC + "hello HTTP/1.1\r\nHost: 127.0.0.1\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            AtomicBoolean closed = new AtomicBoolean();
            CountDownLatch done = new CountDownLatch(1);
            StringBuilder answer = new StringBuilder();
            Thread reader = new Thread(
                    () -> {
                        try {
                            byte[] b = s.getInputStream().readAllBytes();
                            answer.append(new String(b, StandardCharsets.UTF_8));
                        } catch (IOException e) {
                            answer.append(e);
                        }
                        closed.set(true);
                        done.countDown();
                    },
                    "slowloris-reader");
            reader.setDaemon(true);
            reader.start();
            Thread trickler = new Thread(
                    () -> {
                        // bounded: at most 40 header lines, ~one per idle timeout and a half, and stops once closed
                        for (int i = 0; i < 40 && !closed.get(); i++) {
                            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(450));
                            try {
                                out.write(("X-Slow-" + i + ": a\r\n").getBytes(StandardCharsets.US_ASCII));
                                out.flush();
                            } catch (IOException e) {
                                return;
                            }
                        }
                    },
                    "slowloris-trickler");
            trickler.setDaemon(true);
            trickler.start();
            int served = 0;
            while (done.getCount() > 0 && served < 500) {
                assertNextCallSucceeds(impatient);
                served++;
            }
            assertThat(done.await(20, TimeUnit.SECONDS))
                    .as("slowloris connection closed by the provider")
                    .isTrue();
            trickler.join(5_000);
            assertThat(served).isPositive();
            Figures.put("Bad input (server)", "calls served while a slowloris client was connected", served);
            String text = answer.toString();
            if (text.startsWith("HTTP/1.1")) {
                // whatever Jetty says on an idle request, it says it as JSON
                assertThat(text).contains("application/json").contains("\"code\"");
            }
        }
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertNextCallSucceeds(impatient));
    }

    @AfterAll
    static void noGadgetWasEverLoaded() {
        assertThat(GadgetFlag.initialized).isFalse();
        assertThat(GadgetFlag.constructed).isFalse();
        Figures.put("Bad input (server)", "gadget classes initialized or instantiated", 0);
    }
}
