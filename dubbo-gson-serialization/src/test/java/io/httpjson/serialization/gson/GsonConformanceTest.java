package io.httpjson.serialization.gson;

import io.httpjson.codec.JsonCodec;
import io.httpjson.codec.conformance.CodecContract;
import io.httpjson.codec.conformance.StrictInputContract;
import io.httpjson.codec.conformance.ThrowableJsonContract;
import org.apache.dubbo.common.serialize.Serialization;
import org.junit.jupiter.api.Nested;

/** The codec conformance kit of dubbo-json-codec, on the gson-text engine. */
class GsonConformanceTest {

    @Nested
    class Codec extends CodecContract {
        @Override
        protected JsonCodec codec() {
            return new GsonTextCodec();
        }
    }

    @Nested
    class StrictInput extends StrictInputContract {
        @Override
        protected JsonCodec codec() {
            return new GsonTextCodec();
        }

        @Override
        protected Serialization serialization() {
            return new GsonTextSerialization();
        }
    }

    @Nested
    class Throwables extends ThrowableJsonContract {
        @Override
        protected JsonCodec codec() {
            return new GsonTextCodec();
        }
    }
}
