package io.httpjson.it.observability;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.TracingConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Dubbo's own tracing (Micrometer Observation, the OpenTelemetry bridge, spans kept in memory) across an httpjson
 * call: an HTTP caller's {@code traceparent} is the trace of the httpjson provider's span, of the call that provider
 * makes to another service over the dubbo protocol, and of that service's span.
 */
public class TracingTest {

    public interface Front {
        String relay(String text);
    }

    public interface Back {
        String shout(String text);
    }

    public static class BackImpl implements Back {
        @Override
        public String shout(String text) {
            return text.toUpperCase();
        }
    }

    /** Calls {@link Back} over the dubbo protocol from inside an httpjson call. */
    public static class FrontImpl implements Front {
        volatile Back back;

        @Override
        public String relay(String text) {
            return "front:" + back.shout(text);
        }
    }

    static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String CALLER_SPAN_ID = "00f067aa0ba902b7";

    static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
    static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    static SdkTracerProvider tracerProvider;
    static FrameworkModel framework;
    static DubboBootstrap bootstrap;
    static int httpjsonPort;
    static Front frontOverHttpjson;

    /** What a Micrometer Tracing setup (Spring Boot's, say) gives Dubbo: an ObservationRegistry that makes spans. */
    static ObservationRegistry observationRegistry() {
        tracerProvider = SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(SPANS))
                .build();
        io.opentelemetry.api.trace.Tracer otel = tracerProvider.get("httpjson-test");
        OtelCurrentTraceContext context = new OtelCurrentTraceContext();
        OtelTracer tracer =
                new OtelTracer(otel, context, event -> {}, new OtelBaggageManager(context, List.of(), List.of()));
        OtelPropagator propagator =
                new OtelPropagator(ContextPropagators.create(W3CTraceContextPropagator.getInstance()), otel);
        ObservationRegistry registry = ObservationRegistry.create();
        registry.observationConfig()
                .observationHandler(new FirstMatchingCompositeObservationHandler(
                        new PropagatingSenderTracingObservationHandler<>(tracer, propagator),
                        new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
                        new DefaultTracingObservationHandler(tracer)));
        return registry;
    }

    @BeforeAll
    static void start() {
        framework = new FrameworkModel();
        bootstrap = DubboBootstrap.newInstance(framework);
        // Dubbo's tracing filters take the registry from the application's beans (Spring puts it there)
        bootstrap.getApplicationModel().getBeanFactory().registerBean(observationRegistry());
        ApplicationConfig app = new ApplicationConfig("tracing-test");
        app.setQosEnable(false);
        TracingConfig tracing = new TracingConfig();
        tracing.setEnabled(true);
        httpjsonPort = Ports.free();
        ProtocolConfig httpjson = new ProtocolConfig("httpjson", httpjsonPort);
        httpjson.setHost("127.0.0.1");
        int dubboPort = Ports.free();
        ProtocolConfig dubbo = new ProtocolConfig("dubbo", dubboPort);
        dubbo.setHost("127.0.0.1");
        FrontImpl front = new FrontImpl();
        ServiceConfig<Front> frontService = new ServiceConfig<>();
        frontService.setInterface(Front.class);
        frontService.setRef(front);
        frontService.setProtocol(httpjson);
        ServiceConfig<Back> backService = new ServiceConfig<>();
        backService.setInterface(Back.class);
        backService.setRef(new BackImpl());
        backService.setProtocol(dubbo);
        ReferenceConfig<Back> backReference = new ReferenceConfig<>();
        backReference.setInterface(Back.class);
        backReference.setUrl("dubbo://127.0.0.1:" + dubboPort);
        backReference.setTimeout(5000);
        backReference.setRetries(0);
        ReferenceConfig<Front> frontReference = new ReferenceConfig<>();
        frontReference.setInterface(Front.class);
        frontReference.setUrl("httpjson://127.0.0.1:" + httpjsonPort);
        frontReference.setTimeout(5000);
        frontReference.setRetries(0);
        bootstrap
                .application(app)
                .tracing(tracing)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocols(List.of(httpjson, dubbo))
                .service(frontService)
                .service(backService)
                .reference(backReference)
                .reference(frontReference)
                .start();
        front.back = backReference.get();
        frontOverHttpjson = frontReference.get();
    }

    @AfterAll
    static void stop() {
        if (bootstrap != null) {
            bootstrap.destroy();
        }
        if (framework != null) {
            framework.destroy();
        }
        if (tracerProvider != null) {
            tracerProvider.close();
        }
    }

    @BeforeEach
    void forgetSpans() {
        SPANS.reset();
    }

    static HttpResponse<String> relay(String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + httpjsonPort + "/" + Front.class.getName() + "/relay"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("[\"hi\"]"))
                .timeout(Duration.ofSeconds(10));
        if (headers.length > 0) {
            b.headers(headers);
        }
        return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The three spans of one relay call, once all have ended. */
    static List<SpanData> threeSpans() {
        return spans(3);
    }

    /** The spans of one call, once {@code count} have ended. */
    static List<SpanData> spans(int count) {
        await().atMost(Duration.ofSeconds(10))
                .until(() -> SPANS.getFinishedSpanItems().size() >= count);
        List<SpanData> spans = SPANS.getFinishedSpanItems();
        assertThat(spans).as("%s", spans).hasSize(count);
        return spans;
    }

    @Test
    void everySpanOfACallHasTheTraceIdTheHttpCallerSent() throws Exception {
        HttpResponse<String> r = relay("traceparent", "00-" + TRACE_ID + "-" + CALLER_SPAN_ID + "-01");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("\"front:HI\"");

        List<SpanData> spans = threeSpans();
        assertThat(spans).allSatisfy(s -> assertThat(s.getTraceId()).isEqualTo(TRACE_ID));
        SpanData frontServer = only(spans, SpanKind.SERVER, Front.class);
        SpanData backClient = only(spans, SpanKind.CLIENT, Back.class);
        SpanData backServer = only(spans, SpanKind.SERVER, Back.class);
        // one chain: the HTTP caller's span, the httpjson provider, its call to Back, Back's provider
        assertThat(frontServer.getParentSpanId()).isEqualTo(CALLER_SPAN_ID);
        assertThat(backClient.getParentSpanId()).isEqualTo(frontServer.getSpanId());
        assertThat(backServer.getParentSpanId()).isEqualTo(backClient.getSpanId());
        assertThat(frontServer.getName()).contains("relay");
    }

    @Test
    void aCallWithoutTraceparentStartsATraceOfItsOwn() throws Exception {
        assertThat(relay().statusCode()).isEqualTo(200);
        List<SpanData> spans = threeSpans();
        Set<String> traces = spans.stream().map(SpanData::getTraceId).collect(Collectors.toSet());
        assertThat(traces).hasSize(1).doesNotContain(TRACE_ID);
        assertThat(only(spans, SpanKind.SERVER, Front.class)
                        .getParentSpanContext()
                        .isValid())
                .isFalse();
    }

    /** The Java consumer's span goes over httpjson as a traceparent header: the provider's span is its child. */
    @Test
    void theJavaConsumerCarriesItsTraceOverHttpjson() {
        assertThat(frontOverHttpjson.relay("java")).isEqualTo("front:JAVA");
        List<SpanData> spans = spans(4);
        SpanData frontClient = only(spans, SpanKind.CLIENT, Front.class);
        SpanData frontServer = only(spans, SpanKind.SERVER, Front.class);
        SpanData backClient = only(spans, SpanKind.CLIENT, Back.class);
        SpanData backServer = only(spans, SpanKind.SERVER, Back.class);
        assertThat(spans).allSatisfy(s -> assertThat(s.getTraceId()).isEqualTo(frontClient.getTraceId()));
        assertThat(frontServer.getParentSpanId()).isEqualTo(frontClient.getSpanId());
        assertThat(backClient.getParentSpanId()).isEqualTo(frontServer.getSpanId());
        assertThat(backServer.getParentSpanId()).isEqualTo(backClient.getSpanId());
    }

    static SpanData only(List<SpanData> spans, SpanKind kind, Class<?> service) {
        List<SpanData> found = spans.stream()
                .filter(s -> s.getKind() == kind && s.getName().startsWith(service.getName()))
                .toList();
        assertThat(found)
                .as("%s span of %s in %s", kind, service.getSimpleName(), spans)
                .hasSize(1);
        return found.get(0);
    }
}
