package io.httpjson.protocol.parity;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** The service {@link DubboFeaturesParityTest} calls over the dubbo protocol and over httpjson. */
public interface FeatureService extends BaseService {

    /** What the provider's RpcContext says about this call, as {@code name -> text}. */
    Map<String, String> context(String arg);

    /** Completes with "ok:"+mode, or (mode) "biz": a DiffException, "runtime": an IllegalStateException, "never". */
    CompletableFuture<String> future(String mode) throws DiffException;

    /** Completes with {@code n} points, as {@link #points}: a future of a generic type. */
    CompletableFuture<List<Point>> futurePoints(int n);

    /** Answers through {@code RpcContext.startAsync()} from another thread. */
    String startAsync(String s);

    /** Counts the call and answers the count; "biz" throws a DiffException, "runtime" an IllegalStateException. */
    String counted(String mode) throws DiffException;

    /** Blocks until released (20 s at most), counting the call. */
    String held(String s);

    /** Counts the call, then throws {@code new RpcException(code, ...)}, as a nested Dubbo call's failure would. */
    String nestedFailure(int code);

    default String greet(String name) {
        return "consumer's default " + name;
    }

    Optional<String> maybe(String s);

    Object anything(String kind);

    Point[] points(int n);

    Map<String, List<Point>> grouped(List<Point> points);

    String joined(String separator, String... parts);

    String delete(String id);

    String get(String id);

    String options(String id);
}
