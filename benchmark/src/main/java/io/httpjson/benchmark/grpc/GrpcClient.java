package io.httpjson.benchmark.grpc;

import java.util.concurrent.TimeUnit;

import com.google.protobuf.InvalidProtocolBufferException;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import io.httpjson.benchmark.client.CallTarget;
import io.httpjson.benchmark.client.CallType;
import io.httpjson.benchmark.client.RunSpec;
import io.httpjson.benchmark.grpc.proto.BenchmarkMessage;
import io.httpjson.benchmark.grpc.proto.HelloGrpc;
import io.httpjson.benchmark.grpc.proto.ProviderStatsServiceGrpc;
import io.httpjson.benchmark.grpc.proto.StatsReply;
import io.httpjson.benchmark.grpc.proto.StatsRequest;
import io.httpjson.benchmark.service.BenchmarkMessages;
import io.httpjson.benchmark.service.ProviderStats;

/**
 * The grpc:protobuf client: one channel (one HTTP/2 connection, Netty transport, plaintext) shared by all callers of a
 * run, as one Dubbo reference is; each caller calls through a blocking stub with the run's timeout as deadline.
 */
public final class GrpcClient implements CallTarget, AutoCloseable {
    private final ManagedChannel channel;
    private final int timeoutMillis;

    public GrpcClient(String host, int port, int timeoutMillis) {
        this.channel = NettyChannelBuilder.forAddress(host, port).usePlaintext().build();
        this.timeoutMillis = timeoutMillis;
    }

    /** The message of the echo call, filled as {@link BenchmarkMessages#prepare()} fills the Java one. */
    public static BenchmarkMessage prepare() {
        try {
            return BenchmarkMessage.parseFrom(BenchmarkMessages.toProtobuf(BenchmarkMessages.prepare()));
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What the provider answers to {@link #prepare()}: the same message with field1 = "OK" and field2 = 100. */
    private static final BenchmarkMessage EXPECTED_REPLY =
            prepare().toBuilder().setField1("OK").setField2(100).build();

    /**
     * The reply check of {@link BenchmarkMessages#isValidReply}: field1 = "OK", field2 = 100 and every other field
     * as sent (the generated {@code equals} compares each field and whether it is set).
     */
    public static boolean isValidReply(BenchmarkMessage reply) {
        return reply != null && EXPECTED_REPLY.equals(reply);
    }

    @Override
    public CallType.Call newCall(RunSpec spec, int callerIndex) {
        if (spec.call() != CallType.ECHO) {
            throw new IllegalArgumentException("grpc:protobuf: call " + spec.call() + " (expected: echo)");
        }
        HelloGrpc.HelloBlockingStub stub = HelloGrpc.newBlockingStub(channel);
        if (spec.delayMillis() > 0) {
            Metadata headers = new Metadata();
            headers.put(GrpcProvider.DELAY_HEADER, Long.toString(spec.delayMillis()));
            stub = stub.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
        }
        HelloGrpc.HelloBlockingStub caller = stub;
        BenchmarkMessage message = prepare();
        return () -> isValidReply(
                caller.withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS).say(message));
    }

    @Override
    public ProviderStats stats() {
        StatsReply r = ProviderStatsServiceGrpc.newBlockingStub(channel)
                .withDeadlineAfter(timeoutMillis, TimeUnit.MILLISECONDS)
                .stats(StatsRequest.getDefaultInstance());
        ProviderStats s = new ProviderStats();
        s.setPid(r.getPid());
        s.setProcessCpuNanos(r.getProcessCpuNanos());
        s.setJvmArguments(r.getJvmArguments());
        s.setAvailableProcessors(r.getAvailableProcessors());
        s.setGcCount(r.getGcCount());
        s.setGcMillis(r.getGcMillis());
        return s;
    }

    @Override
    public void close() {
        channel.shutdownNow();
        try {
            channel.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
