package io.httpjson.protocol.reliability;

/** A business exception of {@link LedgerService}. */
public class LedgerException extends Exception {
    public LedgerException(String message) {
        super(message);
    }
}
