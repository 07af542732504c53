package io.httpjson.benchmark.client;

import io.httpjson.benchmark.service.BenchmarkService;
import io.httpjson.benchmark.service.ProviderStats;

/** What the callers of a run call (a Dubbo reference, a gRPC stub), and where the provider's numbers come from. */
public interface CallTarget {

    /** One caller's call, made on that caller's thread before its warm-up. */
    CallType.Call newCall(RunSpec spec, int callerIndex);

    /** The provider process's CPU time, GCs and flags, read before and after the measured phase. */
    ProviderStats stats();

    /** A Dubbo reference to {@link BenchmarkService}. */
    static CallTarget of(BenchmarkService service) {
        return new CallTarget() {
            @Override
            public CallType.Call newCall(RunSpec spec, int callerIndex) {
                return spec.call().newCall(service, callerIndex, spec.payloadKb());
            }

            @Override
            public ProviderStats stats() {
                return service.stats();
            }
        };
    }
}
