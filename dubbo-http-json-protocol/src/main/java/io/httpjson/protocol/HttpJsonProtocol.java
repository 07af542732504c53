package io.httpjson.protocol;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.internal.ResultTypeFilter;
import io.httpjson.protocol.internal.ConsumerView;
import io.httpjson.protocol.internal.Dispatch;
import io.httpjson.protocol.internal.ExportWarnings;
import io.httpjson.protocol.internal.HttpFeatures;
import io.httpjson.protocol.internal.HttpJsonConfig;
import io.httpjson.protocol.internal.ReferWarnings;
import io.httpjson.protocol.internal.ServiceMeta;
import io.httpjson.protocol.internal.Uncarried;
import io.httpjson.protocol.internal.client.HttpJsonClient;
import io.httpjson.protocol.internal.client.HttpJsonInvoker;
import io.httpjson.protocol.internal.codec.Codecs;
import io.httpjson.protocol.internal.server.HttpJsonServer;
import io.httpjson.protocol.internal.server.PortSettings;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.threadpool.manager.ExecutorRepository;
import org.apache.dubbo.common.utils.ExecutorUtil;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.GracefulShutdown;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.protocol.AbstractExporter;
import org.apache.dubbo.rpc.protocol.AbstractProtocol;

import static org.apache.dubbo.common.constants.LoggerCodeConstants.TRANSPORT_FAILED_CLOSE;

/**
 * The Dubbo protocol {@code httpjson}: services answer {@code POST /{interface}/{method}} with JSON over HTTP/1.1
 * (Jetty 12), and Java consumers call them through a pooled Netty HTTP/1.1 client. Select it with
 * {@code protocol="httpjson"} or {@code dubbo.protocol.name=httpjson}; see {@code docs/protocol.md}.
 */
public class HttpJsonProtocol extends AbstractProtocol {

    public static final String NAME = "httpjson";
    public static final int DEFAULT_PORT = 8090;

    private final Map<String, HttpJsonClient> clients = new ConcurrentHashMap<>();
    private final ReferWarnings referWarnings = new ReferWarnings();
    private final ExportWarnings exportWarnings = new ExportWarnings();
    /** Applications whose stop is watched for the calls their pools drop ({@code httpjson.dispatch=pool}). */
    private final Set<ApplicationModel> poolApps = ConcurrentHashMap.newKeySet();

    private volatile boolean destroyed;
    /** Dubbo's graceful shutdown has begun ({@link GracefulShutdown#readonly}): guarded by serverMap. */
    private boolean readOnly;

    @Override
    public int getDefaultPort() {
        return DEFAULT_PORT;
    }

    /** Also takes part in Dubbo's graceful shutdown, whose first step puts every protocol's servers read-only. */
    @Override
    public void setFrameworkModel(FrameworkModel frameworkModel) {
        super.setFrameworkModel(frameworkModel);
        frameworkModel.getBeanFactory().registerBean(new GracefulShutdown() {
            @Override
            public void readonly() {
                readOnly(true);
            }

            @Override
            public void writeable() {
                readOnly(false);
            }
        });
    }

    private void readOnly(boolean on) {
        synchronized (serverMap) {
            readOnly = on;
            for (ProtocolServer server : serverMap.values()) {
                ((HttpJsonServer) server).readOnly(on);
            }
        }
    }

    private void checkNotDestroyed(URL url, String what) {
        if (destroyed) {
            throw new IllegalStateException("httpjson: cannot " + what + " " + url.getServiceKey()
                    + ": the protocol is destroyed (its Dubbo framework is shutting down or stopped)");
        }
    }

    @Override
    public <T> Exporter<T> export(Invoker<T> invoker) throws RpcException {
        URL url = invoker.getUrl();
        checkNotDestroyed(url, "export");
        refuseUncarried(url, invoker.getInterface(), "export");
        String key = serviceKey(url);
        JsonCodec codec;
        HttpJsonConfig config;
        HttpFeatures features;
        Set<String> getMethods;
        try {
            codec = Codecs.forUrl(url, frameworkModel);
            config = HttpJsonConfig.of(url);
            features = HttpFeatures.of(url);
            getMethods = HttpFeatures.getMethods(
                    url, ServiceMeta.of(invoker.getInterface()).methodNames());
        } catch (IllegalArgumentException e) {
            throw new RpcException("httpjson: cannot export " + url.getServiceKey() + ": " + e.getMessage(), e);
        }
        exportWarnings.warn(url, config.dispatch());
        Executor executor = config.dispatch() != Dispatch.POOL
                ? null
                : ExecutorRepository.getInstance(url.getOrDefaultApplicationModel())
                        .createExecutorIfAbsent(ExecutorUtil.setThreadName(url, "DubboServerHandler"));
        ApplicationModel app = url.getOrDefaultApplicationModel();
        if (executor != null && poolApps.add(app)) {
            // a stopping application shuts its pools down, dropping the calls they hold: those are answered 503
            app.addDestroyListener(stopped -> {
                poolApps.remove(stopped);
                synchronized (serverMap) {
                    serverMap.values().forEach(s -> ((HttpJsonServer) s).answerDroppedCalls());
                }
            });
        }
        String serverKey = url.getAddress();
        HttpJsonServer server;
        Runnable remove;
        synchronized (serverMap) {
            checkNotDestroyed(url, "export");
            server = (HttpJsonServer) serverMap.get(serverKey);
            String differs = server == null ? null : server.portSettingsDiffer(url);
            if (differs != null) {
                throw new RpcException(
                        "httpjson: cannot export " + url.getServiceKey() + " on " + serverKey + ": " + differs);
            }
            if (server == null) {
                server = new HttpJsonServer(url, codec, features);
                loadServerProperties(server);
                server.readOnly(readOnly);
                serverMap.put(serverKey, server);
            }
            remove = server.export(invoker, codec, executor, getMethods);
        }
        HttpJsonServer exportedOn = server;
        AbstractExporter<T> exporter = new AbstractExporter<T>(invoker) {
            @Override
            public void afterUnExport() {
                exporterMap.remove(key, this);
                boolean last;
                synchronized (serverMap) {
                    remove.run();
                    last = !exportedOn.hasServices();
                }
                if (last) {
                    closeUnlessExportedAgain(serverKey, exportedOn);
                }
            }
        };
        exporterMap.put(key, exporter);
        return exporter;
    }

