package io.httpjson.benchmark;

import java.util.List;

import io.httpjson.benchmark.jmh.SpiSerializer;
import io.httpjson.benchmark.service.BenchmarkMessage;
import io.httpjson.benchmark.service.BenchmarkMessages;
import io.httpjson.benchmark.service.Users;
import io.httpjson.demo.api.Page;
import io.httpjson.demo.api.User;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** What the serializer suite measures really round-trips (no timing). */
class SerializerSpiTest {

    @ParameterizedTest
    @ValueSource(strings = {"hessian2", "fastjson2", "fastjson2-text", "gson-text"})
    void roundTripsMessageAndUserPage(String name) throws Exception {
        assumeTrue(
                io.httpjson.benchmark.client.Extensions.hasSerialization(name), name + " is not on the classpath yet");
        SpiSerializer s = SpiSerializer.of(name);

        byte[] bytes = s.serialize(SpiSerializer.payload(SpiSerializer.Payload.message));
        assertThat(bytes).isNotEmpty();
        BenchmarkMessage m =
                s.deserialize(bytes, BenchmarkMessage.class, SpiSerializer.genericType(SpiSerializer.Payload.message));
        assertThat(m.getField129()).isEqualTo(BenchmarkMessages.TEXT);
        assertThat(m.getField280()).isEqualTo(100000);
        assertThat(m.getField22()).isEqualTo(100000L);
        assertThat(m.isField78()).isTrue();

        byte[] pageBytes = s.serialize(SpiSerializer.payload(SpiSerializer.Payload.userPage));
        Page<?> page = s.deserialize(pageBytes, Page.class, SpiSerializer.genericType(SpiSerializer.Payload.userPage));
        assertThat(page.getItems()).hasSize(Users.PAGE_SIZE);
        assertThat(page.getItems().get(3)).isInstanceOf(User.class);
        // every field, java.time values, roles and attributes included (User.equals)
        assertThat(List.copyOf(page.getItems()))
                .isEqualTo(List.copyOf(Users.page(1, Users.PAGE_SIZE).getItems()));
    }
}
