package io.httpjson.serialization.gson;

import io.httpjson.codec.internal.AbstractJsonSerialization;

/**
 * Dubbo Serialization {@code gson-text} (content type id 26, {@code text/json}): newline-framed JSON written by
 * {@link GsonTextCodec}. Not wire-compatible with dubbo-spi-extensions' {@code gson} (id 16), which corrupts byte[].
 */
public class GsonTextSerialization extends AbstractJsonSerialization {

    public static final byte ID = 26;

    public GsonTextSerialization() {
        super(GsonTextCodec.NAME);
    }

    @Override
    public byte getContentTypeId() {
        return ID;
    }
}
