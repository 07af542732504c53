package io.httpjson.protocol.parity;

/**
 * Re-declares methods of its generic base with the bound types, as repository interfaces often do: javac then adds
 * bridge methods beside them ({@code Object first()}, {@code Object findById(Object)}), which {@code getMethods()}
 * lists too.
 */
public interface NarrowedService extends CrudService<Point, Long>, Named.Any, Named.Points {

    @Override
    Point findById(Long id);

    @Override
    Point first();

    /** Point 7 is stored. */
    class Impl extends Repository<Point, Long> implements NarrowedService {

        public Impl() {
            store.put(7L, new Point("seven", 7));
        }

        @Override
        public Point named(String name) {
            return new Point(name, 1);
        }

        @Override
        Long idOf(Point p) {
            return (long) p.amount;
        }
    }
}
