package io.httpjson.codec.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Base64;
import java.util.Map;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.JsonCodecException;
import io.httpjson.codec.ThrowableJson;
import org.apache.dubbo.common.beanutil.JavaBeanDescriptor;
import org.apache.dubbo.common.serialize.ObjectOutput;

/** Dubbo ObjectOutput writing one compact JSON value per line through a {@link JsonCodec}. Not API. */
public final class JsonObjectOutput implements ObjectOutput {

    /**
     * Dubbo's generic=bean passes JavaBeanDescriptors, which a text serialization cannot tell from a map: the provider
     * would fail with "Generic serialization [bean] only support message type JavaBeanDescriptor".
     */
    public static final String GENERIC_BEAN = "generic=bean is not supported by the text-JSON serializations"
            + " (fastjson2-text, gson-text): use generic=true";

    private final JsonCodec codec;
    private final OutputStream out;

    public JsonObjectOutput(JsonCodec codec, OutputStream out) {
        this.codec = codec;
        this.out = out;
    }

    private void ascii(String s) throws IOException {
        for (int i = 0, n = s.length(); i < n; i++) {
            out.write(s.charAt(i));
        }
        out.write('\n');
    }

    private void value(Object v) throws IOException {
        codec.write(v, null, out);
        out.write('\n');
    }

    @Override
    public void writeBool(boolean v) throws IOException {
        ascii(v ? "true" : "false");
    }

    @Override
    public void writeByte(byte v) throws IOException {
        ascii(Integer.toString(v));
    }

    @Override
    public void writeShort(short v) throws IOException {
        ascii(Integer.toString(v));
    }

    @Override
    public void writeInt(int v) throws IOException {
        ascii(Integer.toString(v));
    }

    @Override
    public void writeLong(long v) throws IOException {
        ascii(Long.toString(v));
    }

    @Override
    public void writeFloat(float v) throws IOException {
        value(v);
    }

    @Override
    public void writeDouble(double v) throws IOException {
        value(v);
    }

    @Override
    public void writeUTF(String v) throws IOException {
        value(v);
    }

    @Override
    public void writeBytes(byte[] v) throws IOException {
        if (v == null) {
            ascii("null");
        } else {
            ascii('"' + Base64.getEncoder().encodeToString(v) + '"');
        }
    }

    @Override
    public void writeBytes(byte[] v, int off, int len) throws IOException {
        byte[] b = new byte[len];
        System.arraycopy(v, off, b, 0, len);
        writeBytes(b);
    }

    @Override
    public void flushBuffer() throws IOException {
        out.flush();
    }

    @Override
    public void writeObject(Object obj) throws IOException {
        if (obj instanceof JavaBeanDescriptor || obj instanceof Object[] && holdsJavaBean((Object[]) obj)) {
            throw new JsonCodecException(GENERIC_BEAN);
        }
        value(obj);
    }

    /** Whether an element is a JavaBeanDescriptor, as the arguments of a generic=bean $invoke are. */
    private static boolean holdsJavaBean(Object[] values) {
        for (Object v : values) {
            if (v instanceof JavaBeanDescriptor) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void writeThrowable(Throwable obj) throws IOException {
        value(obj == null ? null : ThrowableJson.describe(obj, codec));
    }

    @Override
    public void writeEvent(String data) throws IOException {
        value(data);
    }

    @Override
    public void writeAttachments(Map<String, Object> attachments) throws IOException {
        value(attachments);
    }
}
