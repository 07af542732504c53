package io.httpjson.protocol.parity;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A generic service interface, as applications write one base for many entities. */
public interface CrudService<T, ID> {

    T save(T entity);

    T findById(ID id);

    List<T> findAll(Collection<ID> ids);

    /** A generic result and no argument to learn the type from. */
    T first();

    CompletableFuture<T> findLater(ID id);
}
