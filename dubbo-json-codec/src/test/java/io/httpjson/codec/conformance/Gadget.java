package io.httpjson.codec.conformance;

/** A class whose static initializer records (in {@link GadgetFlags}) that something initialized it. */
public class Gadget extends Model.Foo {
    private static final long serialVersionUID = 1L;

    static {
        GadgetFlags.gadget = true;
    }
}
