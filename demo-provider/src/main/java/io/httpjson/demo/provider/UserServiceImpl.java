package io.httpjson.demo.provider;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;

import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.User;
import io.httpjson.demo.api.UserNotFoundException;
import io.httpjson.demo.api.UserService;

/** An in-memory user directory seeded with three users. */
public class UserServiceImpl implements UserService {

    private final ConcurrentSkipListMap<Long, User> users = new ConcurrentSkipListMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Clock clock;
    private final Executor asyncExecutor;

    public UserServiceImpl() {
        this(Clock.systemUTC(), ForkJoinPool.commonPool());
    }

    public UserServiceImpl(Clock clock, Executor asyncExecutor) {
        this.clock = clock;
        this.asyncExecutor = asyncExecutor;
        seed("Ada Lovelace", "ada@example.org", LocalDate.of(1815, 12, 10), List.of("admin", "dev"));
        seed("Alan Turing", "alan@example.org", LocalDate.of(1912, 6, 23), List.of("dev"));
        seed("Grace Hopper", "grace@example.org", LocalDate.of(1906, 12, 9), List.of("dev", "ops"));
    }

    private void seed(String name, String email, LocalDate birthday, List<String> roles) {
        long id = ids.incrementAndGet();
        User u = new User(
                id,
                name,
                email,
                birthday,
                LocalDateTime.of(2024, 1, (int) id, 9, 30, 15, 123_000_000),
                Instant.parse("2025-06-0" + id + "T08:15:30.5Z"));
        u.setRoles(new ArrayList<>(roles));
        u.getAttributes().put("team", "team-" + id);
        users.put(id, u);
    }

    @Override
    public User getUser(long id) throws UserNotFoundException {
        User u = users.get(id);
        if (u == null) {
            throw new UserNotFoundException("no user with id " + id, UserNotFoundException.CODE);
        }
        return u.copy();
    }

    @Override
    public User createUser(User user) {
        if (user == null || user.getName() == null || user.getName().isBlank()) {
            throw new IllegalArgumentException("a user needs a name");
        }
        User stored = user.copy();
        stored.setId(ids.incrementAndGet());
        stored.setRegisteredAt(LocalDateTime.now(clock.withZone(ZoneOffset.UTC)));
        users.put(stored.getId(), stored);
        return stored.copy();
    }

    @Override
    public Page<User> listUsers(int pageNumber, int pageSize) {
        if (pageNumber < 1 || pageSize < 1) {
            throw new IllegalArgumentException("pageNumber and pageSize start at 1");
        }
        List<User> all = new ArrayList<>(users.values());
        int from = Math.min((pageNumber - 1) * pageSize, all.size());
        int to = Math.min(from + pageSize, all.size());
        List<User> items = new ArrayList<>();
        for (User u : all.subList(from, to)) {
            items.add(u.copy());
        }
        return new Page<>(pageNumber, pageSize, all.size(), items);
    }

    @Override
    public List<User> findByIds(List<Long> idList) {
        List<User> found = new ArrayList<>();
        for (Number id : idList) {
            // Number, not Long: a lenient caller may send JSON numbers that arrive as other Number types.
            User u = users.get(id.longValue());
            if (u != null) {
                found.add(u.copy());
            }
        }
        return found;
    }

    @Override
    public Map<String, String> updateAttributes(long id, Map<String, String> attributes) throws UserNotFoundException {
        User u = users.get(id);
        if (u == null) {
            throw new UserNotFoundException("no user with id " + id, UserNotFoundException.CODE);
        }
        synchronized (u) {
            u.getAttributes().putAll(attributes);
            return new LinkedHashMap<>(u.getAttributes());
        }
    }

    @Override
    public Map<String, Integer> countByRole(List<String> roles) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String role : roles) {
            int n = 0;
            for (User u : users.values()) {
                if (u.getRoles().contains(role)) {
                    n++;
                }
            }
            counts.put(role, n);
        }
        return counts;
    }

    @Override
    public CompletableFuture<User> getUserAsync(long id) {
        return CompletableFuture.supplyAsync(
                () -> {
                    User u = users.get(id);
                    if (u == null) {
                        throw new IllegalArgumentException("no user with id " + id);
                    }
                    return u.copy();
                },
                asyncExecutor);
    }
}
