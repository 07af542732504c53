package io.httpjson.protocol.parity;

/** What a provider saw of a call: its value, the caller's attachment, and the thread it ran on. */
public interface CallerService {

    /** {@code value|attachment "caller" (or null)|virtual or platform}, after {@code workMillis} of work. */
    String whoCalls(String value, int workMillis);

    /** Holds until the test lets it go, then answers {@code value}. */
    String held(String value);
}
