package io.httpjson.protocol.reliability;

import java.io.Serializable;

/** Like {@link Gadget}, but Serializable, so that Dubbo's checker lets it through in WARN mode (with a warning). */
public class SerializableGadget implements Serializable {
    private static final long serialVersionUID = 1L;

    static {
        GadgetFlag.initialized = true;
    }

    public String command;

    public SerializableGadget() {
        GadgetFlag.constructed = true;
    }
}
