package io.httpjson.protocol.internal.server;

import java.util.Set;
import java.util.concurrent.Executor;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.internal.AllowList;
import io.httpjson.protocol.internal.ServiceMeta;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.model.ServiceModel;

import static org.apache.dubbo.common.constants.CommonConstants.DEFAULT_VERSION;
import static org.apache.dubbo.rpc.Constants.TOKEN_KEY;

/** One exported service (path + version + group) as the server sees it; immutable. */
final class ServiceRoute {

    final Invoker<?> invoker;
    final URL url;
    final String path;
    final String version;
    final String group;
    final String interfaceName;
    final String protocolServiceKey;
    /** Dubbo's key of the service ({@code group/path:version}), as the dubbo protocol names an invocation's target. */
    final String serviceKey;

    final ServiceModel serviceModel;
    final ServiceMeta meta;
    final JsonCodec codec;
    /** Dubbo's {@code token} callers must send as an attachment; {@code null} for none. */
    final String token;
    /** Where invocations run; {@code null} runs them on the thread that read the request. */
    final Executor executor;
    /** Methods its provider declared safe to call with GET ({@code httpjson.get=true}). */
    final Set<String> getMethods;
    /** Dubbo's serialize allow-list of the service's framework, which the classes its arguments make must pass. */
    final AllowList allowList;

    ServiceRoute(Invoker<?> invoker, JsonCodec codec, Executor executor, Set<String> getMethods) {
        this.invoker = invoker;
        this.url = invoker.getUrl();
        this.path = url.getPath();
        this.version = emptyToNull(url.getVersion());
        this.group = emptyToNull(url.getGroup());
        this.interfaceName = url.getServiceInterface();
        this.protocolServiceKey = url.getProtocolServiceKey();
        this.serviceKey = URL.buildKey(path, group, version);
        this.serviceModel = url.getServiceModel();
        this.meta = ServiceMeta.of(invoker.getInterface());
        this.token = emptyToNull(url.getParameter(TOKEN_KEY));
        this.codec = codec;
        this.executor = executor;
        this.getMethods = getMethods;
        this.allowList = AllowList.of(url.getOrDefaultFrameworkModel());
    }

    static String emptyToNull(String s) {
        return s == null || s.isEmpty() ? null : s;
    }

    /**
     * The version as calls name it: {@code 0.0.0}, Dubbo's default, is no version, as Dubbo names a service
     * ({@code ProtocolUtils.serviceKey}): the consumer or caller that names it calls the export without one, and the
     * other way round.
     */
    static String versionKey(String version) {
        return DEFAULT_VERSION.equals(version) ? null : version;
    }

    String describe() {
        return path + (version != null ? " version " + version : "") + (group != null ? " group " + group : "");
    }
}
