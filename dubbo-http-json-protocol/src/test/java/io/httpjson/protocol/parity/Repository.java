package io.httpjson.protocol.parity;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A generic base implementation, as applications write them: no cast, the store keyed by {@code ID}, so an id that
 * arrives as an Integer instead of a Long finds nothing (without an error).
 */
public abstract class Repository<T, ID> implements CrudService<T, ID> {

    final Map<ID, T> store = new ConcurrentHashMap<>();

    abstract ID idOf(T entity);

    @Override
    public T save(T entity) {
        store.put(idOf(entity), entity);
        return entity;
    }

    @Override
    public T findById(ID id) {
        return store.get(id);
    }

    @Override
    public List<T> findAll(Collection<ID> ids) {
        List<T> found = new ArrayList<>();
        for (ID id : ids) {
            T t = store.get(id);
            if (t != null) {
                found.add(t);
            }
        }
        return found;
    }

    @Override
    public T first() {
        return store.values().iterator().next();
    }

    @Override
    public CompletableFuture<T> findLater(ID id) {
        return CompletableFuture.supplyAsync(() -> store.get(id));
    }
}
