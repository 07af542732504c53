package io.httpjson.codec.conformance;

/** Not a Throwable: naming it as an exception class must not initialize it. */
public class GadgetThrowable {
    static {
        GadgetFlags.gadgetThrowable = true;
    }
}
