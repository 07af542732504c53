package io.httpjson.codec.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import io.httpjson.codec.JsonCodec;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.model.ScopeModelAware;

/**
 * A Dubbo Serialization over the {@link JsonCodec} extension of the same name: the very codec singleton the
 * httpjson protocol uses, so the JSON engine is configured in one place. Not API.
 */
public abstract class AbstractJsonSerialization implements Serialization, ScopeModelAware {

    private final String codecName;
    private volatile FrameworkModel frameworkModel;
    private volatile JsonCodec codec;

    protected AbstractJsonSerialization(String codecName) {
        this.codecName = codecName;
    }

    @Override
    public void setFrameworkModel(FrameworkModel frameworkModel) {
        this.frameworkModel = frameworkModel;
    }

    /**
     * The URL's model if it has a live one, else this instance's own. Dubbo's CodecSupport keeps, for the whole JVM,
     * the Serialization instances of the model that was the default when it was first used, and the dubbo protocol
     * encodes with those: their own model may be another application's, or destroyed.
     */
    private FrameworkModel model(URL url) {
        if (url != null && url.getScopeModel() != null) {
            FrameworkModel m = url.getOrDefaultFrameworkModel();
            if (m != null && !m.isDestroyed()) {
                return m;
            }
        }
        FrameworkModel m = frameworkModel;
        return m != null && !m.isDestroyed() ? m : FrameworkModel.defaultModel();
    }

    private JsonCodec codec(URL url) {
        JsonCodec c = codec;
        if (c == null) {
            c = model(url).getExtensionLoader(JsonCodec.class).getExtension(codecName);
            codec = c;
        }
        return c;
    }

    @Override
    public String getContentType() {
        return "text/json";
    }

    @Override
    public ObjectOutput serialize(URL url, OutputStream output) throws IOException {
        return new JsonObjectOutput(codec(url), output);
    }

    @Override
    public ObjectInput deserialize(URL url, InputStream input) throws IOException {
        return new JsonObjectInput(codec(url), input, model(url));
    }
}
