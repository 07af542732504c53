package io.httpjson.it.observability;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

final class Ports {
    private Ports() {}

    /** A port free on 127.0.0.1 right now. */
    static int free() {
        try (ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
