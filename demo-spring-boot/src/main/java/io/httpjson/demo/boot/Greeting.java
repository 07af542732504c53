package io.httpjson.demo.boot;

import java.io.Serializable;

public class Greeting implements Serializable {

    private static final long serialVersionUID = 1L;

    private String message;
    private int length;

    public Greeting() {}

    public Greeting(String message) {
        this.message = message;
        this.length = message.length();
    }

    public String getMessage() {
        return message;
    }

    public void setMessage(String message) {
        this.message = message;
    }

    public int getLength() {
        return length;
    }

    public void setLength(int length) {
        this.length = length;
    }

    @Override
    public String toString() {
        return "Greeting{message='" + message + "', length=" + length + '}';
    }
}
