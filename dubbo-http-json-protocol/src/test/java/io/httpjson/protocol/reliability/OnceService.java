package io.httpjson.protocol.reliability;

/** Methods that count how often the provider ran each value, for the at-most-once tests. */
public interface OnceService {

    /** Runs for {@code workMillis} of provider time, then returns {@code value}. */
    String echo(String value, int workMillis);

    /** Returns {@code value} once the test opens the gate. */
    String held(String value);

    /** A one-way call (configured with {@code return=false}) that waits at the gate. */
    void fire(String value);
}
