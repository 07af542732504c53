package io.httpjson.protocol.internal.server;

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
    private final Admission admission;
    private final Responder responder;

    RequestHandler(HttpJsonServer server, HttpJsonConfig config, Responder responder) {
        // JETTY runs invocations on the thread Jetty calls us on, so Jetty must know it may block
        super(config.dispatch() == HttpJsonConfig.Dispatch.JETTY ? InvocationType.BLOCKING : InvocationType.NON_BLOCKING);
        this.server = server;
        this.config = config;
        this.admission = new Admission(server, config);
        this.responder = responder;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Exchange ex = new Exchange(request, response, server.track(callback), responder, server.defaultCodec(),
                config.payload());
        Target target;
        try {
            if (admission.admit(request, response, ex)) {
                return true;
            }
            target = Target.resolve(request, server, config, ex);
        } catch (CallError e) {
            ex.refuse(e);
            return true;
        }
        long arrived = System.nanoTime();
        BodyReader.read(request, config.payload(), target.declaredLength,
                (body, size) -> new CallRunner(ex, target, config, arrived, body, size).dispatch(), ex::fail);
        return true;
    }
}
