package io.httpjson.serialization.fastjson;

import io.httpjson.codec.internal.AbstractJsonSerialization;

/**
 * Dubbo Serialization {@code fastjson2-text} (content type id 24, {@code text/json}): newline-framed JSON written
 * by {@link Fastjson2TextCodec}. Unlike Dubbo's own {@code fastjson2} (id 23, binary JSONB with autoType), this is
 * text JSON and never selects classes from the input.
 */
public class Fastjson2TextSerialization extends AbstractJsonSerialization {

    public static final byte ID = 24;

    public Fastjson2TextSerialization() {
        super(Fastjson2TextCodec.NAME);
    }

    @Override
    public byte getContentTypeId() {
        return ID;
    }
}
