package io.httpjson.protocol.parity;

import java.util.concurrent.CompletableFuture;

/** The service {@link AsyncParityTest} calls over the dubbo protocol and over httpjson. */
public interface AsyncService {

    /** "value" completes with "ok" from another thread; "held:KEY" completes when the test completes it. */
    CompletableFuture<String> future(String mode);

    /** Blocks until the test opens the gate of {@code key} (20 s at most); answers "slow KEY". */
    String slow(String key);

    String plain(String s);
}
