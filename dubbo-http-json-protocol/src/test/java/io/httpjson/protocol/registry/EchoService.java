package io.httpjson.protocol.registry;

/** A second service on the provider's port, so that two references share its address. */
public interface EchoService {

    String echo(String s);

    /** The implementation the provider exports. */
    final class Impl implements EchoService {
        @Override
        public String echo(String s) {
            return s;
        }
    }
}
