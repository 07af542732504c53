package io.httpjson.benchmark.client;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

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
    LIST_USER("listUser"),
    /** A list of users of about {@code --payload-kb} KB as JSON, echoed back. */
    ECHO_LIST("echoList");

    /** The lists of echoList, one per size, shared by all callers (only ever read). */
    private static final Map<Integer, List<User>> LISTS = new ConcurrentHashMap<>();

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
        throw new IllegalArgumentException(
                "unknown call '" + s + "' (expected echo, sayHello, getUser, listUser, echoList)");
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
        return newCall(service, callerIndex, 0);
    }

    /** The users echoList sends at {@code payloadKb}, made once per size. */
    public static List<User> payload(int payloadKb) {
        return LISTS.computeIfAbsent(payloadKb, Users::listOfKb);
    }

    /** @param payloadKb the size of echoList's list as JSON, in KB; ignored by the other calls */
    public Call newCall(BenchmarkService service, int callerIndex, int payloadKb) {
        switch (this) {
            case ECHO_LIST: {
                List<User> users = payload(payloadKb);
                int size = users.size();
                long lastId = users.get(size - 1).getId();
                String lastEmail = users.get(size - 1).getEmail();
                return () -> {
                    List<?> r = service.echoUsers(users);
                    return r != null
                            && r.size() == size
                            && r.get(size - 1) instanceof User u
                            && u.getId() == lastId
                            && lastEmail.equals(u.getEmail())
                            && u.getRegisteredAt() != null;
                };
            }
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
