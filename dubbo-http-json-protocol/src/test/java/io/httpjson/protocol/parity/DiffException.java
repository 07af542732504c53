package io.httpjson.protocol.parity;

/** A business exception with a double field that may not be finite (JSON has no NaN or Infinity). */
public class DiffException extends Exception {

    private static final long serialVersionUID = 1L;

    public double ratio;
    public float weight;
    public String side;
    public int code;

    public DiffException(String message, double ratio, float weight, String side, int code, Throwable cause) {
        super(message, cause);
        this.ratio = ratio;
        this.weight = weight;
        this.side = side;
        this.code = code;
    }
}
