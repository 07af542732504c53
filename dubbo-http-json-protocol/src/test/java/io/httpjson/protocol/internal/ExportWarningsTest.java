package io.httpjson.protocol.internal;

import java.util.concurrent.Executors;

import org.apache.dubbo.common.URL;
import org.junit.jupiter.api.Test;

import static org.apache.dubbo.common.constants.CommonConstants.SERVICE_EXECUTOR;
import static org.assertj.core.api.Assertions.assertThat;

class ExportWarningsTest {

    @Test
    void dubbosPoolSettingsUnderTheJettyDispatchAreSaidOnceToBeUnused() {
        ExportWarnings warnings = new ExportWarnings();
        URL url = URL.valueOf("httpjson://127.0.0.1:8090/x.A?interface=x.A&threadpool=eager&queues=10&threads=50");
        assertThat(warnings.warn(url, Dispatch.JETTY))
                .startsWith(
                        "httpjson: x.A sets threadpool=eager, queues=10, which httpjson.dispatch=jetty does not use")
                .contains("set httpjson.dispatch=pool");
        assertThat(warnings.warn(url, Dispatch.JETTY))
                .as("the same export again")
                .isNull();
        assertThat(warnings.warn(url, Dispatch.POOL)).as("the pool uses them").isNull();
        URL plain = URL.valueOf("httpjson://127.0.0.1:8090/x.B?interface=x.B&threads=50");
        assertThat(warnings.warn(plain, Dispatch.JETTY)).as("threads is used").isNull();
        URL own = plain.putAttribute(SERVICE_EXECUTOR, Executors.newSingleThreadExecutor());
        assertThat(warnings.warn(own, Dispatch.DIRECT))
                .startsWith("httpjson: x.B sets executor (the service's own), which httpjson.dispatch=direct");
    }
}
