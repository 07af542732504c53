package io.httpjson.protocol.internal.client;

import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpResponseDecoder;

/**
 * Netty's response decoder, refusing an answer framed by both {@code Content-Length} and
 * {@code Transfer-Encoding} on every Netty version: RFC 9112 section 6.3 says such a message ought to be handled as
 * an error (it is how a response is split), and Netty 4.2.18 does so, but 4.2.2 (the one Dubbo 3.3.6 brings) and
 * 4.1 take the chunked framing and drop the length. The call then fails as any answer out of step does.
 */
final class ResponseDecoder extends HttpResponseDecoder {

    ResponseDecoder(int maxInitialLineLength, int maxHeaderSize, int maxChunkSize) {
        super(maxInitialLineLength, maxHeaderSize, maxChunkSize);
    }

    @Override
    protected void handleTransferEncodingChunkedWithContentLength(HttpMessage message) {
        throw new DecoderException("the response has both Content-Length and Transfer-Encoding, which RFC 9112"
                + " (section 6.3) treats as an error: check the provider or the proxy in between");
    }
}
