package io.httpjson.benchmark.grpc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import io.httpjson.benchmark.grpc.proto.BenchmarkMessage;
import io.httpjson.benchmark.grpc.proto.HelloGrpc;
import io.httpjson.benchmark.grpc.proto.ProviderStatsServiceGrpc;
import io.httpjson.benchmark.grpc.proto.StatsReply;
import io.httpjson.benchmark.grpc.proto.StatsRequest;
import io.httpjson.benchmark.service.ProviderStats;

/**
 * The grpc:protobuf provider: a gRPC-java server (Netty transport) on one loopback port, serving rpcx-benchmark's
 * {@code Hello.Say} and the provider's stats. Calls run on a fixed pool of {@code threads}, as Dubbo's do. The
 * server business time of a call ({@code --delay}) comes from the caller, in {@link #DELAY_HEADER}, so that one
 * server serves every delay of a matrix.
 */
public final class GrpcProvider implements AutoCloseable {
    /** The server business time of a call in ms, sent by the benchmark client (absent: none). */
    public static final Metadata.Key<String> DELAY_HEADER =
            Metadata.Key.of("benchmark-delay-ms", Metadata.ASCII_STRING_MARSHALLER);

    private static final Context.Key<Long> DELAY = Context.key("benchmark-delay-ms");

    private final Server server;
    private final ExecutorService executor;

    private GrpcProvider(Server server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    public static GrpcProvider start(String host, int port, int threads) {
        AtomicInteger n = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "grpc-provider-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        Server server = NettyServerBuilder.forAddress(new InetSocketAddress(host, port))
                .executor(executor)
                .addService(ServerInterceptors.intercept(new Hello(), new DelayFromHeader()))
                .addService(new Stats())
                .build();
        try {
            server.start();
        } catch (IOException e) {
            executor.shutdownNow();
            throw new UncheckedIOException("gRPC provider on " + host + ":" + port, e);
        }
        return new GrpcProvider(server, executor);
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        server.shutdown();
        try {
            if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
                server.shutdownNow();
            }
        } catch (InterruptedException e) {
            server.shutdownNow();
            Thread.currentThread().interrupt();
        }
        executor.shutdownNow();
    }

    /** rpcx-benchmark's server: field1 = "OK", field2 = 100, the rest as received. */
    static final class Hello extends HelloGrpc.HelloImplBase {
        @Override
        public void say(BenchmarkMessage request, StreamObserver<BenchmarkMessage> reply) {
            Long delay = DELAY.get();
            if (delay != null && delay > 0) {
                try {
                    Thread.sleep(delay); // the simulated business time, as BenchmarkServiceImpl does
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            reply.onNext(request.toBuilder().setField1("OK").setField2(100).build());
            reply.onCompleted();
        }
    }

    static final class Stats extends ProviderStatsServiceGrpc.ProviderStatsServiceImplBase {
        @Override
        public void stats(StatsRequest request, StreamObserver<StatsReply> reply) {
            ProviderStats s = ProviderStats.current();
            reply.onNext(StatsReply.newBuilder()
                    .setPid(s.getPid())
                    .setProcessCpuNanos(s.getProcessCpuNanos())
                    .setJvmArguments(s.getJvmArguments())
                    .setAvailableProcessors(s.getAvailableProcessors())
                    .setGcCount(s.getGcCount())
                    .setGcMillis(s.getGcMillis())
                    .build());
            reply.onCompleted();
        }
    }

    static final class DelayFromHeader implements ServerInterceptor {
        @Override
        public <Q, A> ServerCall.Listener<Q> interceptCall(
                ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
            String delay = headers.get(DELAY_HEADER);
            if (delay == null) {
                return next.startCall(call, headers);
            }
            return Contexts.interceptCall(
                    Context.current().withValue(DELAY, Long.parseLong(delay)), call, headers, next);
        }
    }
}
