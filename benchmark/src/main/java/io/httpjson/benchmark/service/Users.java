package io.httpjson.benchmark.service;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import io.httpjson.codec.JsonCodec;
import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.User;
import org.apache.dubbo.rpc.model.FrameworkModel;

/** Deterministic users for getUser/listUser and the serializer suite. */
public final class Users {
    public static final int PAGE_SIZE = 15;
    public static final long TOTAL = 1000;

    private Users() {}

    public static User user(long id) {
        User u = new User(
                id,
                "user-" + id,
                "user" + id + "@example.com",
                LocalDate.of(1980 + (int) (id % 30), 1 + (int) (id % 12), 1 + (int) (id % 28)),
                LocalDateTime.of(2024, 1 + (int) (id % 12), 1 + (int) (id % 28), 10, 20, 30, 123_000_000),
                Instant.ofEpochSecond(1_760_000_000L + id * 3_600L, 456_000_000));
        u.setRoles(new ArrayList<>(id % 3 == 0 ? List.of("admin", "user") : List.of("user")));
        u.getAttributes().put("team", "team-" + id % 8);
        return u;
    }

    /** Always 15 users, whatever pageSize says (the benchmark's fixed payload). */
    public static Page<User> page(int pageNo, int pageSize) {
        Page<User> page = new Page<>();
        page.setPageNumber(pageNo);
        page.setPageSize(pageSize);
        page.setTotal(TOTAL);
        List<User> items = new ArrayList<>(PAGE_SIZE);
        long first = (long) Math.max(0, pageNo - 1) * PAGE_SIZE + 1;
        for (int i = 0; i < PAGE_SIZE; i++) {
            items.add(user(first + i));
        }
        page.setItems(items);
        return page;
    }

    /**
     * Users 1, 2, 3, ... until the list, written as JSON by httpjson's default engine (fastjson2-text, what goes on
     * the wire), is at least {@code kb} KiB: the payload of the {@code echoList} call.
     */
    public static List<User> listOfKb(int kb) {
        if (kb < 1) {
            throw new IllegalArgumentException("payload: " + kb + " KB (expected: at least 1)");
        }
        JsonCodec json = FrameworkModel.defaultModel()
                .getExtensionLoader(JsonCodec.class)
                .getExtension("fastjson2-text");
        long target = kb * 1024L;
        long size = 2; // [ and ]
        List<User> users = new ArrayList<>();
        ByteArrayOutputStream one = new ByteArrayOutputStream(512);
        while (size < target) {
            User u = user(users.size() + 1);
            one.reset();
            try {
                json.write(u, User.class, one);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            size += one.size() + (users.isEmpty() ? 0 : 1);
            users.add(u);
        }
        return users;
    }

    /** The size of {@code users} as httpjson's default engine writes them, in bytes. */
    public static int jsonBytes(List<User> users) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            FrameworkModel.defaultModel()
                    .getExtensionLoader(JsonCodec.class)
                    .getExtension("fastjson2-text")
                    .write(users, null, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.size();
    }
}
