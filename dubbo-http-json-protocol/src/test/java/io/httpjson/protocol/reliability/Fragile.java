package io.httpjson.protocol.reliability;

/**
 * An argument type whose class fails to initialize (a static initializer that throws): making one throws
 * {@link ExceptionInInitializerError}, then {@link NoClassDefFoundError}.
 */
public final class Fragile {

    static final int READY = refuse();

    public String name;

    private static int refuse() {
        throw new IllegalStateException("Fragile cannot be initialized (on purpose)");
    }
}
