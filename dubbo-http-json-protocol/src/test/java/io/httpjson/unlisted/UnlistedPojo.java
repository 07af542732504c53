package io.httpjson.unlisted;

import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/** A parameter class that no allow-list names: each construction (not counting the caller's own) is counted. */
public class UnlistedPojo implements Serializable {
    private static final long serialVersionUID = 1L;
    public static final AtomicInteger MADE = new AtomicInteger();

    public String name;

    public UnlistedPojo() {
        MADE.incrementAndGet();
    }
}
