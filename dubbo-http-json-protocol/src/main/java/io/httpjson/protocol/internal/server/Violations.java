package io.httpjson.protocol.internal.server;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The constraint violations of a Bean Validation failure ({@code validation="true"}: Dubbo's filter answers the
 * call with a {@code ConstraintViolationException}), as a caller can act on them: each one's path (the parameter or
 * field) and message. Found by class name, so Bean Validation stays optional. Not API.
 */
final class Violations {

    private static final String[] PACKAGES = {"jakarta.validation.", "javax.validation."};

    private Violations() {}

    /** {@code [{"path": "name", "message": "must not be null"}, ...]} sorted by path, or null if {@code e} is not one. */
    static List<Map<String, String>> of(Throwable e) {
        for (Class<?> c = e.getClass(); c != null && c != Throwable.class; c = c.getSuperclass()) {
            for (String p : PACKAGES) {
                if (c.getName().equals(p + "ConstraintViolationException")) {
                    return read(e, c, p);
                }
            }
        }
        return null;
    }

    private static List<Map<String, String>> read(Throwable e, Class<?> exception, String pkg) {
        List<Map<String, String>> out = new ArrayList<>();
        try {
            Set<?> set = (Set<?>) exception.getMethod("getConstraintViolations").invoke(e);
            if (set == null) {
                return out;
            }
            Class<?> violation = Class.forName(pkg + "ConstraintViolation", false, exception.getClassLoader());
            Method path = violation.getMethod("getPropertyPath");
            Method message = violation.getMethod("getMessage");
            for (Object v : set) {
                Map<String, String> one = new LinkedHashMap<>();
                one.put("path", String.valueOf(path.invoke(v)));
                one.put("message", String.valueOf(message.invoke(v)));
                out.add(one);
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError ignored) {
            // what was read so far
        }
        out.sort(Comparator.comparing((Map<String, String> m) -> m.get("path")).thenComparing(m -> m.get("message")));
        return out;
    }

    /** "name: must not be null; quantity: must be greater than or equal to 1". */
    static String summary(List<Map<String, String>> violations) {
        StringBuilder sb = new StringBuilder("invalid arguments: ");
        for (int i = 0; i < violations.size(); i++) {
            Map<String, String> v = violations.get(i);
            sb.append(i == 0 ? "" : "; ").append(v.get("path")).append(": ").append(v.get("message"));
        }
        return sb.toString();
    }
}
