package io.httpjson.protocol.parity;

/** A provider that calls another service: the middle of a chain A -> B -> C. */
public interface Relay {

    /** What the relay saw of the caller's {@code dubbo.tag}, and the port of the provider its own call reached. */
    String relay();
}
