package io.httpjson.demo.api;

/**
 * A declared, checked business exception carrying an error code, as many Dubbo APIs have.
 * Consumers catch it by type and read {@link #getCode()}: the protocol must bring back the class,
 * the message and the code.
 */
public class UserNotFoundException extends Exception {

    private static final long serialVersionUID = 1L;

    public static final int CODE = 40401;

    private int code;

    public UserNotFoundException() {}

    public UserNotFoundException(String message, int code) {
        super(message);
        this.code = code;
    }

    public int getCode() {
        return code;
    }

    public void setCode(int code) {
        this.code = code;
    }
}
