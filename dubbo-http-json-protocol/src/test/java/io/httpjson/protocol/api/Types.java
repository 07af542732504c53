package io.httpjson.protocol.api;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Objects;

/** Test data types for the end-to-end tests. */
public final class Types {
    private Types() {}

    public enum Status {
        ACTIVE,
        LOCKED
    }

    public static class User implements Serializable {
        private static final long serialVersionUID = 1L;
        public long id;
        public String name;
        public LocalDate birthday;
        public LocalDateTime createdAt;
        public Instant lastLogin;
        public Status status;
        public BigDecimal balance;
        public byte[] avatar;
        public List<String> tags;

        public User() {}

        public User(long id, String name) {
            this.id = id;
            this.name = name;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof User)) {
                return false;
            }
            User u = (User) o;
            return id == u.id
                    && Objects.equals(name, u.name)
                    && Objects.equals(birthday, u.birthday)
                    && Objects.equals(createdAt, u.createdAt)
                    && Objects.equals(lastLogin, u.lastLogin)
                    && status == u.status
                    && Objects.equals(balance, u.balance)
                    && java.util.Arrays.equals(avatar, u.avatar)
                    && Objects.equals(tags, u.tags);
        }

        @Override
        public int hashCode() {
            return Objects.hash(id, name);
        }

        @Override
        public String toString() {
            return "User{" + id + "," + name + "," + birthday + "," + createdAt + "," + lastLogin + "," + status + ","
                    + balance + "," + tags + "}";
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

    /** A declared business exception with a custom field. */
    public static class BizException extends Exception {
        private static final long serialVersionUID = 1L;
        private final int code;

        public BizException(String message, int code) {
            super(message);
            this.code = code;
        }

        public int getCode() {
            return code;
        }
    }
}
