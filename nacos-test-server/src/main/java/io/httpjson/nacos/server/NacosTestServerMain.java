package io.httpjson.nacos.server;

import com.alibaba.nacos.NacosServerBasicApplication;
import com.alibaba.nacos.NacosServerWebApplication;
import com.alibaba.nacos.core.listener.startup.NacosStartUp;
import com.alibaba.nacos.core.listener.startup.NacosStartUpManager;
import com.alibaba.nacos.sys.env.DeploymentType;
import com.alibaba.nacos.sys.env.EnvUtil;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Starts a standalone Nacos server (naming + config, no console) the way the upstream bootstrap
 * does in "server" deployment mode. The Nacos server artifacts on Maven Central ship no bootstrap
 * jar, so this is the one class this module compiles.
 *
 * <p>Run it in its own JVM with the classpath from {@code META-INF/nacos-test-server/classpath.txt}
 * and the flags documented in {@code NacosServerProcess} (integration-tests): never inside a Dubbo
 * JVM, where Spring Boot 3.4 / grpc-netty-shaded would clash with Dubbo's Netty stack.
 */
public final class NacosTestServerMain {

    private NacosTestServerMain() {}

    public static void main(String[] args) {
        EnvUtil.setDeploymentType(DeploymentType.SERVER);

        NacosStartUpManager.start(NacosStartUp.CORE_START_UP_PHASE);
        ConfigurableApplicationContext core = new SpringApplicationBuilder(NacosServerBasicApplication.class)
                .web(WebApplicationType.NONE)
                .bannerMode(Banner.Mode.OFF)
                .run(args);

        NacosStartUpManager.start(NacosStartUp.WEB_START_UP_PHASE);
        new SpringApplicationBuilder(NacosServerWebApplication.class)
                .parent(core)
                .bannerMode(Banner.Mode.OFF)
                .run(args);
        System.out.println("NACOS-TEST-SERVER-STARTED");
    }
}
