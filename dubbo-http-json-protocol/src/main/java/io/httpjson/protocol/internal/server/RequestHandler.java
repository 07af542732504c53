package io.httpjson.protocol.internal.server;

import java.io.IOException;

import io.httpjson.protocol.internal.Dispatch;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The provider's request path, one stage after another: {@link Admission} (may this request be served at all),
 * {@link Target} (which service and method, and can its body be read), {@link BodyReader} (the body, as it
 * arrives), {@link CallRunner} (arguments, invocation, on the service's executor) and {@link Responder} (JSON out).
 * A stage refuses a call by throwing {@link CallError}; {@link Exchange} writes it. Never blocks.
 */
final class RequestHandler extends Handler.Abstract {

    private final HttpJsonServer server;
    private final HttpJsonConfig config;
    private final HttpFeatures features;
    private final AdmissionRules rules;
    private final Admission admission;
    private final Responder responder;

    RequestHandler(HttpJsonServer server, HttpJsonConfig config, HttpFeatures features, Responder responder) {
        // JETTY runs invocations on the thread Jetty calls us on, so Jetty must know it may block
        super(config.dispatch() == Dispatch.JETTY ? InvocationType.BLOCKING : InvocationType.NON_BLOCKING);
        this.server = server;
        this.config = config;
        this.features = features;
        this.rules = new AdmissionRules(config);
        this.admission = new Admission(server, config, features, rules);
        this.responder = responder;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Exchange ex = new Exchange(
                request, response, server.track(callback), responder, server.defaultCodec(), config.payload());
        Target target;
        QueryArguments.Call get = null;
        try {
            if (admission.admit(request, response, ex)) {
                return true;
            }
            target = Target.resolve(request, server, config, ex);
            if ("GET".equals(request.getMethod())) {
                get = QueryArguments.read(request, target, target.route.codec);
            }
        } catch (CallError e) {
            ex.refuse(e, bytes -> rules.bodyRate(ex.startNanos, bytes) != null);
            return true;
        } catch (IOException | RuntimeException | Error e) {
            // e.g. a query string Jetty cannot decode: Jetty answers (400 for that), and the request, counted in
            // flight since the exchange was made, stops being counted (the callback Jetty gave us is not counted:
            // anything thrown on to Jetty would leave it counted for good)
            ex.callback.failed(e);
            return true;
        }
        if (get != null) {
            new CallRunner(server, ex, target, config, features, get.method(), get.body(), get.body().length)
                    .dispatch();
            return true;
        }
        BodyReader.read(
                request,
                config.payload(),
                target.declaredLength,
                bytes -> rules.bodyRate(ex.startNanos, bytes),
                bytes -> ex.hold(server.decodeBudget(), bytes)
                        ? null
                        : new CallError(
                                ErrorCode.OVERLOADED, server.decodeBudget().refusal(bytes)),
                (body, size) -> {
                    ex.bodyRead();
                    new CallRunner(server, ex, target, config, features, null, body, size).dispatch();
                },
                ex::fail);
        return true;
    }
}
