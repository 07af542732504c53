package io.httpjson.protocol.it;

import java.time.Duration;
import java.util.Optional;

import io.httpjson.protocol.api.Types.User;

public interface ProbeService {
    Duration twice(Duration d);

    String opt(Optional<String> o);

    Optional<String> maybe(String s);

    User find(long id);

    String trace(String key);

    /** JDK classes the JSON mapping names (UUID, Locale, AtomicBoolean), one it does not (File), an interface. */
    String jdk(java.util.UUID id, java.util.Locale l, java.util.concurrent.atomic.AtomicBoolean b);

    String file(java.io.File f);

    String chars(CharSequence s);

    /** An Optional inside a POJO field: read only as null, as a parameter. */
    String wrapped(java.util.List<Optional<String>> o);

    class Impl implements ProbeService {
        @Override
        public Duration twice(Duration d) {
            return d.multipliedBy(2);
        }

        @Override
        public String opt(Optional<String> o) {
            return String.valueOf(o);
        }

        @Override
        public Optional<String> maybe(String s) {
            return Optional.ofNullable(s);
        }

        @Override
        public User find(long id) {
            return id == 0 ? null : new User(id, "u" + id);
        }

        @Override
        public String jdk(java.util.UUID id, java.util.Locale l, java.util.concurrent.atomic.AtomicBoolean b) {
            return id + " " + l + " " + b;
        }

        @Override
        public String file(java.io.File f) {
            return String.valueOf(f);
        }

        @Override
        public String chars(CharSequence s) {
            return String.valueOf(s);
        }

        @Override
        public String wrapped(java.util.List<Optional<String>> o) {
            return String.valueOf(o);
        }

        @Override
        public String trace(String key) {
            return String.valueOf(
                    org.apache.dubbo.rpc.RpcContext.getServerAttachment().getAttachment(key));
        }
    }
}
