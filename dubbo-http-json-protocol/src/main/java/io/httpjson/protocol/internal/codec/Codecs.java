package io.httpjson.protocol.internal.codec;

import java.util.Locale;

import io.httpjson.codec.JsonCodec;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.ExtensionLoader;
import org.apache.dubbo.rpc.model.FrameworkModel;

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
            throw new IllegalArgumentException("serialization: " + url.getParameter("serialization")
                    + " (expected: one of " + loader.getSupportedExtensions()
                    + "; httpjson speaks JSON only). Remove the serialization setting of the httpjson protocol or"
                    + " name a JSON one; see docs/configuration.md");
        }
        return loader.getExtension(name);
    }
}
