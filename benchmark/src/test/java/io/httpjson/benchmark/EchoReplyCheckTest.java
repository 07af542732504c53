package io.httpjson.benchmark;

import java.util.List;

import io.httpjson.benchmark.grpc.GrpcClient;
import io.httpjson.benchmark.jmh.SpiSerializer;
import io.httpjson.benchmark.service.BenchmarkMessage;
import io.httpjson.benchmark.service.BenchmarkMessages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The echo call's reply is the message sent back with field1 and field2 set: a reply that lost or changed any of
 * the other 38 fields is a wrong answer (a codec that drops fields does less work and must not count as faster).
 */
class EchoReplyCheckTest {

    private static BenchmarkMessage goodReply() {
        BenchmarkMessage m = BenchmarkMessages.prepare();
        m.setField1("OK");
        m.setField2(100);
        return m;
    }

    @Test
    void theFullEchoIsAValidReply() {
        assertThat(BenchmarkMessages.isValidReply(goodReply())).isTrue();
    }

    @Test
    void aReplyWithOnlyField1AndField2IsNotValid() {
        BenchmarkMessage empty = new BenchmarkMessage();
        empty.setField1("OK");
        empty.setField2(100);
        assertThat(BenchmarkMessages.isValidReply(empty)).isFalse();
    }

    @Test
    void aReplyWithOneFieldLostOrChangedIsNotValid() {
        BenchmarkMessage m = goodReply();
        m.setField129(null);
        assertThat(BenchmarkMessages.isValidReply(m)).as("string lost").isFalse();
        m = goodReply();
        m.setField280(0);
        assertThat(BenchmarkMessages.isValidReply(m)).as("int lost").isFalse();
        m = goodReply();
        m.setField81(false);
        assertThat(BenchmarkMessages.isValidReply(m)).as("bool lost").isFalse();
        m = goodReply();
        m.setField22(0L);
        assertThat(BenchmarkMessages.isValidReply(m)).as("long lost").isFalse();
        m = goodReply();
        m.setField5(null);
        assertThat(BenchmarkMessages.isValidReply(m)).as("list lost").isFalse();
        m = goodReply();
        m.setField5(List.of(1L));
        assertThat(BenchmarkMessages.isValidReply(m)).as("list changed").isFalse();
        m = goodReply();
        m.setField7(BenchmarkMessages.TEXT.substring(1));
        assertThat(BenchmarkMessages.isValidReply(m)).as("string changed").isFalse();
    }

    @Test
    void grpcReplyMustBeTheWholeMessageToo() {
        io.httpjson.benchmark.grpc.proto.BenchmarkMessage sent = GrpcClient.prepare();
        assertThat(GrpcClient.isValidReply(
                        sent.toBuilder().setField1("OK").setField2(100).build()))
                .isTrue();
        // only the required fields, as a server that dropped the rest would answer
        assertThat(GrpcClient.isValidReply(io.httpjson.benchmark.grpc.proto.BenchmarkMessage.newBuilder()
                        .setField1("OK")
                        .setField2(100)
                        .setField3(100000)
                        .build()))
                .isFalse();
        assertThat(GrpcClient.isValidReply(sent.toBuilder()
                        .setField1("OK")
                        .setField2(100)
                        .clearField102()
                        .build()))
                .isFalse();
    }

    /** The stricter check still accepts what each serialization really brings back. */
    @ParameterizedTest
    @ValueSource(strings = {"hessian2", "fastjson2", "fastjson2-text", "gson-text"})
    void aRoundTripThroughEachSerializationIsAValidReply(String name) throws Exception {
        assumeTrue(io.httpjson.benchmark.client.Extensions.hasSerialization(name), name + " is not on the classpath");
        SpiSerializer s = SpiSerializer.of(name);
        BenchmarkMessage back = s.deserialize(s.serialize(goodReply()), BenchmarkMessage.class, BenchmarkMessage.class);
        assertThat(BenchmarkMessages.isValidReply(back)).isTrue();
    }
}
