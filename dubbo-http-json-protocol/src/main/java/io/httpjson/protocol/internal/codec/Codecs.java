package io.httpjson.protocol.internal.codec;

import java.util.Locale;

import io.httpjson.codec.JsonCodec;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.rpc.model.FrameworkModel;

import static org.apache.dubbo.common.constants.CommonConstants.PROVIDER_SIDE;

/** Picks the {@link JsonCodec} named by a URL's {@code serialization} parameter. */
public final class Codecs {

    /** The faster engine, used when the URL names none. */
    public static final String DEFAULT = "fastjson2-text";

    private Codecs() {}

    /** The extension name for a serialization value, accepting the short names users type. */
    public static String codecName(String serialization) {
        if (serialization == null || serialization.isBlank()) {
            return DEFAULT;
        }
        String s = serialization.trim().toLowerCase(Locale.ROOT);
        switch (s) {
            case "fastjson2":
            case "fastjson":
            case "fastjson2-text":
            case "json":
                return "fastjson2-text";
            case "gson":
            case "gson-text":
                return "gson-text";
            default:
                return s;
        }
    }

    /** Whether httpjson has an engine for this serialization value (none named: the default). */
    public static boolean isJson(String serialization, FrameworkModel model) {
        return model.getExtensionLoader(JsonCodec.class).hasExtension(codecName(serialization));
    }

    /**
     * For a consumer: the engine the URL names; for a reference that did not ask for httpjson ({@code foreign}), the
     * default engine in place of a serialization httpjson does not speak, which is meant for its other protocols'
     * providers (both engines write the same JSON, so the provider's reads it).
     */
    public static JsonCodec forReference(URL url, FrameworkModel model, boolean foreign) {
        ExtensionLoader<JsonCodec> loader = model.getExtensionLoader(JsonCodec.class);
        String fallback = fallback(model);
        // not through the URL: a registry's address URL reads the consumer's own serialization before its own
        if (foreign && !isJson(url.getParameter("serialization"), model) && loader.hasExtension(fallback)) {
            return loader.getExtension(fallback);
        }
        return forUrl(url, model);
    }

    /** The engine a reference that did not ask for httpjson uses in place of a foreign serialization. */
    public static String fallback(FrameworkModel model) {
        ExtensionLoader<JsonCodec> loader = model.getExtensionLoader(JsonCodec.class);
        // the default, or the engine that is there (an application may have only gson-text's jar)
        return loader.hasExtension(DEFAULT)
                ? DEFAULT
                : loader.getSupportedExtensions().stream().findFirst().orElse(DEFAULT);
    }

    public static JsonCodec forUrl(URL url, FrameworkModel model) {
        String name = codecName(url.getParameter("serialization"));
        ExtensionLoader<JsonCodec> loader = model.getExtensionLoader(JsonCodec.class);
        if (!loader.hasExtension(name)) {
            // most often a default meant for the dubbo protocol, set on <dubbo:provider> or <dubbo:consumer>
            boolean provider = PROVIDER_SIDE.equals(url.getSide());
            String where = provider
                    ? "on the httpjson protocol (<dubbo:protocol name=\"httpjson\" serialization=\"" + DEFAULT
                            + "\"/>) or on the service"
                    : "on the reference (<dubbo:reference serialization=\"" + DEFAULT + "\"/>)";
            throw new IllegalArgumentException("serialization: " + url.getParameter("serialization")
                    + " (expected: one of " + loader.getSupportedExtensions() + "; httpjson speaks JSON only). Set"
                    + " serialization=" + DEFAULT + " (or gson-text) " + where + ": it overrides a default such as"
                    + " <dubbo:" + (provider ? "provider" : "consumer") + " serialization=\"hessian2\"/> meant for"
                    + " the dubbo protocol; see docs/configuration.md");
        }
        return loader.getExtension(name);
    }
}
