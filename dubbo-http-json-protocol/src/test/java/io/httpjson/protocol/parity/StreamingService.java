package io.httpjson.protocol.parity;

import org.apache.dubbo.common.stream.StreamObserver;

/** A service with Triple's streaming methods beside an ordinary one. */
public interface StreamingService {

    String plain(String s);

    /** Server streaming: answers twice, then completes. */
    void serverStream(String request, StreamObserver<String> responses);

    /** Bidirectional: echoes each message. */
    StreamObserver<String> bidi(StreamObserver<String> responses);

    class Impl implements StreamingService {
        @Override
        public String plain(String s) {
            return "plain " + s;
        }

        @Override
        public void serverStream(String request, StreamObserver<String> responses) {
            responses.onNext("a " + request);
            responses.onNext("b " + request);
            responses.onCompleted();
        }

        @Override
        public StreamObserver<String> bidi(StreamObserver<String> responses) {
            return new StreamObserver<>() {
                @Override
                public void onNext(String data) {
                    responses.onNext("echo " + data);
                }

                @Override
                public void onError(Throwable t) {
                    responses.onError(t);
                }

                @Override
                public void onCompleted() {
                    responses.onCompleted();
                }
            };
        }
    }
}
