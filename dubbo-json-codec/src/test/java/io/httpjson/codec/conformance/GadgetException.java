package io.httpjson.codec.conformance;

/** A Throwable no allow-list admits: naming it as an exception class must not initialize it. */
public class GadgetException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    static {
        GadgetFlags.gadgetException = true;
    }

    public GadgetException(String message) {
        super(message);
    }
}
