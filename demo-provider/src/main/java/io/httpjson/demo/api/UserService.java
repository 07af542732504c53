package io.httpjson.demo.api;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** A small user directory: java.time fields, generic pages, List/Map arguments, async and a checked exception. */
public interface UserService {

    /** Returns the user, or throws the declared business exception (code {@link UserNotFoundException#CODE}). */
    User getUser(long id) throws UserNotFoundException;

    /** Stores a new user and returns it with its id and registration time set. */
    User createUser(User user);

    /** One page of users ordered by id (page numbers start at 1). */
    Page<User> listUsers(int pageNumber, int pageSize);

    /** The users with these ids, in the same order; unknown ids are skipped. */
    List<User> findByIds(List<Long> ids);

    /** Merges the given attributes into the user's attributes and returns the resulting map. */
    Map<String, String> updateAttributes(long id, Map<String, String> attributes) throws UserNotFoundException;

    /** Counts users per role, for the roles asked for. */
    Map<String, Integer> countByRole(List<String> roles);

    /** Asynchronous lookup: the provider completes the future on another thread. */
    CompletableFuture<User> getUserAsync(long id);
}
