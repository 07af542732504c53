package io.httpjson.serialization.fastjson;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.conformance.CodecContract;
import io.httpjson.codec.conformance.StrictInputContract;
import io.httpjson.codec.conformance.ThrowableJsonContract;
import org.apache.dubbo.common.serialize.Serialization;
import org.junit.jupiter.api.Nested;

/** The codec conformance kit of dubbo-json-codec, on the fastjson2-text engine. */
class Fastjson2ConformanceTest {

    @Nested
    class Codec extends CodecContract {
        @Override
        protected JsonCodec codec() {
            return new Fastjson2TextCodec();
        }
    }

    @Nested
    class StrictInput extends StrictInputContract {
        @Override
        protected JsonCodec codec() {
            return new Fastjson2TextCodec();
        }

        @Override
        protected Serialization serialization() {
            return new Fastjson2TextSerialization();
        }
    }

    @Nested
    class Throwables extends ThrowableJsonContract {
        @Override
        protected JsonCodec codec() {
            return new Fastjson2TextCodec();
        }
    }
}
