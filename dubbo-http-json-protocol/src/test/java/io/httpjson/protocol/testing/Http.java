package io.httpjson.protocol.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Plain HTTP calls with the JDK client, as any non-Java caller would make them. */
public final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Http() {}

    public static HttpResponse<String> post(String url, String json, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url))
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(json));
        boolean contentType = false;
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
            contentType |= headers[i].equalsIgnoreCase("Content-Type");
        }
        if (!contentType) {
            b.header("Content-Type", "application/json");
        }
        return send(b.build());
    }

    public static HttpResponse<byte[]> sendForBytes(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static HttpResponse<String> send(HttpRequest request) {
        try {
            return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
