package io.httpjson.protocol.parity;

/** Exported as itself: the methods it inherits read and write a {@link Point} and a {@code Long}. */
public interface UserService extends CrudService<Point, Long> {}
