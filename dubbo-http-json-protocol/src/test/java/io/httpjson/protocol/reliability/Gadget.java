package io.httpjson.protocol.reliability;

/**
 * A class no request may ever load: its static initializer (and constructor) flips {@link GadgetFlag}. Payloads
 * name it in {@code @type} and in headers; the tests assert the flag is still down.
 */
public class Gadget {

    static {
        GadgetFlag.initialized = true;
    }

    public String command;

    public Gadget() {
        GadgetFlag.constructed = true;
    }

    public void setCommand(String command) {
        GadgetFlag.constructed = true;
        this.command = command;
    }
}