    /**
     * Lets the calls in flight on a server whose last service left finish, then closes its port, unless a service
     * was exported on it meanwhile: then it goes on serving (a new server could not bind the port until then).
     */
    private void closeUnlessExportedAgain(String serverKey, HttpJsonServer server) {
        // new calls are turned away already (its last service's removal did it, under the lock): a service exported
        // meanwhile has taken them again, and must find them taken
        server.awaitInFlight(shutdownWait(server));
        synchronized (serverMap) {
            if (server.hasServices() || !serverMap.remove(serverKey, server)) {
                return; // exported again, or closed by destroy()
            }
            server.stop();
        }
    }

    /** The shutdown wait, no longer than what is left of a shutdown under way (Dubbo's shutdown hook sets it). */
    private int shutdownWait(ProtocolServer server) {
        return ConfigurationUtils.reCalShutdownTime(getServerShutdownTimeout(server));
    }

    @Override
    protected <T> Invoker<T> protocolBindingRefer(Class<T> type, URL url) throws RpcException {
        checkNotDestroyed(url, "refer");
        refuseUncarried(url, type, "refer");
        JsonCodec codec;
        ConsumerView view;
        boolean foreign = !ConsumerView.asksForHttpJson(url);
        try {
            codec = Codecs.forReference(url, frameworkModel, foreign);
            view = ConsumerView.of(url);
        } catch (IllegalArgumentException e) {
            throw new RpcException("httpjson: cannot refer " + url.getServiceKey() + ": " + e.getMessage(), e);
        }
        referWarnings.warn(url, view);
        if (foreign) {
            referWarnings.warnForeignSerialization(url, frameworkModel);
        }
        String clientKey = url.getAddress() + "|" + view.clientKey() + "|"
                // TLS settings (dubbo.ssl) belong to the consumer's application
                + url.getOrDefaultApplicationModel().getInternalId();
        HttpJsonClient client = clients.compute(
                clientKey,
                (k, existing) -> existing != null && existing.retain() ? existing : newClient(url, view.config()));
        HttpJsonInvoker<T> invoker;
        try {
            invoker = new HttpJsonInvoker<>(type, withoutResultTypes(url), client, codec, frameworkModel, destroyed -> {
                // a destroyed invoker (address removed by a registry push) must not stay reachable from the protocol
                invokers.remove(destroyed);
                if (client.isClosed()) {
                    clients.remove(clientKey, client);
                }
            });
        } catch (RuntimeException e) {
            // no invoker holds the share of the client taken above: give it back, or the client (its connections,
            // IO threads and timer) outlives the references that were made
            client.release();
            if (client.isClosed()) {
                clients.remove(clientKey, client);
            }
            throw e instanceof RpcException
                    ? e
                    : new RpcException("httpjson: cannot refer " + url.getServiceKey() + ": " + e.getMessage(), e);
        }
        invokers.add(invoker);
        return invoker;
    }

    /**
     * Parameter callbacks and streaming methods need more than one request and response: refused at once, naming
     * them, rather than failing every call of them later (or running an HTTP caller's with a null stream).
     */
    private static void refuseUncarried(URL url, Class<?> type, String what) {
        if (!PortSettings.dubbos(url)) {
            // Dubbo's own services (MetadataService, if metadata-service-protocol=httpjson) keep their other methods
            Uncarried.refuse(url, type, what);
        }
    }

    private static HttpJsonClient newClient(URL url, HttpJsonConfig config) {
        try {
            return new HttpJsonClient(url, config);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new RpcException("httpjson: cannot refer " + url.getServiceKey() + ": " + e.getMessage(), e);
        }
    }

    /** The servers this protocol runs (for tests: the port actually bound when port 0 was asked for). */
    public Map<String, ProtocolServer> servers() {
        return Map.copyOf(serverMap);
    }

    @Override
    public void destroy() {
        destroyed = true;
        super.destroy();
        synchronized (serverMap) {
            for (ProtocolServer server : serverMap.values()) {
                try {
                    ((HttpJsonServer) server).close(shutdownWait(server));
                } catch (RuntimeException e) {
                    logger.warn(
                            TRANSPORT_FAILED_CLOSE, "", "", "httpjson: closing " + server.getAddress() + " failed", e);
                }
            }
            serverMap.clear();
        }
        for (HttpJsonClient c : clients.values()) {
            c.release();
        }
        clients.clear();
    }

    /**
     * {@code url} with the dubbo protocol's result-type filter left out of the invoker's filter chain, which Dubbo
     * builds from the invoker's URL: httpjson reads a result by its method, and the filter's node cost 3-4 µs of
     * client CPU per call ({@code ResultTypeFilter}; docs/history/benchmark-notebook.md).
     */
    private static URL withoutResultTypes(URL url) {
        String filters = url.getParameter(CommonConstants.REFERENCE_FILTER_KEY);
        String off = "-" + ResultTypeFilter.NAME;
        return url.addParameter(
                CommonConstants.REFERENCE_FILTER_KEY, filters == null || filters.isEmpty() ? off : filters + "," + off);
    }
}
