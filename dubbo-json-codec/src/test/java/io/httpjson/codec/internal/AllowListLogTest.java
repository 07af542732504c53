package io.httpjson.codec.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.apache.dubbo.common.utils.SerializeCheckStatus;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the allow-list logs, as Dubbo's own serialize checker does for the dubbo protocol: a class it refuses, or
 * lets through only because the check status is WARN, once per class, with Dubbo's error code for an untrusted
 * serialized class (4-21, whose FAQ page says what to do).
 */
class AllowListLogTest {

    static final class Refused {
        public String name;
    }

    static final class Warned {
        public String name;
    }

    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    private final Handler log = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                records.add(r);
            }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    private FrameworkModel framework;

    @BeforeEach
    void watch() {
        framework = new FrameworkModel();
        Logger.getLogger("io.httpjson").addHandler(log);
    }

    @AfterEach
    void unwatch() {
        Logger.getLogger("io.httpjson").removeHandler(log);
        framework.destroy();
    }

    @Test
    void aRefusedClassIsLoggedOnceWithDubbosCode() {
        AllowList allowList = AllowList.of(framework);
        allowList.notifyCheckStatus(SerializeCheckStatus.STRICT);
        assertThatThrownBy(() -> allowList.check(Refused.class)).hasMessageContaining("not admitted");
        // the lists change: the verdict is made anew, and not said again
        allowList.notifyCheckStatus(SerializeCheckStatus.STRICT);
        assertThatThrownBy(() -> allowList.check(Refused.class)).hasMessageContaining("not admitted");
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.getLevel()).isEqualTo(Level.SEVERE);
            assertThat(r.getMessage())
                    .contains(Refused.class.getName(), "security/serialize.allowlist", "error code: 4-21");
        });
    }

    @Test
    void aClassLetThroughInWarnModeIsLoggedOnceWithDubbosCode() {
        AllowList allowList = AllowList.of(framework);
        allowList.notifyCheckStatus(SerializeCheckStatus.WARN);
        allowList.check(Warned.class);
        allowList.notifyCheckStatus(SerializeCheckStatus.WARN);
        allowList.check(Warned.class);
        assertThat(records).singleElement().satisfies(r -> {
            assertThat(r.getLevel()).isEqualTo(Level.WARNING);
            assertThat(r.getMessage()).contains(Warned.class.getName(), "error code: 4-21");
        });
    }
}
