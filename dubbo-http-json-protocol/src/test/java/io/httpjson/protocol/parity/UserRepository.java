package io.httpjson.protocol.parity;

/** Points keyed by their amount; point 7 is stored. */
public class UserRepository extends Repository<Point, Long> implements UserService {

    public UserRepository() {
        store.put(7L, new Point("seven", 7));
    }

    @Override
    public <L extends java.util.List<Long>> int count(L ids) {
        return ids.size();
    }

    @Override
    Long idOf(Point p) {
        return (long) p.amount;
    }
}
