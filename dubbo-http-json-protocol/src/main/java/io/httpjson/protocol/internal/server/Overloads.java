package io.httpjson.protocol.internal.server;

import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.Wire;
import io.httpjson.protocol.internal.codec.JsonScan;

/** Picks one of a service's overloaded methods for a call. */
final class Overloads {

    private Overloads() {}

    /**
     * The one of {@code methods} (all of one name) a call means: the overload its {@code Dubbo-Parameter-Types}
     * names, or the only one whose parameter count matches the arguments in the body.
     *
     * @throws IllegalArgumentException naming the overloads when none or several match
     */
    static MethodMeta pick(MethodMeta[] methods, String path, String signature, byte[] body, int len) {
        if (signature != null) {
            String wanted = signature.replace(" ", "");
            for (MethodMeta m : methods) {
                if (m.signature().equals(wanted) || m.simpleSignature().equals(wanted)) {
                    return m;
                }
            }
            throw new IllegalArgumentException(Wire.PARAMETER_TYPES + ": " + signature + " matches no method "
                    + methods[0].name() + " of " + path + "; its overloads: " + overloads(methods));
        }
        if (methods.length == 1) {
            return methods[0];
        }
        int first = JsonScan.firstByte(body, 0, len);
        int count = first == '[' ? JsonScan.countArrayElements(body, 0, len) : first == -1 ? 0 : 1;
        MethodMeta found = null;
        for (MethodMeta m : methods) {
            if (m.arity() == count) {
                if (found != null) {
                    throw new IllegalArgumentException("method " + m.name() + " of " + path
                            + " is overloaded with " + count + " parameters; pick one with the header "
                            + Wire.PARAMETER_TYPES + " set to one of: " + overloads(methods));
                }
                found = m;
            }
        }
        if (found == null) {
            throw new IllegalArgumentException("no overload of " + methods[0].name() + " of " + path
                    + " takes " + count + " arguments; its overloads: " + overloads(methods));
        }
        return found;
    }

    private static String overloads(MethodMeta[] methods) {
        StringBuilder sb = new StringBuilder();
        for (MethodMeta m : methods) {
            sb.append(sb.length() == 0 ? "" : " | ").append(m.signature());
        }
        return sb.toString();
    }
}
