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
        public String trace(String key) {
            return String.valueOf(
                    org.apache.dubbo.rpc.RpcContext.getServerAttachment().getAttachment(key));
        }
    }
}
