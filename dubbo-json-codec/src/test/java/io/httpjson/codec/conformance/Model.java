package io.httpjson.codec.conformance;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Test data shared by the engine, serialization and integration tests. */
public final class Model {
    private Model() {}

    public enum Color {
        RED,
        GREEN
    }

    /** An enum whose toString() is not its name. */
    public enum Tone {
        LOUD,
        QUIET;

        @Override
        public String toString() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** An enum with a constant-specific body (the constant's class is an anonymous subclass). */
    public enum Op {
        PLUS {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        },
        MINUS;

        int apply(int a, int b) {
            return a - b;
        }
    }

    /** A POJO whose map fields have keys that are not strings. */
    public static class WithKeyedMaps implements Serializable {
        private static final long serialVersionUID = 1L;
        public Map<Long, Foo> byId;
        public Object any;
    }

    /** A POJO whose no-arg constructor sets its fields: null ones are written as null, so they read back null. */
    public static class WithDefaults implements Serializable {
        private static final long serialVersionUID = 1L;
        public String status = "NEW";
        public java.util.List<String> tags = new java.util.ArrayList<>();
        public Integer retries = 3;
        public Color color = Color.GREEN;
        public String note;
        public int count = 5;
        public Long big = 1L;
        public Boolean flag = true;
        public Double ratio = 0.5;
        public java.math.BigDecimal price = java.math.BigDecimal.ONE;
        public java.math.BigInteger huge = java.math.BigInteger.TWO;
        public LocalDate day = LocalDate.of(2024, 1, 2);
        public java.util.Date at = new java.util.Date(0);
        public java.util.Map<String, Integer> counts = new java.util.HashMap<>();
        public java.util.Set<String> labels = new java.util.HashSet<>();
        public Foo foo = new Foo();
        public int[] ints = {1};
        public String[] names = {"a"};
        public byte[] bytes = {1};
        public java.util.UUID id = new java.util.UUID(1, 2);
        public Character letter = 'x';
        public Object any = "x";
    }

    /** As {@link WithDefaults}, with few fields (fastjson2 makes another kind of writer for it). */
    public static class FewDefaults implements Serializable {
        private static final long serialVersionUID = 1L;
        public Color color = Color.GREEN;
        public String status = "NEW";
    }

    /** A POJO with an Optional field (which the contract reads only as null). */
    public static class WithOptional implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name;
        public java.util.Optional<String> nick;
    }

    /** A class with an inner (non-static) class, whose instances keep their Outer. */
    public static class Outer implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name = "outer";

        public class Inner implements Serializable {
            private static final long serialVersionUID = 1L;
            public String v;

            public String outerName() {
                return name;
            }
        }

        /** An inner list class: a list, whose elements JSON carries. */
        public class Names extends java.util.ArrayList<String> {
            private static final long serialVersionUID = 1L;
        }

        /** An inner map class: a map, whose entries JSON carries. */
        public class Attrs extends java.util.LinkedHashMap<String, String> {
            private static final long serialVersionUID = 1L;
        }
    }

    /** A POJO with a field of an inner class. */
    public static class WithInner implements Serializable {
        private static final long serialVersionUID = 1L;
        public Outer.Inner inner;
    }

