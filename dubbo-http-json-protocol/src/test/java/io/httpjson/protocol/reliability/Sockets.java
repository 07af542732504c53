package io.httpjson.protocol.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Counts TCP connections as the kernel sees them ({@code /proc/net/tcp}, Linux): the provider side of a port
 * without asking the provider. -1 where there is no such file.
 */
final class Sockets {

    private Sockets() {}

    static boolean available() {
        return Files.isReadable(Path.of("/proc/net/tcp"));
    }

    /** Established connections whose local port is {@code port} (accepted by the server listening there). */
    static int serverSide(int port) {
        return count(port, 1);
    }

    /** Established connections whose remote port is {@code port} (clients of that server). */
    static int clientSide(int port) {
        return count(port, 2);
    }

    private static int count(int port, int column) {
        int n = 0;
        for (String file : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(file);
            if (!Files.isReadable(p)) {
                continue;
            }
            List<String> lines;
            try {
                lines = Files.readAllLines(p);
            } catch (IOException e) {
                return -1;
            }
            for (int i = 1; i < lines.size(); i++) {
                String[] f = lines.get(i).trim().split("\\s+");
                if (f.length > 3 && f[3].equals("01")) {
                    String addr = f[column];
                    int portHex = Integer.parseInt(addr.substring(addr.lastIndexOf(':') + 1), 16);
                    if (portHex == port) {
                        n++;
                    }
                }
            }
        }
        return n;
    }
}
