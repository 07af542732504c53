package io.httpjson.protocol.internal.server;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

import io.httpjson.protocol.internal.HttpJsonConfig;
import org.eclipse.jetty.http.HttpCompliance;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.NanoTime;

/**
 * Jetty's HTTP/1.1 connections with a deadline for each request's line and headers
 * ({@code httpjson.header-timeout}), counted from its first byte. Jetty's idle timeout alone lets a client that
 * sends a byte now and then, just within it, hold a connection for as long as it likes. Bytes that arrive after the
 * deadline get {@code 408 REQUEST_TIMEOUT} through Jetty's own error path, and the connection is closed; a client
 * that sends nothing more is closed by the idle timeout.
 */
final class HeadTimeoutConnectionFactory extends HttpConnectionFactory {

    /**
     * Jetty 12.1 caps the length of a chunk and copies the cap to each connection; Jetty 12.0 (the one Spring Boot
     * 3.5 manages) has no such setting, and calling it there would fail every connection.
     */
    private static final boolean CHUNK_LIMIT = hasChunkLimit();

    private final long timeoutNanos;
    private final String message;

    HeadTimeoutConnectionFactory(HttpConfiguration http, int timeoutMillis) {
        super(http);
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.message = "the request line and headers took longer than " + timeoutMillis + " ms ("
                + HttpJsonConfig.HEADER_TIMEOUT + "); send them at once";
    }

    @Override
    public Connection newConnection(Connector connector, EndPoint endPoint) {
        HeadTimeoutConnection connection = new HeadTimeoutConnection(getHttpConfiguration(), connector, endPoint);
        ((HeadTimeoutParser) connection.getParser()).limit(timeoutNanos, message);
        if (CHUNK_LIMIT) {
            connection.setTransferEncodingChunkMaxLength(getTransferEncodingChunkMaxLength());
        }
        return configure(connection, connector, endPoint);
    }

    private static final class HeadTimeoutConnection extends HttpConnection {
        HeadTimeoutConnection(HttpConfiguration http, Connector connector, EndPoint endPoint) {
            super(http, connector, endPoint);
        }

        @Override
        protected HttpParser newHttpParser(HttpCompliance compliance) {
            HttpParser plain = super.newHttpParser(compliance);
            HttpParser parser = new HeadTimeoutParser(
                    (HttpParser.RequestHandler) plain.getHandler(),
                    getHttpConfiguration().getRequestHeaderSize(),
                    compliance);
            parser.setHeaderCacheSize(plain.getHeaderCacheSize());
            parser.setHeaderCacheCaseSensitive(plain.isHeaderCacheCaseSensitive());
            return parser;
        }
    }

    private static final class HeadTimeoutParser extends HttpParser {
        private long timeoutNanos = Long.MAX_VALUE;
        private String message;

        HeadTimeoutParser(HttpParser.RequestHandler handler, int maxHeaderBytes, HttpCompliance compliance) {
            super(handler, maxHeaderBytes, compliance);
        }

        void limit(long nanos, String why) {
            this.timeoutNanos = nanos;
            this.message = why;
        }

        @Override
        public boolean parseNext(ByteBuffer buffer) {
            // between the first byte of a request and the end of its headers
            if (buffer.hasRemaining()
                    && !isStart()
                    && inHeaderState()
                    && NanoTime.since(getBeginNanoTime()) > timeoutNanos) {
                BufferUtil.clear(buffer);
                badMessage(new HttpException.RuntimeException(408, message));
                return false;
            }
            return super.parseNext(buffer);
        }
    }

    private static boolean hasChunkLimit() {
        try {
            HttpConnectionFactory.class.getMethod("getTransferEncodingChunkMaxLength");
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
