package io.httpjson.protocol.reliability;

/** Methods whose provider time the test controls, for the pipelining decisions. */
public interface PacedService {

    /** Returns at once. */
    String quick(String s);

    /** Returns when the gate is open (at once if it is). */
    String gate(String s);

    /** Another gated method, for a method the consumer has never seen answered. */
    String hold(String s);

    /** Takes 50 ms, then returns when the gate is open: a method known to be slow. */
    String slowGate(String s);

    /** Returns after {@code millis}. */
    String sleep(int millis);
}
