package io.httpjson.demo.boot;

/** The application's own business exception, with a field of its own: a caller gets it back with that field. */
public class NameRejectedException extends Exception {

    private static final long serialVersionUID = 1L;

    private int code;

    public NameRejectedException() {}

    public NameRejectedException(String message, int code) {
        super(message);
        this.code = code;
    }

    public int getCode() {
        return code;
    }
}
