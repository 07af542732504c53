package io.httpjson.codec;

/**
 * Input that a {@link JsonCodec} cannot read as the requested type: malformed JSON, a value of the wrong
 * kind, the wrong number of arguments. The message names the problem and where it is.
 */
public class JsonCodecException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public JsonCodecException(String message) {
        super(message);
    }

    public JsonCodecException(String message, Throwable cause) {
        super(message, cause);
    }
}
