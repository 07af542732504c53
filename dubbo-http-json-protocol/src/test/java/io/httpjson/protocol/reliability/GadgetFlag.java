package io.httpjson.protocol.reliability;

/** Set by {@link Gadget} if anything ever initialized or instantiated it (kept apart so reading it can't). */
final class GadgetFlag {
    static volatile boolean initialized;
    static volatile boolean constructed;

    private GadgetFlag() {}
}
