package io.httpjson.demo.consumer;

import java.io.PrintStream;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.httpjson.demo.api.GreetingService;
import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.User;
import io.httpjson.demo.api.UserNotFoundException;
import io.httpjson.demo.api.UserService;

/** Every demo method called once, and what each must return (the business exception included). */
final class DemoCalls {
    private final GreetingService greetingService;
    private final UserService userService;

    DemoCalls(GreetingService greetingService, UserService userService) {
        this.greetingService = greetingService;
        this.userService = userService;
    }

    /** Calls every method once, prints one line per call; returns the names of the failed checks. */
    List<String> callEverything(PrintStream out) {
        List<String> failures = new ArrayList<>();
        Checker check = new Checker(out, failures);

        check.call(
                "GreetingService.sayHello(\"world\")",
                () -> greetingService.sayHello("world"),
                r -> r.getCode() == 0 && "Hello, world!".equals(r.getData()) ? null : "unexpected " + r);

        check.call(
                "UserService.getUser(1)",
                () -> userService.getUser(1),
                u -> u.getId() == 1
                                && "Ada Lovelace".equals(u.getName())
                                && LocalDate.of(1815, 12, 10).equals(u.getBirthday())
                                && LocalDateTime.of(2024, 1, 1, 9, 30, 15, 123_000_000)
                                        .equals(u.getRegisteredAt())
                                && Instant.parse("2025-06-01T08:15:30.5Z").equals(u.getLastLogin())
                                && List.of("admin", "dev").equals(u.getRoles())
                                && Map.of("team", "team-1").equals(u.getAttributes())
                        ? null
                        : "java.time or collection fields differ: " + u);

        User newUser = new User(
                0,
                "Barbara Liskov",
                "barbara@example.org",
                LocalDate.of(1939, 11, 7),
                null,
                Instant.parse("2025-11-22T10:00:00Z"));
        newUser.setRoles(List.of("dev"));
        newUser.setAttributes(Map.of("team", "theory"));
        check.call(
                "UserService.createUser(" + newUser.getName() + ")",
                () -> userService.createUser(newUser),
                u -> u.getId() > 3
                                && newUser.getName().equals(u.getName())
                                && newUser.getBirthday().equals(u.getBirthday())
                                && newUser.getLastLogin().equals(u.getLastLogin())
                                && u.getRegisteredAt() != null
                        ? null
                        : "unexpected " + u);

        check.call("UserService.listUsers(1, 2)", () -> userService.listUsers(1, 2), p -> checkPage(p));

        check.call(
                "UserService.findByIds([3, 1, 42])",
                () -> userService.findByIds(List.of(3L, 1L, 42L)),
                l -> l.size() == 2
                                && ((Object) l.get(0)) instanceof User first
                                && first.getId() == 3
                                && l.get(1).getId() == 1
                        ? null
                        : "unexpected " + l);

        check.call(
                "UserService.updateAttributes(2, {...})",
                () -> userService.updateAttributes(2, Map.of("office", "Bletchley Park")),
                m -> "team-2".equals(m.get("team")) && "Bletchley Park".equals(m.get("office"))
                        ? null
                        : "unexpected " + m);

        check.call(
                "UserService.countByRole([dev, ops, admin])",
                () -> userService.countByRole(List.of("dev", "ops", "admin")),
                m -> Objects.equals(m.get("ops"), 1) && Objects.equals(m.get("admin"), 1) && m.get("dev") >= 3
                        ? null
                        : "unexpected " + m);

        check.call(
                "UserService.getUserAsync(3) (CompletableFuture)",
                () -> userService.getUserAsync(3).get(10, TimeUnit.SECONDS),
                u -> u.getId() == 3 && "Grace Hopper".equals(u.getName()) ? null : "unexpected " + u);

        check.call(
                "UserService.getUser(999) throws UserNotFoundException",
                () -> {
                    try {
                        return "returned " + userService.getUser(999) + " instead of throwing";
                    } catch (UserNotFoundException e) {
                        boolean ok = "no user with id 999".equals(e.getMessage())
                                && e.getCode() == UserNotFoundException.CODE;
                        return (ok ? "" : "WRONG ") + e.getClass().getName() + ": " + e.getMessage() + " (code "
                                + e.getCode() + ")";
                    }
                },
                s -> s.startsWith(UserNotFoundException.class.getName()) ? null : "unexpected " + s);

        out.println(failures.isEmpty() ? "ALL CALLS OK" : failures.size() + " CALL(S) FAILED: " + failures);
        return failures;
    }

    private static String checkPage(Page<User> p) {
        if (p.getPageNumber() != 1
                || p.getPageSize() != 2
                || p.getTotal() < 3
                || p.getItems().size() != 2) {
            return "unexpected " + p;
        }
        // Generic element type must survive: items are Users, not maps.
        Object first = p.getItems().get(0);
        if (!(first instanceof User u)
                || u.getId() != 1
                || !LocalDate.of(1815, 12, 10).equals(u.getBirthday())) {
            return "page items are not the expected Users: " + first + " (" + (first == null ? null : first.getClass())
                    + ")";
        }
        return null;
    }

    /** Runs one call, prints "OK name -> value" or "FAIL name: why". */
    private record Checker(PrintStream out, List<String> failures) {
        <T> void call(String name, Callable<T> call, Function<T, String> problemOf) {
            try {
                T value = call.call();
                String problem = problemOf.apply(value);
                if (problem == null) {
                    out.println("OK   " + name + " -> " + value);
                } else {
                    out.println("FAIL " + name + ": " + problem);
                    failures.add(name);
                }
            } catch (Exception | AssertionError e) {
                out.println("FAIL " + name + ": " + e);
                failures.add(name);
            }
        }
    }
}
