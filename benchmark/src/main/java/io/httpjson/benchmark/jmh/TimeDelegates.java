package io.httpjson.benchmark.jmh;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;

import io.protostuff.Input;
import io.protostuff.Output;
import io.protostuff.Pipe;
import io.protostuff.WireFormat.FieldType;
import io.protostuff.runtime.Delegate;

/** protostuff delegates for the java.time types of a user: a date as its epoch day, the others as ISO text. */
final class TimeDelegates {

    private TimeDelegates() {}

    static final class OfLocalDate implements Delegate<LocalDate> {
        @Override
        public FieldType getFieldType() {
            return FieldType.INT64;
        }

        @Override
        public LocalDate readFrom(Input input) throws IOException {
            return LocalDate.ofEpochDay(input.readInt64());
        }

        @Override
        public void writeTo(Output output, int number, LocalDate value, boolean repeated) throws IOException {
            output.writeInt64(number, value.toEpochDay(), repeated);
        }

        @Override
        public void transfer(Pipe pipe, Input input, Output output, int number, boolean repeated) throws IOException {
            output.writeInt64(number, input.readInt64(), repeated);
        }

        @Override
        public Class<?> typeClass() {
            return LocalDate.class;
        }
    }

    static final class OfLocalDateTime extends AsText<LocalDateTime> {
        OfLocalDateTime() {
            super(LocalDateTime.class);
        }

        @Override
        LocalDateTime parse(String text) {
            return LocalDateTime.parse(text);
        }
    }

    static final class OfInstant extends AsText<Instant> {
        OfInstant() {
            super(Instant.class);
        }

        @Override
        Instant parse(String text) {
            return Instant.parse(text);
        }
    }

    private abstract static class AsText<V> implements Delegate<V> {
        private final Class<V> type;

        AsText(Class<V> type) {
            this.type = type;
        }

        abstract V parse(String text);

        @Override
        public FieldType getFieldType() {
            return FieldType.STRING;
        }

        @Override
        public V readFrom(Input input) throws IOException {
            return parse(input.readString());
        }

        @Override
        public void writeTo(Output output, int number, V value, boolean repeated) throws IOException {
            output.writeString(number, value.toString(), repeated);
        }

        @Override
        public void transfer(Pipe pipe, Input input, Output output, int number, boolean repeated) throws IOException {
            input.transferByteRangeTo(output, true, number, repeated);
        }

        @Override
        public Class<?> typeClass() {
            return type;
        }
    }
}
