package io.httpjson.protocol.parity;

/** A parent interface: its methods are called through {@link FeatureService}. */
public interface BaseService {

    String inherited(String s);
}
