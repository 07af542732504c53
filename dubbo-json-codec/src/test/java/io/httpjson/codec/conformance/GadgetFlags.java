package io.httpjson.codec.conformance;

/** Flags flipped by the gadget classes' static initializers; reading them does not initialize the gadgets. */
public final class GadgetFlags {
    public static volatile boolean gadget;
    public static volatile boolean gadgetThrowable;
    public static volatile boolean gadgetException;

    private GadgetFlags() {}
}
