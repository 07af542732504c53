package io.httpjson.protocol.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.internal.JsonTypes;
import io.httpjson.protocol.internal.ErrorCode;
import io.httpjson.protocol.internal.MethodMeta;
import io.httpjson.protocol.internal.ServiceMeta;
import org.apache.dubbo.rpc.service.GenericService;
import org.apache.dubbo.rpc.support.ProtocolUtils;

import static org.apache.dubbo.common.constants.CommonConstants.$INVOKE;
import static org.apache.dubbo.common.constants.CommonConstants.$INVOKE_ASYNC;
import static org.apache.dubbo.common.constants.CommonConstants.GENERIC_KEY;

/**
 * Dubbo's generic call ({@code $invoke}, {@code $invokeAsync}) held to the rules of a call of the method itself,
 * before Dubbo's GenericFilter sees it. The parameter types it names must be those of one of the service's own
 * methods: GenericFilter would load, and initialise, any class named there. With Dubbo's default generic mode each
 * argument is read again by the codec as its parameter's type, by the same strict rules as a call of the method,
 * and no {@code "class"} key is accepted where GenericFilter would look for one to select a class. Other generic
 * modes ({@code bean}, {@code gson}, {@code protobuf-json}, ...) carry their arguments in their own forms, which
 * GenericFilter reads as the named method's types.
 */
final class GenericArguments {

    private GenericArguments() {}

    /** A generic call of a service that is not itself a GenericService (GenericFilter leaves those alone). */
    static boolean applies(ServiceRoute route, MethodMeta method) {
        return (method.name().equals($INVOKE) || method.name().equals($INVOKE_ASYNC))
                && !GenericService.class.isAssignableFrom(route.invoker.getInterface());
    }

    /** Checks {@code args} of a generic call ({@code name, types, values}); reads the values again in place. */
    static void check(ServiceRoute route, Object[] args, Map<String, Object> attachments) {
        String name = (String) args[0];
        String[] types = (String[]) args[1];
        Object mode = attachments.get(GENERIC_KEY);
        if (mode instanceof String && ProtocolUtils.isBeanGenericSerialization((String) mode)) {
            throw new CallError(ErrorCode.BAD_REQUEST, ServiceMeta.GENERIC_BEAN);
        }
        MethodMeta method = method(route, name, types);
        // whatever the mode, the arguments are made as the method's parameter types: as for a call of the method
        allowed(route, method);
        if (mode instanceof String && readsItsOwnWay((String) mode)) {
            return;
        }
        Object[] values = (Object[]) args[2];
        if (values == null) {
            // as Dubbo's GenericFilter takes it: every argument null
            values = new Object[method.arity()];
            args[2] = values;
        }
        int found = values.length;
        if (found != method.arity()) {
            throw new CallError(
                    ErrorCode.BAD_REQUEST,
                    "generic call of " + route.path + "." + method + ": expected " + method.arity()
                            + " argument(s) but found " + found);
        }
        for (int i = 0; i < found; i++) {
            values[i] = reread(route.codec, values[i], method.parameterTypes()[i], "generic argument " + i);
        }
    }

    /** The method's parameter types pass Dubbo's serialize allow-list, or the call is refused before any is made. */
    private static void allowed(ServiceRoute route, MethodMeta method) {
        if (route.allowList == null) {
            return;
        }
        try {
            for (Type t : method.parameterTypes()) {
                route.allowList.check(t);
            }
        } catch (JsonCodecException e) {
            throw new CallError(
                    ErrorCode.BAD_REQUEST, "generic call of " + route.path + "." + method + ": " + e.getMessage());
        }
    }

    /**
     * The generic modes whose arguments GenericFilter reads its own way. Every other value is read as the default
     * mode, with PojoUtils, which makes a map with a {@code "class"} key into that class: GenericFilter takes
     * {@code true} in any case ({@code TRUE}, {@code True}), and a blank value, as the default mode.
     */
    private static boolean readsItsOwnWay(String mode) {
        return ProtocolUtils.isBeanGenericSerialization(mode)
                || ProtocolUtils.isGsonGenericSerialization(mode)
                || ProtocolUtils.isJavaGenericSerialization(mode)
                || ProtocolUtils.isProtobufGenericSerialization(mode);
    }

    private static MethodMeta method(ServiceRoute route, String name, String[] types) {
        MethodMeta[] overloads = name == null || name.startsWith("$") ? null : route.meta.byName(name);
        if (overloads == null) {
            throw new CallError(
                    ErrorCode.METHOD_NOT_FOUND,
                    "generic call: service " + route.path + " has no method '"
                            + JsonTypes.abbreviate(String.valueOf(name))
                            + "'; its methods: "
                            + route.meta.describeMethods());
        }
        if (types == null) {
            if (overloads.length > 1) {
                throw new CallError(
                        ErrorCode.BAD_REQUEST,
                        "generic call: " + route.path + "." + name + " is overloaded: name its parameter types");
            }
            return overloads[0];
        }
        for (MethodMeta m : overloads) {
            if (named(m.parameterClasses(), types)) {
                return m;
            }
        }
        // a bridge's types (Object for a re-declared Long): the method it stands for, as GenericFilter finds it
        MethodMeta bridged = route.meta.bridged(name, classes -> named(classes, types));
        if (bridged != null) {
            return bridged;
        }
        throw new CallError(
                ErrorCode.METHOD_NOT_FOUND,
                "generic call: no method " + route.path + "." + name + " takes "
                        + JsonTypes.abbreviate(Arrays.toString(types))
                        + " (expected the parameter types of one of: " + Arrays.toString(overloads) + ")");
    }

    /** Whether each name is its class's, as Dubbo writes it ({@code long}, {@code a.B}, {@code a.B[]}). */
    private static boolean named(Class<?>[] classes, String[] names) {
        if (classes.length != names.length) {
            return false;
        }
        for (int i = 0; i < classes.length; i++) {
            String n = names[i] == null ? "" : names[i].trim();
            if (!n.equals(classes[i].getName()) && !n.equals(classes[i].getTypeName())) {
                return false;
            }
        }
        return true;
    }

    private static Object reread(JsonCodec codec, Object value, Type type, String what) {
        if (value == null) {
            return null;
        }
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(128);
            codec.write(value, null, out);
            Object typed = codec.read(out.toByteArray(), 0, out.size(), type);
            refuseClassKeys(typed, what);
            return typed;
        } catch (JsonCodecException | IOException e) {
            throw new CallError(ErrorCode.BAD_REQUEST, what + " (" + type.getTypeName() + "): " + e.getMessage());
        } catch (LinkageError | AssertionError e) {
            // the parameter's class failed to initialize, or its constructor asserted: the provider's fault, answered
            // as for a call of the method itself
            throw new CallError(ErrorCode.SERVER_ERROR, what + " (" + type.getTypeName() + ") could not be made: " + e);
        }
    }

    /** GenericFilter makes a map with a string {@code "class"} into an instance of that class: not from HTTP. */
    private static void refuseClassKeys(Object v, String what) {
        if (v instanceof Map<?, ?> map) {
            if (map.get("class") instanceof String) {
                throw new CallError(
                        ErrorCode.BAD_REQUEST,
                        what + ": a \"class\" key would select a class; httpjson never selects classes from JSON");
            }
            map.values().forEach(e -> refuseClassKeys(e, what));
        } else if (v instanceof Collection<?> c) {
            c.forEach(e -> refuseClassKeys(e, what));
        } else if (v instanceof Object[] a) {
            Arrays.stream(a).forEach(e -> refuseClassKeys(e, what));
        }
    }
}
