package io.httpjson.protocol.parity;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import io.httpjson.protocol.testing.Http;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * A business exception reaches a Java consumer as it does over dubbo with hessian2, through a real provider and
 * consumer: over the dubbo protocol with each text-JSON serialization, and over httpjson with each engine.
 */
class ExceptionParityTest {

    /** hessian2 delivers {@code new IllegalStateException()} with getMessage() null, not its class name. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                Transports.HESSIAN2,
                Transports.DUBBO_FASTJSON,
                Transports.DUBBO_GSON,
                Transports.HTTPJSON_FASTJSON,
                Transports.HTTPJSON_GSON
            })
    void anExceptionWithoutAMessageArrivesWithoutOne(String transport) throws Exception {
        Transports.server(transport, new ParityServiceImpl()).run(server -> {
            Throwable e =
                    catchThrowable(() -> Transports.reference(server, transport).failWithoutMessage());
            assertThat(e).isExactlyInstanceOf(IllegalStateException.class);
            assertThat(e.getMessage()).isNull();
        });
    }

    /** An HTTP caller still reads the class name as the error body's message, and that the exception had none. */
    @ParameterizedTest
    @ValueSource(strings = {Transports.HTTPJSON_FASTJSON, Transports.HTTPJSON_GSON})
    void anHttpCallerStillGetsAMessage(String transport) throws Exception {
        Transports.server(transport, new ParityServiceImpl()).run(server -> {
            HttpResponse<String> r =
                    Http.post(server.baseUrl() + "/" + ParityService.class.getName() + "/failWithoutMessage", "[]");
            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(r.body())
                    .contains("\"code\":\"BUSINESS_EXCEPTION\"")
                    .contains("\"message\":\"java.lang.IllegalStateException\"")
                    .contains("\"exception\":\"java.lang.IllegalStateException\"")
                    .contains("\"nullMessage\":true");
        });
    }

    /**
     * JSON has no NaN or Infinity: a field holding one is left out (it keeps its default, 0), and the exception
     * itself (class, message, cause, its other fields) still arrives. hessian2 delivers the value itself.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                Transports.HESSIAN2,
                Transports.DUBBO_FASTJSON,
                Transports.DUBBO_GSON,
                Transports.HTTPJSON_FASTJSON,
                Transports.HTTPJSON_GSON
            })
    void aBusinessExceptionWithANonFiniteFieldStillArrives(String transport) throws Exception {
        // hessian-lite 4.0.4 (the dubbo protocol's baseline) writes a float field with Unsafe.putDouble: the float gets
        // the double's low half and the 4 bytes after the field its high half. JDK 25 lays DiffException out with
        // code there, so over hessian2 it arrives as 1073217536 (1.5's high half), not 7: a fault of the baseline
        assumeFalse(
                Transports.isHessian2(transport) && Runtime.version().feature() >= 25,
                "hessian-lite 4.0.4 overwrites DiffException.code on JDK 25 (float field written with putDouble)");
        Transports.server(transport, new ParityServiceImpl()).run(server -> {
            ParityService s = Transports.reference(server, transport);
            boolean hessian2 = Transports.isHessian2(transport);
            DiffException nan = diff(() -> s.failWithRatio("NaN", "1.5"));
            if (hessian2) {
                assertThat(nan.ratio).isNaN();
            } else {
                assertThat(nan.ratio).isZero();
                assertThat(nan.weight).isEqualTo(1.5f);
            }

            DiffException inf = diff(() -> s.failWithRatio("Infinity", "-Infinity"));
            assertThat(inf.ratio).isEqualTo(hessian2 ? Double.POSITIVE_INFINITY : 0.0);
            if (!hessian2) { // hessian2 (hessian-lite) writes a float field as a double: see above
                assertThat(inf.weight).isZero();
            }

            // the calls after it are not affected
            assertThat(diff(() -> s.failWithRatio("0.25", "2")).ratio).isEqualTo(0.25);
        });
    }

    /**
     * hessian2 delivers a cause chain of any length; JSON trees hold 8 exceptions of it. Of a longer chain the first 7
     * and the root cause arrive: the root is most often the one that says what went wrong, and it was the one lost.
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                Transports.HESSIAN2,
                Transports.DUBBO_FASTJSON,
                Transports.DUBBO_GSON,
                Transports.HTTPJSON_FASTJSON,
                Transports.HTTPJSON_GSON
            })
    void theRootCauseOfALongChainArrives(String transport) throws Exception {
        Transports.server(transport, new ParityServiceImpl()).run(server -> {
            Throwable e =
                    catchThrowable(() -> Transports.reference(server, transport).failDeep(12));
            assertThat(e).isExactlyInstanceOf(IllegalStateException.class).hasMessage("c11");
            List<String> chain = new ArrayList<>();
            Throwable root = e;
            for (Throwable c = e; c != null; c = c.getCause()) {
                chain.add(c.getMessage());
                root = c;
            }
            assertThat(root).isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("c0");
            if (!Transports.isHessian2(transport)) {
                assertThat(chain).containsExactly("c11", "c10", "c9", "c8", "c7", "c6", "c5", "c0");
            }
        });
    }

    /** A suppressed exception (a close that failed too) arrives with the exception, as over hessian2. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                Transports.HESSIAN2,
                Transports.DUBBO_FASTJSON,
                Transports.DUBBO_GSON,
                Transports.HTTPJSON_FASTJSON,
                Transports.HTTPJSON_GSON
            })
    void suppressedExceptionsArrive(String transport) throws Exception {
        Transports.server(transport, new ParityServiceImpl()).run(server -> {
            Throwable e =
                    catchThrowable(() -> Transports.reference(server, transport).failSuppressed());
            assertThat(e).isExactlyInstanceOf(IllegalStateException.class).hasMessage("top");
            assertThat(e.getSuppressed()).singleElement().satisfies(s -> assertThat(s)
                    .isExactlyInstanceOf(IllegalArgumentException.class)
                    .hasMessage("s"));
        });
    }

    private static DiffException diff(org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
        Throwable e = catchThrowable(call);
        assertThat(e).isExactlyInstanceOf(DiffException.class);
        DiffException d = (DiffException) e;
        assertThat(d.getMessage()).isEqualTo("ratio out of range");
        assertThat(d.side).isEqualTo("left");
        assertThat(d.code).isEqualTo(7);
        assertThat(d.getCause())
                .isExactlyInstanceOf(IllegalArgumentException.class)
                .hasMessage("root");
        return d;
    }
}
