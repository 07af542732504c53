package io.httpjson.serialization.fastjson;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.alibaba.fastjson2.reader.ObjectReaderCreatorASM;
import com.alibaba.fastjson2.writer.ObjectWriterCreatorASM;
import io.httpjson.codec.JsonCodec;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Callers whose first use of a type comes at the same moment, as a provider's threads do when its first calls
 * arrive together: fastjson2 generates and loads the type's writer and reader class once, not once per caller.
 */
class FirstUseTest {

    private static final int CALLERS = 32;

    /** Used by no other test, so its reader and writer are made here. */
    public static final class Order {
        long id;
        String customer;
        int quantity;
        long priceCents; // not a double: a double field is written by a writeUsing writer (NaN is refused), and
        // fastjson2 generates no writer class for a type with one
        boolean paid;
        List<String> notes;

        Order() {}

        Order(long id) {
            this.id = id;
            this.customer = "customer-" + id;
            this.quantity = (int) id;
            this.priceCents = id * 150;
            this.paid = id % 2 == 0;
            this.notes = List.of("a", "b");
        }
    }

    @Test
    void callersArrivingTogetherMakeOneWriterAndOneReader() throws Exception {
        JsonCodec codec = new Fastjson2TextCodec();
        long writers = WriterClasses.made();
        long readers = ReaderClasses.made();
        CyclicBarrier together = new CyclicBarrier(CALLERS);
        ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
        try {
            List<Future<Order>> results = new ArrayList<>();
            for (int i = 0; i < CALLERS; i++) {
                long id = i;
                results.add(callers.submit(() -> {
                    together.await(30, TimeUnit.SECONDS);
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    codec.write(new Order(id), Order.class, out);
                    byte[] json = out.toByteArray();
                    together.await(30, TimeUnit.SECONDS);
                    return (Order) codec.read(json, 0, json.length, Order.class);
                }));
            }
            for (int i = 0; i < CALLERS; i++) {
                Order back = results.get(i).get(60, TimeUnit.SECONDS);
                assertEquals(i, back.id);
                assertEquals("customer-" + i, back.customer);
                assertEquals(List.of("a", "b"), back.notes);
            }
        } finally {
            callers.shutdownNow();
        }
        assertEquals(1, WriterClasses.made() - writers, "writer classes generated for Order");
        assertEquals(1, ReaderClasses.made() - readers, "reader classes generated for Order");
    }

    /** fastjson2 numbers each writer class it generates from this counter. */
    private static final class WriterClasses extends ObjectWriterCreatorASM {
        static long made() {
            return seed.get();
        }
    }

    /** fastjson2 numbers each reader class it generates from this counter. */
    private static final class ReaderClasses extends ObjectReaderCreatorASM {
        private ReaderClasses() {
            super(null);
        }

        static long made() {
            return seed.get();
        }
    }
}