    /** A POJO with fields of JDK classes outside the mapping. */
    public static class WithJdkFields implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name = "n";
        public java.util.regex.Pattern pattern;
        public java.util.TimeZone zone;
        public Class<?> type;
    }

    public static class Foo implements Serializable {
        private static final long serialVersionUID = 1L;
        public String name;
        public int count;
        public Long big;
        public Color color;
        public LocalDate day;
        public LocalDateTime at;
        public Instant when;
        public Date date;
        public BigDecimal price;
        public BigInteger huge;
        public byte[] bytes;
        public List<String> tags;
        public transient String secret;

        public Foo() {}

        public Foo(String name, int count) {
            this.name = name;
            this.count = count;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Foo)) return false;
            Foo f = (Foo) o;
            return count == f.count
                    && Objects.equals(name, f.name)
                    && Objects.equals(big, f.big)
                    && color == f.color
                    && Objects.equals(day, f.day)
                    && Objects.equals(at, f.at)
                    && Objects.equals(when, f.when)
                    && Objects.equals(date, f.date)
                    && Objects.equals(price, f.price)
                    && Objects.equals(huge, f.huge)
                    && Arrays.equals(bytes, f.bytes)
                    && Objects.equals(tags, f.tags);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, count);
        }

        @Override
        public String toString() {
            return "Foo(" + name + "," + count + ")";
        }
    }

    public static class Result<T> implements Serializable {
        private static final long serialVersionUID = 1L;
        public int code;
        public String message;
        public T data;

        public Result() {}

        public Result(int code, String message, T data) {
            this.code = code;
            this.message = message;
            this.data = data;
        }
    }

    /** An application's own {@code Number} (as a money type may be): bound field by field, as any POJO. */
    public static class Amount extends Number {
        private static final long serialVersionUID = 1L;
        public static final java.util.concurrent.atomic.AtomicInteger MADE =
                new java.util.concurrent.atomic.AtomicInteger();

        public long cents;
        public String currency;

        public Amount() {
            MADE.incrementAndGet();
        }

        @Override
        public int intValue() {
            return (int) cents;
        }

        @Override
        public long longValue() {
            return cents;
        }

        @Override
        public float floatValue() {
            return cents;
        }

        @Override
        public double doubleValue() {
            return cents;
        }
    }

    /** A record whose components are not in alphabetical order. */
    public record Point(int x, String name, List<Long> ids) implements Serializable {}

    /** A generic class of private fields with getters and no setters, as an immutable value is written. */
    public static class Held<T> implements Serializable {
        private static final long serialVersionUID = 1L;
        private T value;
        private String note;

        public Held() {}

        public Held(T value, String note) {
            this.value = value;
            this.note = note;
        }

        public T getValue() {
            return value;
        }

        public String getNote() {
            return note;
        }
    }

    /** A record of three components, one of a generic class. */
    public record Envelope(String tag, int rank, Held<Held<Long>> held) implements Serializable {}

    /** Primitive fields with initial values other than their types' defaults. */
    public static class Initialized implements Serializable {
        private static final long serialVersionUID = 1L;
        public int i = 5;
        public long l = 9;
        public boolean b = true;
        public double d = 7.0;
        public char c = 'x';
    }

    /** A class of an exception's field that an allow-list may leave out: each construction is counted. */
    public static class Detail implements Serializable {
        private static final long serialVersionUID = 1L;
        public static final java.util.concurrent.atomic.AtomicInteger MADE =
                new java.util.concurrent.atomic.AtomicInteger();

        public String info;

        public Detail() {
            MADE.incrementAndGet();
        }
    }

    /** An exception with a field of {@link Detail} and one of a JDK type. */
    public static class DetailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        public Detail detail;
        public long code;

        public DetailedException(String message) {
            super(message);
        }
    }

    /** A checked business exception without a (String) constructor and with a custom field. */
    public static class BizException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int code;

        public BizException(String message, int code, Throwable cause) {
            super(message, cause);
            this.code = code;
        }

        public int getCode() {
            return code;
        }
    }

    public static class User implements Serializable {
        private static final long serialVersionUID = 1L;
        public long id;
        public String name;
        public String email;
        public LocalDate birthday;
        public LocalDateTime createdAt;
        public Instant lastLogin;
        public boolean active;
        public List<String> roles;
    }

    public static Foo fullFoo() {
        Foo f = new Foo("full", 7);
        f.big = (1L << 53) + 1;
        f.color = Color.GREEN;
        f.day = LocalDate.of(2024, 1, 31);
        f.at = LocalDateTime.of(2024, 1, 31, 10, 15, 30, 123_000_000);
        f.when = Instant.parse("2024-01-31T10:15:30Z");
        f.date = new Date(1_706_696_130_123L);
        f.price = new BigDecimal("1234.5600");
        f.huge = new BigInteger("123456789012345678901234567890");
        f.bytes = new byte[] {0, 1, (byte) 0xff};
        f.tags = List.of("a", "b");
        f.secret = "never";
        return f;
    }

    public static byte[] allBytes(int len) {
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    public static List<User> users(int n) {
        List<User> l = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            User u = new User();
            u.id = 1_000_000L + i;
            u.name = "User Number " + i;
            u.email = "user" + i + "@example.com";
            u.birthday = LocalDate.of(1980 + i, 1 + i % 12, 1 + i);
            u.createdAt = LocalDateTime.of(2023, 5, 1, 12, i, 30);
            u.lastLogin = Instant.parse("2024-01-31T10:15:30Z").plusSeconds(i * 3600L);
            u.active = i % 3 != 0;
            u.roles = i % 2 == 0 ? List.of("user") : List.of("user", "admin");
            l.add(u);
        }
        return l;
    }

    public static Map<String, Foo> fooMap() {
        Map<String, Foo> m = new java.util.LinkedHashMap<>();
        m.put("x", new Foo("x", 1));
        m.put("y", fullFoo());
        return m;
    }
}
