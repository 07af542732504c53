package io.httpjson.protocol.parity;

/** Exported as itself: the methods it inherits read and write a {@link Point} and a {@code Long}. */
public interface UserService extends CrudService<Point, Long> {

    /** A method's own bounded type variable: its argument is a list, sent bare as the only argument. */
    <L extends java.util.List<Long>> int count(L ids);
}
