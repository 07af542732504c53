package io.httpjson.protocol.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.httpjson.protocol.api.Types.Result;
import io.httpjson.protocol.api.Types.Status;
import io.httpjson.protocol.api.Types.User;

/** Nested generic answers, for the OpenAPI document: {@code Result<Page<User>>} and a map of lists of enums. */
public interface CatalogService {

    Result<Page<User>> search(String query, int page);

    Map<String, List<Status>> statuses(List<Long> ids);

    /** A type that holds itself. */
    Node tree(int depth);

    /** A class whose generic superclass fixes the type variable. */
    UserPage firstPage();

    /** One page of a larger result. */
    class Page<T> {
        public int number;
        public long total;
        public List<T> items = new ArrayList<>();
    }

    /** A tree: its children are Nodes. */
    class Node {
        public String name;
        public List<Node> children = new ArrayList<>();
    }

    /** A Page of Users by inheritance. */
    class UserPage extends Page<User> {
        public String cursor;
    }

    /** The implementation the tests export. */
    class Impl implements CatalogService {
        @Override
        public Result<Page<User>> search(String query, int page) {
            Page<User> p = new Page<>();
            p.number = page;
            p.total = 1;
            p.items.add(new User(7, query));
            return new Result<>(0, "OK", p);
        }

        @Override
        public Map<String, List<Status>> statuses(List<Long> ids) {
            return Map.of("7", List.of(Status.ACTIVE));
        }

        @Override
        public Node tree(int depth) {
            Node n = new Node();
            n.name = "level " + depth;
            if (depth > 0) {
                n.children.add(tree(depth - 1));
            }
            return n;
        }

        @Override
        public UserPage firstPage() {
            UserPage p = new UserPage();
            p.number = 1;
            p.total = 1;
            p.cursor = "next";
            p.items.add(new User(1, "one"));
            return p;
        }
    }
}
