package io.httpjson.protocol.parity;

/**
 * Dubbo's local stub of {@link FeatureService} ({@code stub="true"}): wraps the remote proxy for {@link #get}; the
 * other methods it inherits run locally, which the tests do not call through it.
 */
public class FeatureServiceStub extends FeatureServiceImpl {

    private final FeatureService remote;

    public FeatureServiceStub(FeatureService remote) {
        this.remote = remote;
    }

    @Override
    public String get(String id) {
        return "stub(" + remote.get(id) + ")";
    }
}
