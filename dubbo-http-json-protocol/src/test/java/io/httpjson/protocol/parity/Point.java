package io.httpjson.protocol.parity;

import java.io.Serializable;

/** A plain bean argument, for generic calls. */
public class Point implements Serializable {

    private static final long serialVersionUID = 1L;

    public String name;
    public int amount;

    public Point() {}

    public Point(String name, int amount) {
        this.name = name;
        this.amount = amount;
    }
}
