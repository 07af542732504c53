package io.httpjson.benchmark.client;

import java.util.List;
import java.util.Locale;

import io.httpjson.benchmark.service.BenchmarkMessage;
import io.httpjson.benchmark.service.BenchmarkMessages;
import io.httpjson.benchmark.service.BenchmarkService;
import io.httpjson.benchmark.service.Users;
import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.Result;
import io.httpjson.demo.api.User;

/** What each caller calls, and what counts as a correct reply (anything else is an error). */
public enum CallType {
    ECHO("echo"),
    SAY_HELLO("sayHello"),
    GET_USER("getUser"),
    LIST_USER("listUser");

    private final String label;

    CallType(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static CallType parse(String s) {
        for (CallType t : values()) {
            if (t.label.equalsIgnoreCase(s) || t.name().equalsIgnoreCase(s)) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown call '" + s + "' (expected echo, sayHello, getUser, listUser)");
    }

    @Override
    public String toString() {
        return label;
    }

    /** One caller's call; holds per-caller state (the message it keeps sending, a user id counter). */
    public interface Call {
        /** @return true when the reply is correct */
        boolean invoke();
    }

    public Call newCall(BenchmarkService service, int callerIndex) {
        switch (this) {
            case ECHO: {
                BenchmarkMessage message = BenchmarkMessages.prepare();
                return () -> BenchmarkMessages.isValidReply(service.echo(message));
            }
            case SAY_HELLO: {
                String name = "caller-" + callerIndex;
                String expected = "Hello " + name;
                return () -> {
                    Result<String> r = service.sayHello(name);
                    return r != null && r.getCode() == 0 && expected.equals(r.getData());
                };
            }
            case GET_USER: {
                long[] next = {callerIndex * 1_000_000L};
                return () -> {
                    long id = ++next[0];
                    Result<User> r = service.getUser(id);
                    User u = r == null ? null : r.getData();
                    return u != null
                            && u.getId() == id
                            && u.getBirthday() != null
                            && u.getRegisteredAt() != null
                            && u.getLastLogin() != null
                            && !u.getRoles().isEmpty()
                            && !u.getAttributes().isEmpty();
                };
            }
            case LIST_USER:
                return () -> {
                    Result<Page<User>> r = service.listUser(1, Users.PAGE_SIZE);
                    Object page = r == null ? null : r.getData();
                    if (!(page instanceof Page<?> p)) {
                        return false;
                    }
                    List<?> items = p.getItems();
                    return items != null
                            && items.size() == Users.PAGE_SIZE
                            && items.get(0) instanceof User u
                            && u.getRegisteredAt() != null
                            && items.get(Users.PAGE_SIZE - 1) instanceof User;
                };
            default:
                throw new IllegalStateException(name().toLowerCase(Locale.ROOT));
        }
    }
}
