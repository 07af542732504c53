package io.httpjson.codec.conformance;

import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

/** Dubbo frameworks for the contracts' allow-list checks. */
final class Frameworks {

    private Frameworks() {}

    /** A new framework whose serialize allow-list is in {@code STRICT} mode (destroy it after use). */
    static FrameworkModel strict() {
        FrameworkModel framework = new FrameworkModel();
        framework
                .getBeanFactory()
                .getOrRegisterBean(SerializeSecurityManager.class)
                .setCheckStatus(SerializeCheckStatus.STRICT);
        return framework;
    }
}
