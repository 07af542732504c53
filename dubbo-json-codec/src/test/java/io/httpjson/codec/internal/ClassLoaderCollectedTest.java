package io.httpjson.codec.internal;

import java.lang.ref.WeakReference;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The codec's caches of what it learned about a class (its {@link Shape}, the classes a read of it makes) live with
 * the class, so that a class loader the application drops (a module undeployed, a development restart) can be
 * collected once nothing else holds it.
 */
class ClassLoaderCollectedTest {

    private static final byte[] JSON =
            "{\"name\":\"a\",\"count\":1,\"inner\":{\"id\":2}}".getBytes(StandardCharsets.UTF_8);

    /** {@link LoaderPojo} as a class of a loader of its own (no parent: nothing else can have loaded it). */
    private static Class<?> inOwnLoader() throws Exception {
        URL classes = LoaderPojo.class.getProtectionDomain().getCodeSource().getLocation();
        // a directory: nothing to close, and the classes it names load from it as they are needed
        @SuppressWarnings("resource")
        URLClassLoader loader = new URLClassLoader(new URL[] {classes}, null);
        Class<?> c = loader.loadClass(LoaderPojo.class.getName());
        assertThat(c).isNotSameAs(LoaderPojo.class);
        return c;
    }

    /** Whether the referent goes within a bounded number of collections. */
    private static boolean collected(WeakReference<?> ref) throws InterruptedException {
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            new CountDownLatch(1).await(20, TimeUnit.MILLISECONDS);
        }
        return ref.get() == null;
    }

    private static WeakReference<ClassLoader> checked() throws Exception {
        Class<?> c = inOwnLoader();
        StrictJson.check(JSON, 0, JSON.length, c);
        return new WeakReference<>(c.getClassLoader());
    }

    @Test
    void aClassLoaderGoesAfterJsonWasCheckedAgainstItsClass() throws Exception {
        assertThat(collected(checked())).as("the loader was collected").isTrue();
    }

    private static WeakReference<ClassLoader> judged(FrameworkModel framework) throws Exception {
        Class<?> c = inOwnLoader();
        AllowList allowList = AllowList.of(framework);
        // refused (Dubbo's default check status is STRICT), and the verdict kept
        assertThatThrownBy(() -> allowList.check(c)).hasMessageContaining("not admitted");
        // the allow-list changes (Dubbo's configuration can change it): its verdicts are made anew
        allowList.notifyCheckStatus(SerializeCheckStatus.STRICT);
        return new WeakReference<>(c.getClassLoader());
    }

    /**
     * What the allow-list found a read of the class would make outlives its verdicts only as long as the class:
     * once they are made anew, nothing of it keeps the class (its framework still runs; Dubbo itself keeps a
     * destroyed framework reachable, through its metrics' logger listeners, so that cannot be shown here).
     */
    @Test
    void aClassLoaderGoesOnceTheAllowListThatJudgedItsClassChanged() throws Exception {
        FrameworkModel framework = new FrameworkModel();
        try {
            assertThat(collected(judged(framework)))
                    .as("the loader was collected")
                    .isTrue();
        } finally {
            framework.destroy();
        }
    }
}
