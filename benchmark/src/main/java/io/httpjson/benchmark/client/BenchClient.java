package io.httpjson.benchmark.client;

import java.util.HashMap;
import java.util.Map;

import io.httpjson.benchmark.DubboApps;
import io.httpjson.benchmark.Loopback;
import io.httpjson.benchmark.provider.Export;
import io.httpjson.benchmark.service.AllowedTypes;
import io.httpjson.benchmark.service.BenchmarkService;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * One Dubbo reference, shared by all callers of a run: direct URL {@code <protocol>://host:port}, no registry,
 * serialization as a URL parameter, no retries. Own FrameworkModel, destroyed on close.
 */
public final class BenchClient implements AutoCloseable {
    private final FrameworkModel frameworkModel;
    private final DubboBootstrap bootstrap;
    private final BenchmarkService service;
    private final String url;

    public BenchClient(Export export, String host, int port, int timeoutMillis) {
        this(export, host, port, timeoutMillis, Map.of());
    }

    /** {@code extraParams}: reference parameters of this client only, applied last. */
    public BenchClient(Export export, String host, int port, int timeoutMillis, Map<String, String> extraParams) {
        Loopback.configure();
        this.frameworkModel = new FrameworkModel();
        this.bootstrap = DubboBootstrap.newInstance(frameworkModel);
        this.url = export.protocol() + "://" + host + ":" + port;
        AllowedTypes.allow(frameworkModel, FrameworkModel.defaultModel());
        try {
            ApplicationConfig app = new ApplicationConfig("httpjson-benchmark-client");
            app.setQosEnable(false);
            app.setMetadataType("local");
            app.setShutwait("1000"); // graceful-shutdown wait (Dubbo default 10 s): nothing is in flight when we stop
            ReferenceConfig<BenchmarkService> ref = new ReferenceConfig<>();
            ref.setInterface(BenchmarkService.class);
            ref.setUrl(url);
            ref.setGroup(export.group());
            ref.setTimeout(timeoutMillis);
            ref.setRetries(0);
            ref.setCheck(false);
            Map<String, String> params = new HashMap<>();
            params.put("serialization", export.serialization());
            params.put("prefer.serialization", export.serialization());
            params.putAll(DubboApps.paramsFromSystemProperty("benchmark.reference.params"));
            params.putAll(extraParams);
            ref.setParameters(params);
            bootstrap.application(app);
            if (DubboApps.tls()) {
                bootstrap.ssl(DubboApps.sslOrNull());
            }
            bootstrap.reference(ref).start();
            this.service = ref.get();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    public BenchmarkService service() {
        return service;
    }

    public String url() {
        return url;
    }

    @Override
    public void close() {
        DubboApps.stopQuietly(bootstrap, frameworkModel);
    }
}
