package io.httpjson.protocol.parity;

/**
 * Two interfaces with one method of different return types: an interface that extends both has the two methods
 * (no bridge: it declares neither), which are one method returning the narrower type.
 */
public interface Named {

    interface Any {
        Object named(String name);
    }

    interface Points {
        Point named(String name);
    }
}
