package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;

import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import static io.httpjson.protocol.reliability.HostileProviderTest.value;
import static io.httpjson.protocol.reliability.HostileProviderTest.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

/**
 * Answers that are valid HTTP/1.1 but unusual, or that gateways produce: framings a provider never uses, interim
 * answers, a gateway's own pages, encodings nobody asked for. Each: the caller gets its own value or an
 * RpcException naming what came, with a code that fits (network only where the request may not have run or the
 * connection cannot be trusted), no request is sent twice, and the next call on the pool succeeds.
 */
class OddResponsesTest {

    static final int TIMEOUT = 2000;

    @RegisterExtension
    static final Consumer consumer = new Consumer();

    static OnceService reference(int port, String... params) {
        String url = "httpjson://127.0.0.1:" + port + "?httpjson.max-connections=1"
                + (params.length == 0 ? "" : "&" + String.join("&", params));
        return consumer.reference(OnceService.class, url, r -> r.setTimeout(TIMEOUT));
    }

    static void echo(String id, String body, OutputStream out) throws IOException {
        out.write(FakeProvider.response(200, id, "\"" + value(body) + "\""));
    }

    /** The first answer as {@code first} writes it; every later one a plain echo. */
    static FakeProvider firstThen(FakeProvider.Script first) throws IOException {
        return new FakeProvider((n, id, body, out) -> {
            if (n == 0) {
                first.answer(n, id, body, out);
            } else {
                echo(id, body, out);
            }
        });
    }

    /** The next call succeeds, and the pool is left with at most its one connection. */
    static void poolRecovers(FakeProvider fake, OnceService s) {
        assertThat(s.echo("next", 0)).isEqualTo("next");
        await().atMost(Duration.ofSeconds(10)).until(() -> consumer.openConnectionsTo(fake.port()) <= 1);
    }

    static RpcException failure(OnceService s, String v) {
        return catchThrowableOfType(() -> s.echo(v, 0), RpcException.class);
    }

    static String head(String statusLine, String id, String... headers) {
        StringBuilder sb = new StringBuilder(statusLine).append("\r\n");
        if (id != null) {
            sb.append("Dubbo-Request-Id: ").append(id).append("\r\n");
        }
        for (String h : headers) {
            sb.append(h).append("\r\n");
        }
        return sb.append("\r\n").toString();
    }

    /** Each carries the value, or (where noted) fails clearly; either way the next call works. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("io.httpjson.protocol.reliability.OddFramings#validFramings")
    void validFramingsCarryTheValue(String name, FakeProvider.Script first, String error) throws Exception {
        try (FakeProvider fake = firstThen(first)) {
            OnceService s = reference(fake.port(), "httpjson.gzip-threshold=-1");
            if (error == null) {
                assertThat(s.echo("first", 0)).isEqualTo("first");
            } else {
                assertThat(failure(s, "first")).hasMessageContaining(error);
            }
            poolRecovers(fake, s);
            assertThat(fake.bodies).hasSize(2);
        }
    }

    /**
     * A gateway's own answer (no Dubbo-Request-Id): the caller's error names the status, says where it came from,
     * quotes the page; a redirect is not followed; nothing is sent again; the connection stays in step.
     */
    @ParameterizedTest
    @ValueSource(ints = {301, 307, 308, 304, 413, 429, 502, 503, 504})
    void aGatewaysOwnAnswerIsNamed(int status) throws Exception {
        String page = "<html><body>gateway says " + status + "</body></html>";
        try (FakeProvider fake = firstThen((n, id, body, out) -> write(
                out,
                head(
                                "HTTP/1.1 " + status + " Gateway",
                                null,
                                "Content-Type: text/html",
                                "Location: http://elsewhere.example/login",
                                "Retry-After: 1",
                                "Content-Length: " + (status == 304 ? 0 : page.length()))
                        + (status == 304 ? "" : page)))) {
            OnceService s = reference(fake.port());
            RpcException e = failure(s, "first");
            assertThat(e.isNetwork()).as("%s", e).isTrue();
            assertThat(e.getMessage()).contains("HTTP " + status).contains("proxy or gateway");
            if (status != 304) {
                assertThat(e.getMessage()).contains("gateway says " + status);
            }
            poolRecovers(fake, s);
            assertThat(fake.bodies).as("neither followed nor sent again").hasSize(2);
        }
    }

