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
