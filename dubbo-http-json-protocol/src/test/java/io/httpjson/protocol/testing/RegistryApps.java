package io.httpjson.protocol.testing;

import java.util.HashMap;
import java.util.Map;

import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.RegistryConfig;

/** The configuration of a provider or consumer application that meets the other through the in-JVM test registry. */
public final class RegistryApps {

    private RegistryApps() {}

    /** An application without QoS, with local metadata and a short shutdown wait. */
    public static ApplicationConfig app(String name) {
        ApplicationConfig app = new ApplicationConfig(name);
        app.setQosEnable(false);
        app.setMetadataType("local");
        app.setShutwait("1000");
        return app;
    }

    /** The test registry in this JVM ({@code memreg}, io.httpjson.protocol.registry.MemoryRegistry), by interface. */
    public static RegistryConfig registry() {
        RegistryConfig r = new RegistryConfig("memreg://127.0.0.1:9");
        r.setRegisterMode("interface");
        r.setUseAsConfigCenter(false);
        r.setUseAsMetadataCenter(false);
        r.setParameters(new HashMap<>(Map.of("file-cache", "false")));
        return r;
    }
}