    /**
     * A page answered 200 instead of the value: from something that is not the provider (a login page, no id: the
     * connection is out of step, a network error), or a filter that replaced the provider's body but kept its
     * headers (the id echoed: the call ran, a serialization error). Never a value.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aPageIsNotAValue(boolean withId) throws Exception {
        String page = "<html>Please log in</html>";
        try (FakeProvider fake = firstThen((n, id, body, out) -> write(
                out,
                head(
                                "HTTP/1.1 200 OK",
                                withId ? id : null,
                                "Content-Type: text/html",
                                "Content-Length: " + page.length())
                        + page))) {
            OnceService s = reference(fake.port());
            RpcException e = failure(s, "first");
            if (withId) {
                assertThat(e.isSerialization()).as("%s", e).isTrue();
            } else {
                assertThat(e.isNetwork()).as("%s", e).isTrue();
                assertThat(e.getMessage()).contains("HTTP 200").contains("Dubbo-Request-Id");
            }
            poolRecovers(fake, s);
        }
    }

    /**
     * An encoding the consumer cannot read on an answer to a call that ran (a gateway compressing with br): a
     * serialization error, which the cluster does not retry (a network error would run the call again); the
     * framing was sound, so the connection is kept.
     */
    @Test
    void anEncodingTheConsumerCannotReadIsASerializationError() throws Exception {
        try (FakeProvider fake = firstThen((n, id, body, out) ->
                out.write(FakeProvider.response(200, id, new byte[] {0x1b, 0x03, 0, 0}, "Content-Encoding: br")))) {
            OnceService s = reference(fake.port());
            RpcException e = failure(s, "first");
            assertThat(e.isSerialization()).as("%s", e).isTrue();
            assertThat(e.getMessage()).contains("'br'");
            poolRecovers(fake, s);
        }
    }

    /** A provider's answer whose gzip is broken: the call ran, its answer is unreadable; not a network error. */
    @Test
    void aBrokenGzipAnswerIsASerializationError() throws Exception {
        try (FakeProvider fake = firstThen((n, id, body, out) -> out.write(FakeProvider.response(
                200, id, new byte[] {0x1f, (byte) 0x8b, 8, 0, 1, 2, 3}, "Content-Encoding: gzip")))) {
            OnceService s = reference(fake.port());
            RpcException e = failure(s, "first");
            assertThat(e.isSerialization()).as("%s", e).isTrue();
            assertThat(e.getMessage()).contains("gzip");
            poolRecovers(fake, s);
        }
    }

    /**
     * A 200 with the call's id and no body, for a method that returns a value (a provider writes a null result as
     * {@code null}): something between dropped the body, so it is an error, not a null result.
     */
    @Test
    void anEmptyBodyIsNotANullValue() throws Exception {
        try (FakeProvider fake = firstThen((n, id, body, out) -> out.write(FakeProvider.response(200, id, "")))) {
            OnceService s = reference(fake.port());
            RpcException e = failure(s, "first");
            assertThat(e).as("no null value").isNotNull();
            assertThat(e.isSerialization()).as("%s", e).isTrue();
            poolRecovers(fake, s);
        }
    }

    /**
     * 204 to a call that returns a value, from the provider (its id echoed): a clear error, not a null value; a
     * success status says the call ran, so a serialization error, which the cluster does not run again.
     */
    @Test
    void noContentIsNotAValue() throws Exception {
        try (FakeProvider fake =
                firstThen((n, id, body, out) -> write(out, head("HTTP/1.1 204 No Content", id, "Content-Length: 0")))) {
            OnceService s = reference(fake.port());
            RpcException e = failure(s, "first");
            assertThat(e.getMessage()).contains("HTTP 204");
            assertThat(e.isSerialization()).as("%s", e).isTrue();
            poolRecovers(fake, s);
        }
    }
}
