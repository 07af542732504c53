package io.httpjson.protocol.internal.server;

import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.Wire;
import io.httpjson.protocol.internal.codec.JsonScan;

/** Picks one of a method name's overloads: by the {@code Dubbo-Parameter-Types} header, else by argument count. */
final class Overloads {

    private Overloads() {}

    static MethodMeta pick(MethodMeta[] methods, String servicePath, String signature, byte[] body, int len) {
        if (signature != null) {
            return named(methods, servicePath, signature);
        }
        if (methods.length == 1) {
            return methods[0];
        }
        int first = JsonScan.firstByte(body, 0, len);
        int count = first == '[' ? JsonScan.countArrayElements(body, 0, len) : first == -1 ? 0 : 1;
        if (count < 0) {
            throw new CallError(
                    ErrorCode.BAD_REQUEST,
                    "the request body starts a JSON array that does not end (expected: the arguments of "
                            + methods[0].name() + " as one well-formed JSON array, RFC 8259)");
        }
        MethodMeta found = null;
        for (MethodMeta m : methods) {
            if (m.arity() == count) {
                if (found != null) {
                    throw new CallError(
                            ErrorCode.METHOD_NOT_FOUND,
                            "method " + m.name() + " of " + servicePath
                                    + " is overloaded with " + count + " parameters; pick one with the header "
                                    + Wire.PARAMETER_TYPES + " set to one of: " + describe(methods));
                }
                found = m;
            }
        }
        if (found == null) {
            throw new CallError(
                    ErrorCode.METHOD_NOT_FOUND,
                    "no overload of " + methods[0].name() + " of " + servicePath + " takes " + count
                            + " arguments; its overloads: " + describe(methods));
        }
        return found;
    }

    /**
     * The overload {@code Dubbo-Parameter-Types} names ({@code signature}); the method itself if it has no overload
     * (a consumer whose types differ, {@code Integer} for {@code int}, calls it as it did without the header, and its
     * arguments are read with the provider's types); a 404 if it names none of several.
     */
    static MethodMeta named(MethodMeta[] methods, String servicePath, String signature) {
        MethodMeta named = MethodMeta.named(methods, signature.replace(" ", ""));
        if (named != null) {
            return named;
        }
        if (methods.length == 1) {
            return methods[0];
        }
        throw new CallError(
                ErrorCode.METHOD_NOT_FOUND,
                Wire.PARAMETER_TYPES + ": " + signature
                        + " matches no method " + methods[0].name() + " of " + servicePath + "; its overloads: "
                        + describe(methods));
    }

    private static String describe(MethodMeta[] methods) {
        StringBuilder sb = new StringBuilder();
        for (MethodMeta m : methods) {
            sb.append(sb.length() == 0 ? "" : " | ").append(m.signature());
        }
        return sb.toString();
    }
}
