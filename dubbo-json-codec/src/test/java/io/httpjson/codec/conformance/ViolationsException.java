package io.httpjson.codec.conformance;

import java.util.List;
import java.util.Set;

/**
 * As a validation exception: a set of objects known only by their interface (which JSON reads only as null), next
 * to fields that read back.
 */
public class ViolationsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public final Set<CharSequence> violations;
    public final Runnable action;
    public final List<Model.Foo> foos;
    public final int code;

    public ViolationsException(String message, Set<CharSequence> violations, int code) {
        super(message);
        this.violations = violations;
        this.action = () -> {};
        this.foos = List.of(new Model.Foo());
        this.code = code;
    }
}
