package io.httpjson.protocol.parity;

/** A service with a parameter callback: the provider calls the consumer's listener. */
public interface CallbackService {

    void subscribe(String key, Listener listener);

    interface Listener {
        void changed(String msg);
    }
}
