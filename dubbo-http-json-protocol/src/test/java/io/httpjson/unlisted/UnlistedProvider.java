package io.httpjson.unlisted;

import io.httpjson.protocol.testing.DubboServer;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * A provider of {@link UnlistedService} over httpjson on 127.0.0.1 whose Dubbo does not trust interface classes
 * itself ({@code auto-trust-serialize-class=false}), so {@link UnlistedPojo} is on no allow-list.
 */
public final class UnlistedProvider {

    private UnlistedProvider() {}

    /** Starts it in {@code framework} with the serialize {@code checkStatus}; returns its port. */
    public static int start(FrameworkModel framework, String application, String checkStatus) {
        int port = DubboServer.freePort();
        ProtocolConfig pc = new ProtocolConfig("httpjson", port);
        pc.setHost("127.0.0.1");
        ApplicationConfig app = new ApplicationConfig(application);
        app.setQosEnable(false);
        app.setSerializeCheckStatus(checkStatus);
        app.setAutoTrustSerializeClass(false);
        ServiceConfig<UnlistedService> service = new ServiceConfig<>();
        service.setInterface(UnlistedService.class);
        service.setRef(p -> "got " + p.name);
        // declared safe: a GET's query argument is read as a POST's body is
        service.setParameters(java.util.Map.of("httpjson.get", "true"));
        DubboBootstrap.newInstance(framework)
                .application(app)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(pc)
                .service(service)
                .start();
        return port;
    }
}
