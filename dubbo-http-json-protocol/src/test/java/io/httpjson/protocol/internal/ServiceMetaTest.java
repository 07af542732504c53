package io.httpjson.protocol.internal;

import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.reliability.OnceService;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The metadata of a service interface lives with the interface, not in a map that would keep it for ever. */
class ServiceMetaTest {

    /** Loads {@link OnceService} in a loader of its own (no parent), has its metadata made, and drops the loader. */
    private static WeakReference<ClassLoader> metadataMadeInOwnLoader() throws Exception {
        URL classes = OnceService.class.getProtectionDomain().getCodeSource().getLocation();
        // a directory: nothing to close
        @SuppressWarnings("resource")
        URLClassLoader loader = new URLClassLoader(new URL[] {classes}, null);
        Class<?> type = loader.loadClass(OnceService.class.getName());
        assertThat(type).isNotSameAs(OnceService.class);
        assertThat(ServiceMeta.of(type).methodNames()).containsExactly("echo", "fire", "held");
        return new WeakReference<>(loader);
    }

    /**
     * A service interface's class loader that the application drops (a module undeployed, a development restart)
     * is collected, although httpjson made the interface's metadata.
     */
    @Test
    void anInterfacesClassLoaderIsCollectedOnceTheApplicationDropsIt() throws Exception {
        WeakReference<ClassLoader> ref = metadataMadeInOwnLoader();
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            new CountDownLatch(1).await(20, TimeUnit.MILLISECONDS);
        }
        assertThat(ref.get()).as("the loader was collected").isNull();
    }
}
