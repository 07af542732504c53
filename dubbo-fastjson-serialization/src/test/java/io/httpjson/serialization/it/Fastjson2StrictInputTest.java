package io.httpjson.serialization.it;

import io.httpjson.codec.JsonCodec;
import io.httpjson.serialization.fastjson.Fastjson2TextCodec;
import io.httpjson.serialization.fastjson.Fastjson2TextSerialization;
import org.apache.dubbo.common.serialize.Serialization;

/** The strict-input contract on the Fastjson2 engine. */
class Fastjson2StrictInputTest extends StrictInputContract {

    @Override
    JsonCodec codec() {
        return new Fastjson2TextCodec();
    }

    @Override
    Serialization serialization() {
        return new Fastjson2TextSerialization();
    }
}
