package io.httpjson.protocol.internal.registry;

import io.httpjson.protocol.HttpJsonProtocol;
import io.httpjson.protocol.internal.ConsumerView;
import io.httpjson.protocol.internal.Uncarried;
import io.httpjson.protocol.internal.codec.Codecs;
import io.httpjson.protocol.internal.server.PortSettings;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.registry.integration.RegistryProtocol;
import org.apache.dubbo.registry.integration.RegistryProtocolListener;
import org.apache.dubbo.rpc.Exporter;
import org.apache.dubbo.rpc.RpcException;
import org.apache.dubbo.rpc.cluster.ClusterInvoker;

import static org.apache.dubbo.common.constants.CommonConstants.PROTOCOL_KEY;

/**
 * Checks a reference's own httpjson settings when it is made through a registry, as a direct URL's are: otherwise
 * they were first read per provider address, where a bad one only left the address out (calls failed with "No
 * provider available", the reason in a log line). So are its streaming methods, which no httpjson provider serves.
 * Only references that ask for {@code protocol=httpjson}.
 */
@Activate
public class ReferenceCheck implements RegistryProtocolListener {

    @Override
    public void onExport(RegistryProtocol registryProtocol, Exporter<?> exporter) {}

    @Override
    public void onRefer(RegistryProtocol registryProtocol, ClusterInvoker<?> invoker, URL url, URL registryURL) {
        if (url == null || !HttpJsonProtocol.NAME.equals(url.getParameter(PROTOCOL_KEY))) {
            return;
        }
        try {
            Codecs.forUrl(url, url.getOrDefaultFrameworkModel());
            ConsumerView.of(url);
            if (!PortSettings.dubbos(url)) {
                // a stream would leave every address out, each with the reason in a log line
                Uncarried.refuse(url, invoker.getInterface(), "refer");
            }
        } catch (IllegalArgumentException e) {
            invoker.destroy(); // it has subscribed already; nothing else would end that
            throw new RpcException("httpjson: cannot refer " + url.getServiceKey() + ": " + e.getMessage(), e);
        } catch (RpcException e) {
            invoker.destroy();
            throw e;
        }
    }

    @Override
    public void onDestroy() {}
}
