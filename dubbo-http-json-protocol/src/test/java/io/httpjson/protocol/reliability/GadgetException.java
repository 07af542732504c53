package io.httpjson.protocol.reliability;

/** An exception class outside Dubbo's serialize allow-list that flips {@link GadgetFlag} if anything loads it. */
public class GadgetException extends RuntimeException {
    static {
        GadgetFlag.initialized = true;
    }

    public GadgetException() {
        GadgetFlag.constructed = true;
    }
}
