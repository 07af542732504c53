package io.httpjson.protocol.reliability;

/** A service whose calls end every way a call can, for the provider's bookkeeping (ProviderAccountingTest). */
public interface LedgerService {

    String quick(String s);

    /** Returns once the test lets one call through. */
    String held(String s);

    /** Its argument's class cannot be initialized. */
    String fragile(Fragile f);

    void oneWay(String s);

    String fail(String s) throws LedgerException;
}
