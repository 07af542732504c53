package io.httpjson.protocol.parity;

/** The service the parity tests call over the dubbo protocol and over httpjson. */
public interface ParityService {

    /** The class and value of the server attachment {@code key}, as "Class:value". */
    String attachment(String key);

    /** Sets the response attachment {@code key} to {@code value}, then answers "ok". */
    String reply(String key, String value);

    /** Counts the call, sets a response attachment of {@code size} characters, then answers "ok". */
    String bigReply(int size);

    /** Blocks until released. */
    String hold(String s);

    /** Throws {@code new IllegalStateException()}: an exception without a message. */
    String failWithoutMessage();

    /** Throws a {@link DiffException} with this ratio and weight ("NaN", "Infinity", a number), other fields, a cause. */
    String failWithRatio(String ratio, String weight) throws DiffException;

    /** Throws a chain of {@code depth} exceptions, {@code c(depth-1) <- ... <- c0}: c0 is the root cause. */
    String failDeep(int depth);

    /** Throws {@code IllegalStateException("top")} that suppressed {@code IllegalArgumentException("s")}. */
    String failSuppressed();

    /** Doubles every {@code amount} of the point. */
    Point twice(Point p);
}
