package io.httpjson.benchmark.service;

import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.Result;
import io.httpjson.demo.api.User;
import org.apache.dubbo.common.utils.SerializeSecurityManager;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Adds the benchmark's own types to Dubbo's serialization allow-list (STRICT by default in 3.3).
 * Dubbo trusts a service's types in the FrameworkModel that exports/refers it, but triple (non-IDL) deserializes
 * through a URL that falls back to the default FrameworkModel, so the benchmark allows them there too.
 */
public final class AllowedTypes {
    private static final Class<?>[] TYPES = {
        BenchmarkService.class, BenchmarkMessage.class, Result.class, User.class, Page.class, ProviderStats.class
    };

    private AllowedTypes() {}

    public static void allow(FrameworkModel... models) {
        for (FrameworkModel fm : models) {
            SerializeSecurityManager ssm = fm.getBeanFactory().getOrRegisterBean(SerializeSecurityManager.class);
            for (Class<?> c : TYPES) {
                ssm.addToAllowed(c.getName());
            }
        }
    }
}
