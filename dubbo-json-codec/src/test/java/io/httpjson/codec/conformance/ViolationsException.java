package io.httpjson.codec.conformance;

import java.util.List;
import java.util.Set;

/**
 * As a validation exception: a set of objects known only by a library's interface (which JSON reads only as null),
 * next to fields that read back and a field of the JDK's {@code CharSequence}.
 */
public class ViolationsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** A library's interface, as Bean Validation's ConstraintViolation. */
    public interface Violation {
        String secret();
    }

    public final Set<Violation> violations;
    public final CharSequence detail;
    public final List<Model.Foo> foos;
    public final int code;

    public ViolationsException(String message, Set<Violation> violations, int code) {
        super(message);
        this.violations = violations;
        this.detail = "a detail";
        this.foos = List.of(new Model.Foo());
        this.code = code;
    }
}
