package io.httpjson.benchmark.jmh;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.httpjson.benchmark.Loopback;
import io.httpjson.benchmark.client.BenchClient;
import io.httpjson.benchmark.client.Extensions;
import io.httpjson.benchmark.client.ProviderProcess;
import io.httpjson.benchmark.provider.Export;
import io.httpjson.benchmark.provider.ProviderServer;
import io.httpjson.demo.api.Result;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The seed-style RPC suite: sayHello returning Result&lt;String&gt;, 200 threads, the provider in a JVM of its own
 * ({@link ProviderProcess}, as the load runs use) on a free 127.0.0.1 port, the consumer in JMH's fork through a
 * direct URL. Combinations whose protocol or
 * serialization is missing fail their setup with a clear message; the others still run.
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.AverageTime})
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Threads(200)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 5, time = 5)
@Fork(1)
public class RpcBenchmark {
    static {
        Loopback.configure(); // JMH forks start in JMH's own main, not ours
    }

    /**
     * Every protocol x serialization that can work: httpjson speaks JSON only, so it is paired with the two text
     * serializations; dubbo and tri get all four. Narrow with {@code -p config=httpjson:gson-text,dubbo:hessian2}.
     */
    @Param({
        "dubbo:hessian2", "dubbo:fastjson2", "dubbo:fastjson2-text", "dubbo:gson-text",
        "tri:hessian2", "tri:fastjson2", "tri:fastjson2-text", "tri:gson-text",
        "httpjson:fastjson2-text", "httpjson:gson-text"
    })
    public String config;

    private ProviderProcess server;
    private BenchClient client;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        String protocol = config.substring(0, config.indexOf(':'));
        String serialization = config.substring(config.indexOf(':') + 1);
        String missing = Extensions.missing(protocol, serialization);
        if (missing != null) {
            throw new IllegalStateException(protocol + "+" + serialization + ": " + missing + " - skipped");
        }
        Export export = new Export(protocol, serialization, 0);
        server = ProviderProcess.start(List.of(export), ProviderProcess.DEFAULT_JVM_ARGS, 200, 60);
        client = new BenchClient(export, ProviderServer.HOST, server.port(protocol), 5000);
        Result<String> r = client.service().sayHello("world");
        if (r == null || !"Hello world".equals(r.getData())) {
            throw new IllegalStateException("wrong reply from " + protocol + "+" + serialization);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Benchmark
    public Result<String> sayHello() {
        return client.service().sayHello("world");
    }
}
